import { CRITICALITIES, CRITICALITY_LABELS, type AdminFindingsQuery, type Criticality, formatDate } from '@burgwall/shared';
import { Anchor, Group, Paper, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { PageHeader } from '../../components/page-header';
import { SeverityBadge } from '../../components/severity-badge';
import { useApi } from '../../lib/use-api';
import { getAdminFindings, getAllServiceproviders } from './admin-api';

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
  const answer = useApi(getAdminFindings(query));
  const providers = useApi(getAllServiceproviders());
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
      {answer.loading && !answer.data && <LoadingState />}
      {answer.error && <ErrorState message={answer.error} onRetry={answer.reload} />}
      {answer.data && rows.length === 0 && (
        <EmptyState title="Keine offenen Befunde">Für diese Auswahl gibt es keine Prüfung mit offenen Befunden.</EmptyState>
      )}
      {rows.length > 0 && (
        <Paper withBorder radius="lg" style={{ overflowX: 'auto' }}>
          <Text size="sm" c="dimmed" px="md" pt="sm">
            {rows.length === 1 ? '1 Prüfung mit Befunden' : `${rows.length} Prüfungen mit Befunden`}
          </Text>
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Befunde" miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kritikalität</Table.Th>
                <Table.Th>Prüfung</Table.Th>
                <Table.Th>Kunde</Table.Th>
                <Table.Th>Dienstleister</Table.Th>
                <Table.Th ta="right">Befunde</Table.Th>
                <Table.Th>Zuletzt geprüft</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.clientId}:${row.check}`}>
                  <Table.Td>
                    <SeverityBadge severity={row.criticality} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/client/${row.clientId}/ioe/findings/${row.check}`} fw={500}>
                      {row.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.clientName}</Table.Td>
                  <Table.Td>{row.serviceproviderName}</Table.Td>
                  <Table.Td ta="right">
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Text fw={600}>{row.findingsCount}</Text>
                      {row.exceptionsCount > 0 && (
                        <Text size="xs" c="dimmed">
                          ({row.exceptionsCount} Ausnahmen)
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{row.lastEvaluatedAt ? formatDate(row.lastEvaluatedAt) : '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}
