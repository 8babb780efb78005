import { type AdminLogRow, formatDateTime } from '@burgwall/shared';
import { Code, Drawer, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { ErrorState, LoadingState } from '../../components/data-states';
import { useApiQueryWhen } from '../../lib/query/api-query-when';
import { formatBytes, getAdminLog } from './admin-logs-api';

/** The text of one collector log, loaded when the drawer opens. */
export function LogDrawer({ log, onClose }: { log: AdminLogRow | null; onClose: () => void }) {
  const detail = useApiQueryWhen(log ? getAdminLog(log.clientId, log.logId) : null);
  return (
    <Drawer opened={log !== null} onClose={onClose} position="right" size="xl" title={log ? `Protokoll ${log.logName}` : ''}>
      {log && (
        <Stack gap="sm">
          <Group gap="lg">
            <Text size="sm">
              <Text span c="dimmed">Kunde: </Text>
              {log.clientName}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">Dienstleister: </Text>
              {log.providerName}
            </Text>
          </Group>
          <Group gap="lg">
            <Text size="sm">
              <Text span c="dimmed">Empfangen: </Text>
              {formatDateTime(log.receivedAt)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">Größe: </Text>
              {formatBytes(log.bytes)}
            </Text>
          </Group>
          {detail.isPending && <LoadingState label="Protokoll wird geladen …" />}
          {detail.errorMessage && <ErrorState message={detail.errorMessage} onRetry={() => void detail.refetch()} />}
          {detail.data && (
            <ScrollArea.Autosize mah="calc(100vh - 200px)" type="auto">
              <Code block data-testid="log-content" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {detail.data.content}
              </Code>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
