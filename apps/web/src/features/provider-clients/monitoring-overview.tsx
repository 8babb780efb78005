import { formatDateTime, type ProviderOverview } from '@burgwall/shared';
import { Anchor, Badge, Card, Grid, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconActivity, IconAlertTriangle, IconArrowDownRight, IconArrowUpRight, IconPlugConnectedX } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/data-states';
import { useApiQuery } from '../../lib/api-query';
import { getProviderOverview } from './provider-clients-api';

const GradeChart = lazy(() => import('./grade-chart'));

const SEVERITY = {
  critical: { label: 'Kritisch', colour: 'red' },
  high: { label: 'Hoch', colour: 'orange' },
  medium: { label: 'Mittel', colour: 'yellow' },
  low: { label: 'Niedrig', colour: 'blue' },
  info: { label: 'Info', colour: 'gray' },
} as const;

const scoreColour = (score: number | null) => (score === null ? 'gray' : score >= 85 ? 'green' : score >= 70 ? 'yellow' : 'red');

function Section({ title, icon, colour, count, testId, children }: { title: string; icon: ReactNode; colour: string; count?: number; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" h="100%" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color={colour} size="md">
            {icon}
          </ThemeIcon>
          <Text fw={600} truncate>
            {title}
          </Text>
        </Group>
        {count !== undefined && (
          <Badge variant="light" color={count > 0 ? colour : 'gray'}>
            {count.toLocaleString('de-DE')}
          </Badge>
        )}
      </Group>
      {children}
    </Card>
  );
}

/** One linked line of a section: the client's name (cut with an ellipsis, never wider than the card) and a detail. */
function ClientLine({ to, name, detail, extra }: { to: string; name: string; detail: ReactNode; extra?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={to} fz="sm" fw={600} truncate>
          {name}
        </Anchor>
        <Text fz="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      </Stack>
      {extra}
    </Group>
  );
}

function AverageCard({ overview }: { overview: ProviderOverview }) {
  const { averageScore: now, averageScoreLastWeek: before } = overview;
  const delta = now !== null && before !== null ? now - before : null;
  return (
    <Card withBorder padding="md" h="100%" data-testid="average-card">
      <Text fw={600}>Durchschnittliche Bewertung</Text>
      <Group align="baseline" gap="sm" mt="xs">
        <Text fz={44} fw={750} lh={1} c={`${scoreColour(now)}.7`} data-testid="average-score">
          {now ?? '–'}
        </Text>
        <Text c="dimmed">von 100</Text>
      </Group>
      {delta !== null && (
        <Badge
          mt="sm"
          variant="light"
          size="lg"
          tt="none"
          color={delta > 0 ? 'green' : delta < 0 ? 'red' : 'gray'}
          leftSection={delta >= 0 ? <IconArrowUpRight size={14} /> : <IconArrowDownRight size={14} />}
          data-testid="average-trend"
        >
          {delta > 0 ? `+${delta}` : delta} ggü. Vorwoche ({before})
        </Badge>
      )}
      <Text fz="xs" c="dimmed" mt="sm">
        {overview.scoredCount} von {overview.clientCount} Kunden bewertet
      </Text>
    </Card>
  );
}

function AtRiskCard({ overview }: { overview: ProviderOverview }) {
  return (
    <Section title="Kunden mit Handlungsbedarf" icon={<IconAlertTriangle size={16} />} colour="red" count={overview.atRisk.length} testId="clients-at-risk">
      {overview.atRisk.length === 0 && <Text fz="sm" c="dimmed">Kein Kunde mit offenen kritischen Befunden oder fallender Bewertung.</Text>}
      <Stack gap="xs">
        {overview.atRisk.map((client) => {
          const drop = client.scoreLastWeek !== null && client.score !== null ? client.scoreLastWeek - client.score : 0;
          const reasons = [
            client.openCriticalFindings > 0 && `${client.openCriticalFindings} offene kritische ${client.openCriticalFindings === 1 ? 'Befund' : 'Befunde'}`,
            drop > 0 && `−${drop} Punkte seit letzter Woche`,
          ].filter(Boolean);
          return (
            <ClientLine
              key={client.clientId}
              to={`/client/${client.clientId}/dashboard`}
              name={client.name}
              detail={reasons.join(' · ')}
              extra={
                <Badge variant="filled" color={scoreColour(client.score)} miw={44} style={{ flexShrink: 0 }}>
                  {client.score ?? '–'}
                </Badge>
              }
            />
          );
        })}
      </Stack>
    </Section>
  );
}

function OfflineCard({ overview }: { overview: ProviderOverview }) {
  return (
    <Section title="Collector ohne Kontakt" icon={<IconPlugConnectedX size={16} />} colour="orange" count={overview.collectorsOffline.length} testId="collectors-silent">
      {overview.collectorsOffline.length === 0 && <Text fz="sm" c="dimmed">Alle Collectoren haben sich in den letzten 4 Stunden gemeldet.</Text>}
      <Stack gap="xs">
        {overview.collectorsOffline.map((client) => (
          <ClientLine
            key={client.clientId}
            to={`/client/${client.clientId}/settings`}
            name={client.name}
            detail={client.lastContactAt ? `Seit über 4 Stunden still · letzter Kontakt ${formatDateTime(client.lastContactAt)}` : 'Noch nie gemeldet'}
          />
        ))}
      </Stack>
    </Section>
  );
}

function IoaCard({ overview }: { overview: ProviderOverview }) {
  const { count, latest } = overview.newIoas;
  return (
    <Section title="Neue Angriffe (24 Std.)" icon={<IconActivity size={16} />} colour="grape" count={count} testId="new-ioas">
      {count === 0 && <Text fz="sm" c="dimmed">Keine Angriffe in den letzten 24 Stunden.</Text>}
      <Stack gap="xs">
        {latest.map((ioa, index) => (
          <ClientLine
            key={`${ioa.clientId}-${index}`}
            to={`/client/${ioa.clientId}/ioa`}
            name={ioa.name}
            detail={`${ioa.title} · ${formatDateTime(ioa.occurredAt)}`}
            extra={
              <Badge variant="light" color={SEVERITY[ioa.severity].colour} style={{ flexShrink: 0 }}>
                {SEVERITY[ioa.severity].label}
              </Badge>
            }
          />
        ))}
      </Stack>
      {count > latest.length && (
        <Text fz="xs" c="dimmed" mt="xs">
          und {(count - latest.length).toLocaleString('de-DE')} weitere
        </Text>
      )}
    </Section>
  );
}

/**
 * The provider's morning overview above the client cards: average score and its trend, clients by grade, clients
 * needing attention, silent collectors and the day's attacks, each linking into the client.
 */
export function MonitoringOverview({ providerId }: { providerId: string }) {
  const query = useApiQuery(getProviderOverview(providerId));
  if (query.errorMessage) return <ErrorState message={query.errorMessage} onRetry={() => void query.refetch()} />;
  const overview = query.data;
  if (!overview) return <Skeleton h={220} mb="lg" />;
  if (overview.clientCount === 0) return null;
  return (
    <Grid mb="lg" data-testid="monitoring-summary">
      <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
        <AverageCard overview={overview} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
        <Card withBorder padding="md" h="100%" data-testid="grade-card">
          <Text fw={600} mb="xs">
            Kunden nach Note
          </Text>
          <Suspense fallback={<Skeleton h={150} />}>
            <GradeChart byGrade={overview.byGrade} />
          </Suspense>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <AtRiskCard overview={overview} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <IoaCard overview={overview} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <OfflineCard overview={overview} />
      </Grid.Col>
    </Grid>
  );
}
