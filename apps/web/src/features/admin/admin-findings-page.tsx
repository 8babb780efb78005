import { CRITICALITIES, CRITICALITY_LABELS, type AdminFindingsAnswer, type AdminFindingsQuery, type Criticality, formatDate } from '@burgwall/shared';
import { Anchor, Group, Paper, Select, SimpleGrid, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { PageHeader } from '../../components/page-header';
import { SeverityBadge } from '../../components/severity-badge';
import { type ListColumn, ListTable } from '../../components/list-table';
import { useApiQuery } from '../../lib/api-query';
import { getAdminFindings, getAllServiceproviders } from './admin-api';

type FindingRow = AdminFindingsAnswer['findings'][number];
const CRITICALITY_RANK = Object.fromEntries(CRITICALITIES.map((c, index) => [c, index]));

const COLUMNS: ListColumn<FindingRow>[] = [
  // Sorted by rank, not by name: „kritisch“ comes before „hoch“.
  { id: 'criticality', accessorFn: (row) => CRITICALITY_RANK[row.criticality], header: 'Kritikalität', cell: ({ row }) => <SeverityBadge severity={row.original.criticality} /> },
  {
    accessorKey: 'title',
    header: 'Prüfung',
    cell: ({ row }) => (
      <Anchor component={Link} to={`/client/${row.original.clientId}/ioe/findings/${row.original.check}`} fw={500}>
        {row.original.title}
      </Anchor>
    ),
  },
  { accessorKey: 'clientName', header: 'Kunde' },
  { accessorKey: 'serviceproviderName', header: 'Dienstleister' },
  {
    accessorKey: 'findingsCount',
    header: 'Befunde',
    sortDescFirst: true,
    cell: ({ row }) => (
      <Group gap={4} wrap="nowrap">
        <Text fw={600}>{row.original.findingsCount}</Text>
        {row.original.exceptionsCount > 0 && (
          <Text size="xs" c="dimmed">
            ({row.original.exceptionsCount} Ausnahmen)
          </Text>
        )}
      </Group>
    ),
  },
  { accessorKey: 'lastEvaluatedAt', header: 'Zuletzt geprüft', cell: ({ row }) => (row.original.lastEvaluatedAt ? formatDate(row.original.lastEvaluatedAt) : '-') },
];

/** The filters live in the URL (?anbieter=…&kunde=…&pruefung=…&kritikalitaet=…), so a view can be shared. */
const PARAM = { provider: 'anbieter', client: 'kunde', check: 'pruefung', criticality: 'kritikalitaet' } as const;

function queryOf(params: URLSearchParams): AdminFindingsQuery {
  const criticality = params.get(PARAM.criticality);
  return {
    serviceproviderUUID: params.get(PARAM.provider) ?? undefined,
    clientUUID: params.get(PARAM.client) ?? undefined,
    check: params.get(PARAM.check) ?? undefined,
    criticality: CRITICALITIES.includes(criticality as Criticality) ? (criticality as Criticality) : undefined,
  };
}

/** /admin/findings: the open findings of every client of every provider, filterable, most critical first. */
export function AdminFindingsPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const answer = useApiQuery(getAdminFindings(query), { keepPrevious: true });
  const providers = useApiQuery(getAllServiceproviders());
  const setFilter = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    // A client belongs to one provider: choosing another provider clears the client.
    if (name === PARAM.provider) next.delete(PARAM.client);
    setParams(next, { replace: true });
  };
  const clients = (answer.data?.clients ?? []).filter((c) => !query.serviceproviderUUID || c.serviceproviderId === query.serviceproviderUUID);
  const rows = answer.data?.findings ?? [];
  const filters = [
    {
      param: PARAM.provider,
      label: 'Dienstleister',
      placeholder: 'Alle Dienstleister',
      options: (providers.data ?? []).map((p) => ({ value: p.serviceproviderId, label: p.serviceproviderName })),
    },
    { param: PARAM.client, label: 'Kunde', placeholder: 'Alle Kunden', options: clients.map((c) => ({ value: c.clientId, label: c.clientName })) },
    { param: PARAM.check, label: 'Prüfung', placeholder: 'Alle Prüfungen', options: (answer.data?.checks ?? []).map((c) => ({ value: c.slug, label: c.title })) },
    { param: PARAM.criticality, label: 'Kritikalität', placeholder: 'Alle Kritikalitäten', options: CRITICALITIES.map((c) => ({ value: c, label: CRITICALITY_LABELS[c] })) },
  ];

  return (
    <>
      <PageHeader title="Befunde" description="Offene Befunde aller Kunden aller Dienstleister, die kritischsten zuerst" />
      <Paper withBorder radius="lg" p="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {filters.map((filter) => (
            <Select
              key={filter.param}
              label={filter.label}
              placeholder={filter.placeholder}
              clearable
              searchable={filter.param !== PARAM.criticality}
              data={filter.options}
              value={params.get(filter.param) ?? null}
              onChange={(value) => setFilter(filter.param, value)}
            />
          ))}
        </SimpleGrid>
      </Paper>
      {answer.isPending && <LoadingState />}
      {answer.errorMessage && <ErrorState message={answer.errorMessage} onRetry={() => void answer.refetch()} />}
      {answer.data && rows.length === 0 && (
        <EmptyState title="Keine offenen Befunde">Für diese Auswahl gibt es keine Prüfung mit offenen Befunden.</EmptyState>
      )}
      {rows.length > 0 && (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {rows.length === 1 ? '1 Prüfung mit Befunden' : `${rows.length} Prüfungen mit Befunden`}
          </Text>
          <ListTable
            rows={rows}
            columns={COLUMNS}
            rowId={(row) => `${row.clientId}:${row.check}`}
            label="Befunde"
            minWidth={760}
            searchText={(row) => `${row.title} ${row.clientName} ${row.serviceproviderName}`}
            searchPlaceholder="Prüfung, Kunde oder Dienstleister suchen …"
            emptyText="Kein Befund passt zur Suche."
          />
        </>
      )}
    </>
  );
}
