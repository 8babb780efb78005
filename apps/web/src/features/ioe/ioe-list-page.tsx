import { Anchor, Badge, Box, Card, Group, SegmentedControl, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ExportMenu } from '../../components/export-menu';
import { CATEGORY_LABEL, CRITICALITY_LABEL, CRITICALITY_ORDER, CRITICALITY_RANK, CriticalityBadge } from './criticality';
import type { Criticality, IoeState } from '@burgwall/shared';
import { getIoeStates } from './ioe-api';
import { ErrorState, LoadingState } from '../../components/data-states';
import { useApiQuery } from '../../lib/api-query';
import { DirectoryBadge } from '../../components/directory-badge';
import { FRAMEWORK_LABEL, type Framework } from './framework-references';
import { type ListColumn, ListTable, type ListTableHandle, sortRowsBy } from '../../components/list-table';
import { type CsvColumn, toCsv } from '../../lib/csv';

type StatusFilter = 'open' | 'all' | 'clean' | 'inactive';

const openCount = (ioe: IoeState) => ioe.totalFindingsCount - ioe.totalExceptionsCount;
const counts = (ioe: IoeState) => openCount(ioe) > 0 && ioe.isActive && !ioe.skippedReason;

export function statusOf(ioe: IoeState): { label: string; colour: string } {
  if (!ioe.isActive) return { label: 'Deaktiviert', colour: 'gray' };
  if (ioe.skippedReason) return { label: 'Nicht geprüft', colour: 'gray' };
  if (ioe.totalFindingsCount === 0) return { label: 'Bestanden', colour: 'green' };
  if (ioe.allFindingsHaveException) return { label: 'Ausnahme', colour: 'teal' };
  return { label: 'Befund', colour: 'red' };
}

export function filterChecks(list: readonly IoeState[], query: string, criticality: Criticality | null, status: StatusFilter, framework: Framework | null = null): IoeState[] {
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
    });
}

const byText = (text: (ioe: IoeState) => string) => sortRowsBy<IoeState>((a, b) => text(a).localeCompare(text(b), 'de'));
const categoryLabel = (ioe: IoeState) => CATEGORY_LABEL[ioe.category] ?? ioe.category;
const scoreImpact = (ioe: IoeState) => (counts(ioe) ? ioe.scoreImpact : 0);

const CSV_COLUMNS: CsvColumn<IoeState>[] = [
  { header: 'Kritikalität', value: (ioe) => CRITICALITY_LABEL[ioe.criticality] },
  { header: 'Prüfung', value: (ioe) => ioe.title },
  { header: 'Kennung', value: (ioe) => ioe.ioeType },
  { header: 'Kategorie', value: categoryLabel },
  { header: 'Befunde', value: (ioe) => ioe.totalFindingsCount },
  { header: 'Ausnahmen', value: (ioe) => ioe.totalExceptionsCount },
  { header: 'Abzug', value: scoreImpact },
  { header: 'Status', value: (ioe) => statusOf(ioe).label },
];

/** Secondary columns give way on phones (and the exception count below wide screens), so the table fits its card. */
function columnsFor(clientId: string): ListColumn<IoeState>[] {
  return [
    {
      id: 'criticality',
      accessorFn: (ioe) => CRITICALITY_RANK[ioe.criticality],
      header: 'Kritikalität',
      // By rank; ties fall back to more open findings first.
      sortingFn: sortRowsBy((a, b) => CRITICALITY_RANK[a.criticality] - CRITICALITY_RANK[b.criticality] || openCount(b) - openCount(a)),
      // A long check title must not squeeze the badge: its label would be cut („Kriti…“).
      meta: { visibleFrom: 'sm', width: 120 },
      cell: ({ row }) => <CriticalityBadge criticality={row.original.criticality} />,
    },
    {
      accessorKey: 'title',
      header: 'Prüfung',
      sortingFn: byText((ioe) => ioe.title),
      cell: ({ row: { original: ioe } }) => (
        <>
          {/* On phones the criticality column gives way: its badge sits above the title. */}
          <Box hiddenFrom="sm" mb={4}>
            <CriticalityBadge criticality={ioe.criticality} />
          </Box>
          <Group gap={6} wrap="nowrap">
            <DirectoryBadge directory={ioe.directory} size="xs" />
            {/* Long German compounds („Kennwortreplikationsgruppe“) are hyphenated rather than widening the table. */}
            <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${ioe.ioeType}`} fw={600} style={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
              {ioe.title}
            </Anchor>
          </Group>
          <Text fz="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {ioe.description}
          </Text>
        </>
      ),
    },
    { id: 'category', accessorFn: categoryLabel, header: 'Kategorie', sortingFn: byText(categoryLabel), meta: { visibleFrom: 'sm' }, cell: ({ getValue }) => <Text fz="sm">{String(getValue())}</Text> },
    { accessorKey: 'totalFindingsCount', header: 'Befunde', meta: { align: 'right' } },
    { accessorKey: 'totalExceptionsCount', header: 'Ausnahmen', meta: { align: 'right', visibleFrom: 'xl' } },
    { id: 'scoreImpact', accessorFn: scoreImpact, header: 'Abzug', meta: { align: 'right', visibleFrom: 'sm' }, cell: ({ row }) => (counts(row.original) ? `−${row.original.scoreImpact}` : '–') },
    {
      id: 'status',
      accessorFn: (ioe) => statusOf(ioe).label,
      header: 'Status',
      sortingFn: byText((ioe) => statusOf(ioe).label),
      meta: { visibleFrom: 'sm', noWrap: true },
      cell: ({ row: { original: ioe } }) => {
        const state = statusOf(ioe);
        return (
          <Tooltip label={ioe.skippedReason ?? ioe.setting.disabledReason ?? ''} disabled={!ioe.skippedReason && !ioe.setting.disabledReason}>
            <Badge color={state.colour} variant="dot" style={{ overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
              {state.label}
            </Badge>
          </Tooltip>
        );
      },
    },
  ];
}
/** What the table says when no check matches: what is missing and how to see more. */
function emptyText(status: StatusFilter, evaluated: boolean): string {
  const title = status === 'open' ? 'Keine offenen Befunde.' : 'Keine Prüfungen gefunden.';
  return `${title} ${evaluated ? 'Passen Sie die Filter an, um weitere Prüfungen zu sehen.' : 'Sobald der Collector Daten liefert, werden alle Prüfungen ausgewertet.'}`;
}

/** /client/{clientId}/ioe: every indicator of exposure with criticality and counts; filterable, sortable, paged. */
export function IoeListPage() {
  const { clientId = '' } = useParams();
  const states = useApiQuery(getIoeStates(clientId));
  const narrow = useMediaQuery('(max-width: 48em)');
  const [query, setQuery] = useState('');
  const [criticality, setCriticality] = useState<Criticality | null>(null);
  const [status, setStatus] = useState<StatusFilter>('open');
  const [framework, setFramework] = useState<Framework | null>(null);
  const list = useMemo(() => filterChecks(states.data?.ioe ?? [], query, criticality, status, framework), [states.data, query, criticality, status, framework]);
  const table = useRef<ListTableHandle<IoeState>>(null);
  const columns = useMemo(() => columnsFor(clientId), [clientId]);

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
            visibleRows={{ fileName: 'pruefungen-ansicht.csv', toCsv: () => toCsv(CSV_COLUMNS, table.current?.rowsInOrder() ?? list) }}
          />
        }
      />
      {states.errorMessage && <ErrorState message={states.errorMessage} onRetry={() => void states.refetch()} />}
      {states.isPending && <LoadingState />}
      {states.data && (
        <Card withBorder padding="md">
          <ListTable
            ref={table}
            rows={list}
            columns={columns}
            rowId={(ioe) => String(ioe.ioeIdPk)}
            label="Prüfungen"
            initialSort={[{ id: 'criticality', desc: false }]}
            minWidth={0}
            testId="ioe-table"
            rowAttributes={(ioe) => ({ 'data-slug': ioe.ioeType })}
            emptyText={emptyText(status, states.data.lastEvaluatedAt !== null)}
            toolbar={
              <>
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
              </>
            }
          />
        </Card>
      )}
    </>
  );
}
