import { formatDateTime } from '@burgwall/shared';
import { Card, Code, Group, Stack, Text } from '@mantine/core';
import { SeverityBadge } from '../../components/severity-badge';
import type { IoaEvent } from './ioa-queries';

/** Phones: four columns do not fit 390 px, so each event is a stacked card (same test ids as the table rows). */
export function SecurityLogCards({ events, freshIds }: { events: IoaEvent[]; freshIds: ReadonlySet<string> }) {
  return (
    <Stack gap="xs" data-testid="security-log-table">
      {events.map((event) => (
        <Card key={event.id} withBorder padding="sm" radius="sm" data-testid="security-log-row" bg={freshIds.has(event.id) ? 'var(--mantine-color-yellow-light)' : undefined}>
          <Group justify="space-between" gap="xs" mb={4} wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600}>
              {formatDateTime(event.occurredAt)}
            </Text>
            <SeverityBadge severity={event.severity} />
          </Group>
          <Text size="sm" fw={600}>
            {event.detectorTitle}
          </Text>
          {/* Titles quote DNs without spaces: let them wrap anywhere instead of running out of the card. */}
          <Text size="sm" mb={4} style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Text>
          <Code style={{ wordBreak: 'break-all' }}>{event.distinguishedName}</Code>
        </Card>
      ))}
    </Stack>
  );
}
