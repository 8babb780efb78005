import { Anchor, Badge, Box, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatDateTime, type FindingChange } from '@burgwall/shared';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/data-states';
import { useApiQuery } from '../../lib/api-query';
import { CriticalityBadge } from './criticality';
import { getFindingChanges } from './ioe-api';

function ChangeList({ clientId, items, count, kind }: { clientId: string; items: readonly FindingChange[]; count: number; kind: 'new' | 'resolved' }) {
  const isNew = kind === 'new';
  return (
    <Stack gap={6} data-testid={isNew ? 'changes-new' : 'changes-resolved'}>
      <Group gap="xs">
        <ThemeIcon size="sm" variant="light" color={isNew ? 'red' : 'green'}>
          {isNew ? <IconAlertTriangle size={14} /> : <IconCircleCheck size={14} />}
        </ThemeIcon>
        <Text fw={600} fz="sm">
          {isNew ? 'Neu' : 'Behoben'}
        </Text>
        <Badge variant="light" color={isNew ? (count > 0 ? 'red' : 'gray') : count > 0 ? 'green' : 'gray'}>
          {count.toLocaleString('de-DE')}
        </Badge>
      </Group>
      {items.length === 0 && (
        <Text fz="sm" c="dimmed">
          {isNew ? 'Keine neuen Befunde.' : 'Nichts behoben.'}
        </Text>
      )}
      {items.map((item) => (
        <Group key={`${item.ioeType}/${item.objectKey}`} gap="xs" wrap="nowrap" align="flex-start">
          <Box style={{ flexShrink: 0 }}>
            <CriticalityBadge criticality={item.criticality} />
          </Box>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.objectName}
            </Text>
            <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${item.ioeType}`} fz="xs" c="dimmed">
              {item.title}
            </Anchor>
          </Stack>
        </Group>
      ))}
      {count > items.length && (
        <Text fz="xs" c="dimmed">
          und {(count - items.length).toLocaleString('de-DE')} weitere
        </Text>
      )}
    </Stack>
  );
}

/** „Seit der letzten Prüfung“: finding objects that appeared or went away with the newest directory data. */
export function CheckChangesCard({ clientId }: { clientId: string }) {
  const changes = useApiQuery(getFindingChanges(clientId));
  const data = changes.data;
  return (
    <Card withBorder padding="lg" data-testid="check-changes">
      <Text fw={600}>Seit der letzten Prüfung</Text>
      {data?.previousCheckAt && (
        <Text fz="xs" c="dimmed" mb="sm">
          Prüfung vom {formatDateTime(data.currentCheckAt)} im Vergleich zur Prüfung vom {formatDateTime(data.previousCheckAt)}
        </Text>
      )}
      {changes.errorMessage && <ErrorState message={changes.errorMessage} onRetry={() => void changes.refetch()} />}
      {!data && !changes.errorMessage && <Skeleton h={80} mt="sm" />}
      {data && !data.previousCheckAt && (
        <Text fz="sm" c="dimmed" mt="xs">
          Der Vergleich erscheint, sobald der Collector neue Verzeichnisdaten übertragen hat und sie ausgewertet sind.
        </Text>
      )}
      {data?.previousCheckAt && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ChangeList clientId={clientId} items={data.new} count={data.newCount} kind="new" />
          <ChangeList clientId={clientId} items={data.resolved} count={data.resolvedCount} kind="resolved" />
        </SimpleGrid>
      )}
    </Card>
  );
}
