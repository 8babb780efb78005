import { type AdminLogFilter, type AdminLogRow, formatDateTime } from '@burgwall/shared';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { type ListColumn, ListTable } from '../../components/list-table';
import { formatBytes, useAdminLogs } from './admin-logs-api';
import { LogDrawer } from './log-drawer';

const COLUMNS: ListColumn<AdminLogRow>[] = [
  { accessorKey: 'receivedAt', header: 'Zeitpunkt', sortDescFirst: true, cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.original.receivedAt)}</span> },
  { accessorKey: 'clientName', header: 'Kunde', cell: ({ row }) => <Text fw={600} size="sm">{row.original.clientName}</Text> },
  { accessorKey: 'providerName', header: 'Dienstleister' },
  { accessorKey: 'logName', header: 'Protokoll', cell: ({ row }) => <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>{row.original.logName}</Text> },
  { accessorKey: 'bytes', header: 'Größe', cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{formatBytes(row.original.bytes)}</span> },
];

/** Collector logs matching the filter, newest first (sortable by any column); a click opens the log text. */
export function LogTable({ filter, emptyText }: { filter: AdminLogFilter; emptyText: string }) {
  const logs = useAdminLogs(filter);
  const [open, setOpen] = useState<AdminLogRow | null>(null);

  return (
    <>
      {logs.isPending && <LoadingState label="Protokolle werden geladen …" />}
      {logs.errorMessage && <ErrorState message={logs.errorMessage} onRetry={() => void logs.refetch()} />}
      {logs.isSuccess && !logs.isPlaceholderData && logs.rows.length === 0 && <EmptyState title="Keine Protokolle">{emptyText}</EmptyState>}
      {logs.rows.length > 0 && (
        <ListTable
          rows={logs.rows}
          columns={COLUMNS}
          rowId={(row) => `${row.clientId}/${row.logId}`}
          label="Protokolle"
          minWidth={720}
          emptyText={emptyText}
          onRowClick={setOpen}
          searchText={(row) => `${row.clientName} ${row.providerName} ${row.logName}`}
          searchPlaceholder="Geladene Protokolle nach Kunde oder Name filtern …"
        />
      )}
      {logs.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="light" loading={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()}>
            Weitere laden
          </Button>
        </Group>
      )}
      <LogDrawer log={open} onClose={() => setOpen(null)} />
    </>
  );
}
