import { Anchor, Badge, Box, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTrendingUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/data-states';
import { useApiQuery } from '../../lib/api-query';
import { CriticalityBadge } from './criticality';
import { getScoreActions } from './dashboard-api';

/** „Größter Gewinn“: the five checks whose fix raises the score most, with the score afterwards (server-computed). */
export function ScoreActionsCard({ clientId }: { clientId: string }) {
  const query = useApiQuery(getScoreActions(clientId));
  const data = query.data;
  return (
    <Card withBorder padding="lg" h="100%" data-testid="score-actions">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="green">
          <IconTrendingUp size={16} />
        </ThemeIcon>
        <Text fw={600}>Größter Gewinn für die Bewertung</Text>
      </Group>
      {query.errorMessage && <ErrorState message={query.errorMessage} onRetry={() => void query.refetch()} />}
      {!data && !query.errorMessage && <Skeleton h={160} />}
      {data && data.actions.length === 0 && (
        <Text fz="sm" c="dimmed">
          {data.score === 100
            ? 'Keine offenen Befunde: Die Bewertung ist bereits am Maximum.'
            : 'Keine einzelne Maßnahme hebt die Bewertung: Mehrere offene kritische Prüfungen begrenzen sie auf 69 – beheben Sie sie gemeinsam.'}
        </Text>
      )}
      <Stack gap="sm">
        {data?.actions.map((action, index) => (
          <Group key={action.ioeType} wrap="nowrap" gap="sm" align="flex-start" data-testid="score-action">
            <Text fw={700} c="dimmed" w={16} ta="right" style={{ flexShrink: 0 }}>
              {index + 1}
            </Text>
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${action.ioeType}`} fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {action.title}
              </Anchor>
              <Group gap={6}>
                <Box style={{ flexShrink: 0 }}>
                  <CriticalityBadge criticality={action.criticality} />
                </Box>
                <Text fz="xs" c="dimmed">
                  {action.openFindings.toLocaleString('de-DE')} {action.openFindings === 1 ? 'Objekt' : 'Objekte'} · danach {action.scoreIfFixed} Punkte
                </Text>
              </Group>
            </Stack>
            <Badge color="green" variant="light" size="lg" style={{ flexShrink: 0 }}>
              +{action.gain}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
