import { type AdminLogFilter, type AdminLogRow, formatDateTime } from '@burgwall/shared';
import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { formatBytes, useAdminLogs } from './admin-logs-api';
import { LogDrawer } from './log-drawer';

/** Collector logs matching the filter, newest first; a click opens the log text. */
export function LogTable({ filter, emptyText }: { filter: AdminLogFilter; emptyText: string }) {
  const logs = useAdminLogs(filter);
  const [open, setOpen] = useState<AdminLogRow | null>(null);
  const firstLoad = logs.loading && logs.items.length === 0;

  return (
    <>
      {firstLoad && <LoadingState label="Protokolle werden geladen …" />}
      {logs.error && <ErrorState message={logs.error} onRetry={logs.reload} />}
      {!logs.loading && !logs.error && logs.items.length === 0 && <EmptyState title="Keine Protokolle">{emptyText}</EmptyState>}
      {logs.items.length > 0 && (
        <Paper withBorder radius="lg">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Protokolle">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Zeitpunkt</Table.Th>
                <Table.Th>Kunde</Table.Th>
                <Table.Th>Dienstleister</Table.Th>
                <Table.Th>Protokoll</Table.Th>
                <Table.Th ta="right">Größe</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {logs.items.map((row) => (
                <Table.Tr
                  key={`${row.clientId}/${row.logId}`}
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  onClick={() => setOpen(row)}
                  onKeyDown={(event) => event.key === 'Enter' && setOpen(row)}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.receivedAt)}</Table.Td>
                  <Table.Td fw={600}>{row.clientName}</Table.Td>
                  <Table.Td>{row.providerName}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {row.logName}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(row.bytes)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {logs.nextCursor && (
        <Group justify="center" mt="md">
          <Button variant="light" loading={logs.loading} onClick={logs.loadMore}>
            Weitere laden
          </Button>
        </Group>
      )}
      <LogDrawer log={open} onClose={() => setOpen(null)} />
    </>
  );
}
