import { Anchor, Badge, Box, Button, Card, Group, RingProgress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime } from '@burgwall/shared';
import { IconFileTypePdf, IconRefresh } from '@tabler/icons-react';
import { downloadReport } from '../../components/report-download';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { CATEGORY_LABEL, CRITICALITY_COLOUR, CRITICALITY_LABEL, CRITICALITY_ORDER, CRITICALITY_RANK, CriticalityBadge } from './criticality';
import type { IoeState, IoeStates } from '@burgwall/shared';
import { getIoeStates, getScoreHistory, rescan } from './ioe-api';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { useQueuedEvaluation } from './use-queued-evaluation';
import { errorText } from '../../lib/api-query';
import { DirectoryBadge } from '../../components/directory-badge';
import { CheckChangesCard } from './check-changes-card';
import { ScoreActionsCard } from './score-actions-card';
import type { CategoryRow } from './findings-charts';

const ScoreTrendChart = lazy(() => import('./score-trend-chart'));
// Only a client without an evaluation needs the onboarding steps: they stay out of the dashboard's first load.
const OnboardingCard = lazy(() => import('./onboarding-card').then((module) => ({ default: module.OnboardingCard })));
const CriticalityDonut = lazy(() => import('./findings-charts').then((module) => ({ default: module.CriticalityDonut })));
const CategoryBars = lazy(() => import('./findings-charts').then((module) => ({ default: module.CategoryBars })));

/** What changes after a new evaluation: everything the dashboard shows. */
const DASHBOARD_OPERATIONS = ['getIoeStates', 'getScoreHistory', 'getFindingChanges', 'getScoreActions'] as const;

const MANTINE_COLOUR = { green: 'green', yellow: 'yellow', red: 'red', neutral: 'gray' } as const;
const open = (ioe: IoeState) => (ioe.isActive && !ioe.skippedReason ? ioe.totalFindingsCount - ioe.totalExceptionsCount : 0);

function ScoreCard({ states }: { states: IoeStates }) {
  const score = states.score;
  const colour = MANTINE_COLOUR[score?.colour ?? 'neutral'];
  return (
    <Card withBorder padding="lg" data-testid="score-card">
      <Text fw={600} mb="sm">
        Sicherheitsbewertung
      </Text>
      <Group wrap="nowrap" align="center">
        <RingProgress
          size={150}
          thickness={14}
          roundCaps
          sections={[{ value: score?.score ?? 0, color: colour }]}
          label={
            <Stack gap={0} align="center">
              <Text fz={34} fw={700} lh={1} data-testid="score-value" c={colour}>
                {score ? score.score : '–'}
              </Text>
              <Text fz="xs" c="dimmed">
                von 100
              </Text>
            </Stack>
          }
        />
        <Stack gap={6}>
          <Group gap="xs">
            <Text fz="sm">Note</Text>
            <Badge size="xl" color={colour} data-testid="score-grade" data-colour={score?.colour ?? 'neutral'}>
              {score?.grade ?? '-'}
            </Badge>
          </Group>
          <Text fz="xs" c="dimmed">
            {states.lastEvaluatedAt ? `Ausgewertet am ${formatDateTime(states.lastEvaluatedAt)}` : 'Noch keine Auswertung'}
          </Text>
          <Text fz="xs" c="dimmed">
            Ab 85 grün, ab 70 gelb, darunter rot. Ein offener kritischer Befund begrenzt die Bewertung auf 69.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function CriticalityCard({ states }: { states: IoeStates }) {
  const counts = CRITICALITY_ORDER.map((criticality) => ({
    criticality,
    ioes: states.ioe.filter((ioe) => ioe.criticality === criticality && open(ioe) > 0).length,
  }));
  return (
    <Card withBorder padding="lg" data-testid="criticality-card">
      <Text fw={600} mb="sm">
        Schwachstellen nach Kritikalität
      </Text>
      <Group wrap="nowrap" gap="md" align="center">
        <Box w={132} h={132} style={{ flexShrink: 0 }} visibleFrom="xs">
          <Suspense fallback={<Skeleton circle h={132} />}>
            <CriticalityDonut counts={counts.map(({ criticality, ioes }) => ({ criticality, count: ioes }))} />
          </Suspense>
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          {counts.map(({ criticality, ioes }) => (
            <Group key={criticality} justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={8} wrap="nowrap">
                <Box w={10} h={10} bg={`${CRITICALITY_COLOUR[criticality]}.6`} style={{ borderRadius: 3, flexShrink: 0 }} />
                <Text fz="sm">{CRITICALITY_LABEL[criticality]}</Text>
              </Group>
              <Text fz="lg" fw={700} c={ioes > 0 ? `${CRITICALITY_COLOUR[criticality]}.7` : 'dimmed'} data-testid={`count-${criticality}`}>
                {ioes}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Card>
  );
}

function CollectorCard({ states, clientId }: { states: IoeStates; clientId: string }) {
  const mutation = useApiMutation(() => rescan(clientId), DASHBOARD_OPERATIONS);
  // A large domain's rescan is queued (202); when it has landed, the cards that read other operations (history,
  // changes, actions) load its results too.
  const evaluation = useQueuedEvaluation(clientId, states.lastEvaluatedAt, DASHBOARD_OPERATIONS);
  const waiting = evaluation.waiting;
  const run = () =>
    mutation.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status === 'queued') {
          evaluation.queued();
          notify({ type: 'success', title: 'Auswertung gestartet', text: result.message, id: 'rescan-queued' });
        } else notify({ type: 'success', title: 'Neu ausgewertet', text: `Aktuelle Bewertung: ${result.score} Punkte.` });
      },
      onError: (error) => notify({ type: 'error', title: 'Auswertung nicht möglich', text: errorText(error) }),
    });
  const badge = (connected: boolean, detail?: string | null) => (
    <Badge color={connected ? 'green' : 'gray'} variant="light">
      {connected ? `Verbunden${detail ? ` · ${detail}` : ''}` : 'Nicht verbunden'}
    </Badge>
  );
  const entraPlan = states.entraPlan === 'none' ? 'ohne Premium' : states.entraPlan ? `Entra ID ${states.entraPlan}` : null;
  return (
    <Card withBorder padding="lg">
      <Text fw={600} mb="sm">
        Datenquellen
      </Text>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fz="sm">Active Directory</Text>
          {badge(states.adConnected)}
        </Group>
        <Group justify="space-between">
          <Text fz="sm">Entra ID</Text>
          {badge(states.entraConnected, entraPlan)}
        </Group>
        <Text fz="xs" c="dimmed">
          Letzte Auswertung: {formatDateTime(states.lastEvaluatedAt)}
        </Text>
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={run} loading={mutation.isPending || waiting} disabled={!states.lastEvaluatedAt}>
          Jetzt neu auswerten
        </Button>
        {waiting && (
          <Text fz="xs" c="dimmed" data-testid="evaluation-running">
            Die Auswertung läuft im Hintergrund.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function TopFindings({ states, clientId }: { states: IoeStates; clientId: string }) {
  const top = states.ioe
    .filter((ioe) => open(ioe) > 0)
    .sort((a, b) => CRITICALITY_RANK[a.criticality] - CRITICALITY_RANK[b.criticality] || b.scoreImpact - a.scoreImpact)
    .slice(0, 8);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Wichtigste Befunde</Text>
        <Anchor component={Link} to={`/client/${clientId}/ioe`} fz="sm">
          Alle Schwachstellen
        </Anchor>
      </Group>
      {top.length === 0 ? (
        <EmptyState title="Keine offenen Befunde">Alle aktiven Prüfungen sind bestanden oder mit Ausnahmen versehen.</EmptyState>
      ) : (
        <Table verticalSpacing="xs" data-testid="top-findings">
          <Table.Tbody>
            {top.map((ioe) => (
              <Table.Tr key={ioe.ioeIdPk}>
                {/* A long check title must not squeeze the badge on a phone: its label would be cut. */}
                <Table.Td w={100} miw={104}>
                  <CriticalityBadge criticality={ioe.criticality} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <DirectoryBadge directory={ioe.directory} size="xs" />
                    <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${ioe.ioeType}`} fz="sm" fw={600}>
                      {ioe.title}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td ta="right" fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
                  {open(ioe)} {open(ioe) === 1 ? 'Objekt' : 'Objekte'}
                </Table.Td>
                <Table.Td ta="right" fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  −{ioe.scoreImpact}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** Open checks per category of the check catalogue, stacked by (effective) criticality. */
function CategoryCard({ states }: { states: IoeStates }) {
  const KEY = { critical: 'Kritisch', high: 'Hoch', medium: 'Mittel', low: 'Niedrig' } as const;
  const rows = new Map<string, CategoryRow>();
  for (const ioe of states.ioe.filter((entry) => open(entry) > 0)) {
    const label = CATEGORY_LABEL[ioe.category] ?? ioe.category;
    const row = rows.get(label) ?? { Kategorie: label, Kritisch: 0, Hoch: 0, Mittel: 0, Niedrig: 0 };
    row[KEY[ioe.criticality]] += 1;
    rows.set(label, row);
  }
  const total = (row: CategoryRow) => row.Kritisch + row.Hoch + row.Mittel + row.Niedrig;
  // Categories with critical checks first, then the most open checks.
  const sorted = [...rows.values()].sort((a, b) => b.Kritisch - a.Kritisch || total(b) - total(a));
  return (
    <Card withBorder padding="lg" data-testid="category-card">
      <Text fw={600} mb="sm">
        Schwachstellen nach Kategorie
      </Text>
      {sorted.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Keine offenen Schwachstellen.
        </Text>
      ) : (
        <Suspense fallback={<Skeleton h={200} />}>
          <CategoryBars rows={sorted} />
        </Suspense>
      )}
    </Card>
  );
}

function HistoryCard({ clientId }: { clientId: string }) {
  const history = useApiQuery(getScoreHistory(clientId));
  const points = (history.data?.history ?? []).map((point) => ({ datum: formatDate(point.computedAt), Bewertung: point.score }));
  return (
    <Card withBorder padding="lg" data-testid="score-history">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Verlauf der Bewertung</Text>
        <Text fz="xs" c="dimmed">
          Bänder: grün ab 85, gelb ab 70, rot darunter
        </Text>
      </Group>
      {history.errorMessage && <ErrorState message={history.errorMessage} onRetry={() => void history.refetch()} />}
      {history.data && points.length < 2 && <Text fz="sm" c="dimmed">Der Verlauf erscheint ab der zweiten Auswertung.</Text>}
      {points.length >= 2 && (
        <Suspense fallback={<Skeleton h={220} />}>
          <ScoreTrendChart points={points} />
        </Suspense>
      )}
    </Card>
  );
}

/** /client/{clientId}/dashboard: score with grade and colour, findings by criticality, top findings, history, data sources. */
export function DashboardPage() {
  const { clientId = '' } = useParams();
  const states = useApiQuery(getIoeStates(clientId));
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Sicherheitslage Ihrer Verzeichnisdienste auf einen Blick."
        actions={
          <Group gap="sm">
            <Button variant="default" component={Link} to={`/client/${clientId}/ioe/exceptions`}>
              Ausnahmen
            </Button>
            <Button leftSection={<IconFileTypePdf size={16} />} onClick={() => void downloadReport({ id: clientId })} disabled={!states.data?.lastEvaluatedAt}>
              Bericht herunterladen
            </Button>
          </Group>
        }
      />
      {states.errorMessage && <ErrorState message={states.errorMessage} onRetry={() => void states.refetch()} />}
      {states.isPending && <LoadingState />}
      {states.data && !states.data.lastEvaluatedAt && (
        <Suspense fallback={<LoadingState />}>
          <OnboardingCard clientId={clientId} adConnected={states.data.adConnected} />
        </Suspense>
      )}
      {states.data?.lastEvaluatedAt && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <ScoreCard states={states.data} />
            <CriticalityCard states={states.data} />
            <CollectorCard states={states.data} clientId={clientId} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <HistoryCard clientId={clientId} />
            <ScoreActionsCard clientId={clientId} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <CategoryCard states={states.data} />
            <CheckChangesCard clientId={clientId} />
          </SimpleGrid>
          <TopFindings states={states.data} clientId={clientId} />
          <Title order={6} c="dimmed" fw={400}>
            {states.data.ioe.filter((ioe) => ioe.isActive && !ioe.skippedReason).length} aktive Prüfungen
          </Title>
        </Stack>
      )}
    </>
  );
}
