import { Anchor, Badge, Button, Card, Group, RingProgress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime } from '@burgwall/shared';
import { IconFileTypePdf, IconRefresh } from '@tabler/icons-react';
import { downloadReport } from '../../components/report-download';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { CRITICALITY_COLOUR, CRITICALITY_LABEL, CRITICALITY_ORDER, CRITICALITY_RANK, CriticalityBadge } from './criticality';
import type { IoeState, IoeStates } from '@burgwall/shared';
import { callApi } from '../../lib/api-client';
import { getIoeStates, getScoreHistory, rescan } from './ioe-api';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { errorText, useApiData } from './use-api-data';
import { DirectoryBadge } from '../../components/directory-badge';
import { OnboardingCard } from './onboarding-card';
import { CheckChangesCard } from './check-changes-card';

const ScoreTrendChart = lazy(() => import('./score-trend-chart'));

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
      <SimpleGrid cols={2} spacing="sm">
        {counts.map(({ criticality, ioes }) => (
          <Card key={criticality} padding="sm" radius="md" bg={`var(--mantine-color-${CRITICALITY_COLOUR[criticality]}-light)`}>
            <Text fz={28} fw={700} c={CRITICALITY_COLOUR[criticality]} data-testid={`count-${criticality}`}>
              {ioes}
            </Text>
            <Text fz="sm">{CRITICALITY_LABEL[criticality]}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function CollectorCard({ states, clientId, onRescanned }: { states: IoeStates; clientId: string; onRescanned: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = await callApi(rescan(clientId));
      notify({ type: 'success', title: 'Neu ausgewertet', text: `Aktuelle Bewertung: ${result.score} Punkte.` });
      onRescanned();
    } catch (error) {
      notify({ type: 'error', title: 'Auswertung nicht möglich', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
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
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => void run()} loading={busy} disabled={!states.lastEvaluatedAt}>
          Jetzt neu auswerten
        </Button>
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

function HistoryCard({ clientId, version }: { clientId: string; version: string }) {
  const history = useApiData(`${clientId}/${version}`, () => callApi(getScoreHistory(clientId)));
  const points = (history.data?.history ?? []).map((point) => ({ datum: formatDate(point.computedAt), Bewertung: point.score }));
  return (
    <Card withBorder padding="lg">
      <Text fw={600} mb="sm">
        Verlauf der Bewertung
      </Text>
      {history.error && <ErrorState message={history.error} onRetry={history.reload} />}
      {!history.error && points.length < 2 && <Text fz="sm" c="dimmed">Der Verlauf erscheint ab der zweiten Auswertung.</Text>}
      {points.length >= 2 && (
        <Suspense fallback={<Skeleton h={200} />}>
          <ScoreTrendChart points={points} />
        </Suspense>
      )}
    </Card>
  );
}

/** /client/{clientId}/dashboard: score with grade and colour, findings by criticality, top findings, history, data sources. */
export function DashboardPage() {
  const { clientId = '' } = useParams();
  const states = useApiData(clientId, () => callApi(getIoeStates(clientId)));
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
      {states.error && <ErrorState message={states.error} onRetry={states.reload} />}
      {states.loading && !states.data && <LoadingState />}
      {states.data && !states.data.lastEvaluatedAt && <OnboardingCard clientId={clientId} adConnected={states.data.adConnected} />}
      {states.data?.lastEvaluatedAt && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <ScoreCard states={states.data} />
            <CriticalityCard states={states.data} />
            <CollectorCard states={states.data} clientId={clientId} onRescanned={states.reload} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <TopFindings states={states.data} clientId={clientId} />
            <Stack gap="md">
              <CheckChangesCard clientId={clientId} version={states.data.lastEvaluatedAt} />
              <HistoryCard clientId={clientId} version={states.data.lastEvaluatedAt} />
            </Stack>
          </SimpleGrid>
          <Title order={6} c="dimmed" fw={400}>
            {states.data.ioe.filter((ioe) => ioe.isActive && !ioe.skippedReason).length} aktive Prüfungen
          </Title>
        </Stack>
      )}
    </>
  );
}
