import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Table, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateTime, type AttackPathCut, type AttackPathsAnswer } from '@burgwall/shared';
import { IconScissors, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { PageHeader } from '../../components/page-header';
import { useApiQuery } from '../../lib/api-query';
import { getAttackPath, getAttackPaths } from './attack-paths-api';
import { NODE_KIND_LABEL } from './node-kinds';
import { Tier0ExtrasSection } from './tier0-extras-section';

const PathGraph = lazy(() => import('./path-graph'));

function Figure({ label, value, hint, colour }: { label: string; value: string; hint?: string; colour?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={30} fw={700} c={colour}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function Summary({ data }: { data: AttackPathsAnswer }) {
  const count = data.principalCount;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="attack-path-summary">
      <Figure label="Konten und Gruppen mit Pfad zu Tier 0" value={count.toLocaleString('de-DE')} colour={count > 0 ? 'red' : 'green'} />
      <Figure label="Kürzester Pfad" value={data.shortestLength ? `${data.shortestLength} ${data.shortestLength === 1 ? 'Schritt' : 'Schritte'}` : '–'} />
      <Figure label="Tier-0-Objekte" value={data.tier0Count.toLocaleString('de-DE')} hint="Privilegierte Gruppen und ihre Mitglieder, DCs, krbtgt, AdminSDHolder, Domänenkopf, GPOs an Domäne und DC-OU" />
      <Figure label="Kontrollgraph" value={`${data.edgeCount.toLocaleString('de-DE')} Kanten`} hint={`${data.nodeCount.toLocaleString('de-DE')} Objekte`} />
    </SimpleGrid>
  );
}

function Cuts({ cuts }: { cuts: readonly AttackPathCut[] }) {
  if (cuts.length === 0) return null;
  return (
    <Card withBorder padding="lg" data-testid="attack-path-cuts">
      <Group gap="xs" mb="xs">
        <ThemeIcon variant="light" color="orange">
          <IconScissors size={18} />
        </ThemeIcon>
        <Text fw={600}>Wirksamste Maßnahmen</Text>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        In dieser Reihenfolge trennt jede Änderung die meisten verbleibenden Konten von Tier 0.
      </Text>
      <List type="ordered" spacing="sm">
        {cuts.map((cut) => (
          <List.Item key={`${cut.step.from.key}-${cut.step.type}-${cut.step.to.key}`}>
            <Text size="sm">
              <b>{cut.step.from.name}</b> {cut.step.label} <b>{cut.step.to.name}</b>{' '}
              <Badge size="sm" color="orange" variant="light">
                trennt {cut.disconnects.toLocaleString('de-DE')}
              </Badge>
            </Text>
            <Text size="xs" c="dimmed">
              {cut.remediation}
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

function SelectedPath({ clientId, objectKey }: { clientId: string; objectKey: string }) {
  const { data, errorMessage, isPending } = useApiQuery(getAttackPath(clientId, objectKey));
  if (isPending) return <LoadingState label="Pfad wird geladen …" />;
  if (errorMessage || !data) return <ErrorState message={errorMessage ?? 'Kein Pfad gefunden.'} />;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <b>{data.principal.name}</b> erreicht Tier 0 in {data.steps.length} {data.steps.length === 1 ? 'Schritt' : 'Schritten'}:
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Suspense fallback={<LoadingState label="Grafik wird geladen …" />}>
          <PathGraph steps={data.steps} />
        </Suspense>
        <List size="sm" type="ordered" spacing="xs" data-testid="path-steps">
          {data.steps.map((step, i) => (
            <List.Item key={i}>
              {step.from.name} <Text span c="dimmed">{step.label}</Text> {step.to.name}
            </List.Item>
          ))}
        </List>
      </SimpleGrid>
    </Stack>
  );
}

/** Angriffspfade: who can become Domain Admin, by which chain, and which change cuts the most paths. */
export function AttackPathsPage() {
  const { clientId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const { data, errorMessage, isPending, refetch } = useApiQuery(getAttackPaths(clientId, debounced || undefined), { keepPrevious: true });
  const selected = params.get('objekt') ?? data?.principals[0]?.principal.objectKey ?? null;

  return (
    <>
      <PageHeader
        title="Angriffspfade"
        description="Wer über Rechte, Mitgliedschaften, GPOs und Delegierungen Domänen-Administrator werden kann – und welche Änderung die meisten Pfade trennt."
      />
      {isPending && <LoadingState />}
      {errorMessage && <ErrorState message={errorMessage} onRetry={() => void refetch()} />}
      {data && data.collectedAt === null && (
        <EmptyState title="Noch keine Verzeichnisdaten">Sobald der Collector die erste vollständige Erfassung gesendet hat, erscheinen hier die Angriffspfade.</EmptyState>
      )}
      {data && data.collectedAt !== null && (
        <Stack gap="lg">
          <Summary data={data} />
          <Text size="xs" c="dimmed">
            Stand: Erfassung vom {formatDateTime(data.collectedAt)}
          </Text>
          {data.principalCount === 0 && !debounced ? (
            <Card withBorder padding="lg">
              <Group>
                <ThemeIcon color="green" variant="light" size="lg">
                  <IconShieldCheck size={20} />
                </ThemeIcon>
                <Text>Kein Konto und keine Gruppe außerhalb von Tier 0 hat einen Pfad zu Tier 0.</Text>
              </Group>
            </Card>
          ) : (
            <>
              <Cuts cuts={data.cuts} />
              {selected && (
                <Card withBorder padding="lg" data-testid="selected-path">
                  <Text fw={600} mb="xs">
                    Pfad im Detail
                  </Text>
                  <SelectedPath clientId={clientId} objectKey={selected} />
                </Card>
              )}
              <Card withBorder padding="lg">
                <Group justify="space-between" mb="sm" wrap="wrap">
                  <Text fw={600}>Konten und Gruppen mit Pfad</Text>
                  <TextInput placeholder="Name suchen" leftSection={<IconSearch size={16} />} value={search} onChange={(event) => setSearch(event.currentTarget.value)} maxLength={200} aria-label="Name suchen" />
                </Group>
                <Table.ScrollContainer minWidth={320}>
                  <Table highlightOnHover data-testid="attack-path-principals">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Name</Table.Th>
                        <Table.Th>Typ</Table.Th>
                        <Table.Th>Schritte</Table.Th>
                        <Table.Th visibleFrom="sm">Kürzester Pfad</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.principals.map(({ principal, length, description }) => (
                        <Table.Tr key={principal.key} bg={principal.objectKey === selected ? 'var(--mantine-color-orange-light)' : undefined}>
                          <Table.Td>
                            <Anchor component="button" type="button" ta="left" onClick={() => setParams({ objekt: principal.objectKey })}>
                              {principal.name}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{NODE_KIND_LABEL[principal.kind]}</Table.Td>
                          <Table.Td>{length}</Table.Td>
                          <Table.Td visibleFrom="sm">
                            <Text size="sm" c="dimmed">
                              {description}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {data.principals.length < data.principalCount && !debounced && (
                  <Text size="xs" c="dimmed" mt="xs">
                    Die ersten {data.principals.length.toLocaleString('de-DE')} von {data.principalCount.toLocaleString('de-DE')} – suchen Sie nach einem Namen, um weitere zu finden.
                  </Text>
                )}
              </Card>
            </>
          )}
          <Tier0ExtrasSection clientId={clientId} />
        </Stack>
      )}
    </>
  );
}
