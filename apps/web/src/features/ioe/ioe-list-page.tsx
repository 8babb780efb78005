import { Anchor, Badge, Card, Group, SegmentedControl, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ExportMenu } from '../../components/export-menu';
import { CATEGORY_LABEL, CRITICALITY_LABEL, CRITICALITY_ORDER, CRITICALITY_RANK, CriticalityBadge } from './criticality';
import type { Criticality, IoeState } from '@burgwall/shared';
import { callApi } from '../../lib/api-client';
import { getIoeStates } from './ioe-api';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { useApiData } from './use-api-data';
import { DirectoryBadge } from '../../components/directory-badge';
import { FRAMEWORK_LABEL, type Framework } from './framework-references';

type StatusFilter = 'open' | 'all' | 'clean' | 'inactive';
type SortKey = 'criticality' | 'impact' | 'findings' | 'title';

const openCount = (ioe: IoeState) => ioe.totalFindingsCount - ioe.totalExceptionsCount;

export function statusOf(ioe: IoeState): { label: string; colour: string } {
  if (!ioe.isActive) return { label: 'Deaktiviert', colour: 'gray' };
  if (ioe.skippedReason) return { label: 'Nicht geprüft', colour: 'gray' };
  if (ioe.totalFindingsCount === 0) return { label: 'Bestanden', colour: 'green' };
  if (ioe.allFindingsHaveException) return { label: 'Ausnahme', colour: 'teal' };
  return { label: 'Befund', colour: 'red' };
}

export function filterAndSort(list: IoeState[], query: string, criticality: Criticality | null, status: StatusFilter, sort: SortKey, framework: Framework | null = null): IoeState[] {
  const needle = query.trim().toLowerCase();
  return list
    .filter((ioe) => !needle || ioe.title.toLowerCase().includes(needle) || ioe.ioeType.includes(needle))
    .filter((ioe) => !criticality || ioe.criticality === criticality)
    .filter((ioe) => !framework || ioe.references[framework].length > 0)
    .filter((ioe) => {
      if (status === 'open') return ioe.isActive && !ioe.skippedReason && openCount(ioe) > 0;
      if (status === 'clean') return ioe.isActive && !ioe.skippedReason && openCount(ioe) === 0;
      if (status === 'inactive') return !ioe.isActive || ioe.skippedReason !== null;
      return true;
    })
    .sort((a, b) => {
      if (sort === 'impact') return b.scoreImpact - a.scoreImpact;
      if (sort === 'findings') return openCount(b) - openCount(a);
      if (sort === 'title') return a.title.localeCompare(b.title, 'de');
      return CRITICALITY_RANK[a.criticality] - CRITICALITY_RANK[b.criticality] || openCount(b) - openCount(a);
    });
}

/** /client/{clientId}/ioe: every indicator of exposure with criticality, counts, filters and sorting. */
export function IoeListPage() {
  const { clientId = '' } = useParams();
  const states = useApiData(clientId, () => callApi(getIoeStates(clientId)));
  const narrow = useMediaQuery('(max-width: 48em)');
  const [query, setQuery] = useState('');
  const [criticality, setCriticality] = useState<Criticality | null>(null);
  const [status, setStatus] = useState<StatusFilter>('open');
  const [sort, setSort] = useState<SortKey>('criticality');
  const [framework, setFramework] = useState<Framework | null>(null);
  const list = useMemo(
    () => filterAndSort(states.data?.ioe ?? [], query, criticality, status, sort, framework),
    [states.data, query, criticality, status, sort, framework],
  );

  return (
    <>
      <PageHeader
        title="Schwachstellen (Indicators of Exposure)"
        description="Alle Prüfungen Ihrer Verzeichnisdienste mit Kritikalität und betroffenen Objekten."
        actions={
          <ExportMenu
            clientId={clientId}
            choices={[
              { kind: 'findings', label: 'Befunde' },
              { kind: 'affected-objects', label: 'Betroffene Objekte' },
            ]}
          />
        }
      />
      {states.error && <ErrorState message={states.error} onRetry={states.reload} />}
      {states.loading && !states.data && <LoadingState />}
      {states.data && (
        <Card withBorder padding="md">
          <Group mb="md" gap="sm" wrap="wrap">
            <TextInput leftSection={<IconSearch size={16} />} placeholder="Prüfung suchen" value={query} onChange={(event) => setQuery(event.currentTarget.value)} w={240} aria-label="Prüfung suchen" />
            <Select
              aria-label="Kritikalität"
              placeholder="Alle Kritikalitäten"
              clearable
              data={CRITICALITY_ORDER.map((value) => ({ value, label: CRITICALITY_LABEL[value] }))}
              value={criticality}
              onChange={(value) => setCriticality(value as Criticality | null)}
              w={200}
            />
            <Select
              aria-label="Regelwerk"
              placeholder="Alle Regelwerke"
              clearable
              data={(Object.keys(FRAMEWORK_LABEL) as Framework[]).map((value) => ({ value, label: FRAMEWORK_LABEL[value] }))}
              value={framework}
              onChange={(value) => setFramework(value as Framework | null)}
              w={200}
            />
            <SegmentedControl
              // Four labels do not fit side by side on a phone: stacked there, so none sticks out of the card.
              orientation={narrow ? 'vertical' : 'horizontal'}
              fullWidth={narrow}
              value={status}
              onChange={(value) => setStatus(value as StatusFilter)}
              data={[
                { value: 'open', label: 'Mit Befunden' },
                { value: 'clean', label: 'Bestanden' },
                { value: 'inactive', label: 'Deaktiviert/nicht geprüft' },
                { value: 'all', label: 'Alle' },
              ]}
            />
            <Select
              aria-label="Sortierung"
              data={[
                { value: 'criticality', label: 'Nach Kritikalität' },
                { value: 'impact', label: 'Nach Punktabzug' },
                { value: 'findings', label: 'Nach Anzahl Befunde' },
                { value: 'title', label: 'Nach Titel' },
              ]}
              value={sort}
              onChange={(value) => setSort((value as SortKey | null) ?? 'criticality')}
              w={200}
              allowDeselect={false}
            />
          </Group>
          {list.length === 0 ? (
            <EmptyState title={status === 'open' ? 'Keine offenen Befunde' : 'Keine Prüfungen gefunden'}>
              {states.data.lastEvaluatedAt ? 'Passen Sie die Filter an, um weitere Prüfungen zu sehen.' : 'Sobald der Collector Daten liefert, werden alle Prüfungen ausgewertet.'}
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table highlightOnHover verticalSpacing="sm" data-testid="ioe-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Kritikalität</Table.Th>
                    <Table.Th>Prüfung</Table.Th>
                    <Table.Th>Kategorie</Table.Th>
                    <Table.Th ta="right">Befunde</Table.Th>
                    <Table.Th ta="right">Ausnahmen</Table.Th>
                    <Table.Th ta="right">Abzug</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((ioe) => {
                    const state = statusOf(ioe);
                    return (
                      <Table.Tr key={ioe.ioeIdPk} data-slug={ioe.ioeType}>
                        {/* A long check title must not squeeze the badge: its label would be cut („Kriti…“). */}
                        <Table.Td miw={104}>
                          <CriticalityBadge criticality={ioe.criticality} />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <DirectoryBadge directory={ioe.directory} size="xs" />
                            <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${ioe.ioeType}`} fw={600}>
                              {ioe.title}
                            </Anchor>
                          </Group>
                          <Text fz="xs" c="dimmed" lineClamp={1}>
                            {ioe.description}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{CATEGORY_LABEL[ioe.category] ?? ioe.category}</Text>
                        </Table.Td>
                        <Table.Td ta="right">{ioe.totalFindingsCount}</Table.Td>
                        <Table.Td ta="right">{ioe.totalExceptionsCount}</Table.Td>
                        <Table.Td ta="right">{openCount(ioe) > 0 && ioe.isActive && !ioe.skippedReason ? `−${ioe.scoreImpact}` : '–'}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 150 }}>
                          <Tooltip label={ioe.skippedReason ?? ioe.setting.disabledReason ?? ''} disabled={!ioe.skippedReason && !ioe.setting.disabledReason}>
                            <Badge color={state.colour} variant="dot" style={{ overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
                              {state.label}
                            </Badge>
                          </Tooltip>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}
    </>
  );
}
