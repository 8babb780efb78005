import { Badge, Code, Table, Text } from '@mantine/core';
import type { WebhookDelivery } from '@burgwall/shared';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { useApiQuery } from '../../lib/api-query';
import { listWebhookDeliveries } from './alerts-api';

const STATUS: Record<WebhookDelivery['status'], { label: string; colour: string }> = {
  delivered: { label: 'Zugestellt', colour: 'green' },
  failed: { label: 'Fehlgeschlagen', colour: 'red' },
  pending: { label: 'Ausstehend', colour: 'gray' },
};

const when = (iso: string) => new Date(iso).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'medium' });

/** The last deliveries of one webhook with status, attempts and the start of the receiver's answer (refreshes itself). */
export function WebhookDeliveryLog({ providerId, webhookId }: { providerId: string; webhookId: string }) {
  const deliveries = useApiQuery(listWebhookDeliveries(providerId, webhookId), { refetchInterval: 3_000 });
  if (deliveries.isPending) return <LoadingState />;
  if (deliveries.errorMessage) return <ErrorState message={deliveries.errorMessage} onRetry={() => void deliveries.refetch()} />;
  if (!deliveries.data?.length) return <EmptyState title="Noch keine Zustellungen">Senden Sie eine Test-Nachricht, um den Empfänger zu prüfen.</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" data-testid="delivery-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Zeit</Table.Th>
            <Table.Th>Ereignis</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Versuche</Table.Th>
            <Table.Th>Antwort</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>
                <Text size="sm">{when(delivery.updatedAt)}</Text>
              </Table.Td>
              <Table.Td>{delivery.event === 'test' ? 'Test' : 'Alarm'}</Table.Td>
              <Table.Td>
                <Badge color={STATUS[delivery.status].colour} variant="light">
                  {STATUS[delivery.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td maw={260}>
                {delivery.lastStatusCode !== null && <Code>HTTP {delivery.lastStatusCode}</Code>}{' '}
                <Text span size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {delivery.lastError ?? delivery.lastResponse ?? ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
