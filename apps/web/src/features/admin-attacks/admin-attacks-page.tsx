import { formatDateTime } from '@burgwall/shared';
import { Anchor, Card, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { LoadMoreButton } from '../../components/load-more-button';
import { PageHeader } from '../../components/page-header';
import { graphqlRequest } from '../../lib/graphql/graphql-query';
import { useGraphql } from '../../lib/graphql/use-graphql';
import { IoaEventCells } from '../../components/ioa-event-cells';
import { SEVERITY_LABEL, type Severity } from '../../components/severity-badge';

interface AdminIoaEvent {
  clientId: string;
  clientName: string;
  eventId: string;
  detectorTitle: string;
  severity: Severity;
  title: string;
  distinguishedName: string;
  occurredAt: string;
}

interface AdminIoaPage {
  adminIoaEvents: { nodes: AdminIoaEvent[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

const QUERY = `query AdminAttacks($severity: String, $search: String, $after: String) {
  adminIoaEvents(first: 50, severity: $severity, search: $search, after: $after) {
    nodes { clientId clientName eventId detectorTitle severity title distinguishedName occurredAt }
    pageInfo { endCursor hasNextPage }
  }
}`;

/** /admin/attacks: the IoA events of every client, newest first. */
export function AdminAttacksPage() {
  const [severity, setSeverity] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const page = useGraphql<AdminIoaPage>(QUERY, { severity, search: debounced || null });
  const [more, setMore] = useState<{ key: string; nodes: AdminIoaEvent[]; pageInfo: AdminIoaPage['adminIoaEvents']['pageInfo'] | null }>({ key: '', nodes: [], pageInfo: null });
  const extra = more.key === page.key ? more : { nodes: [], pageInfo: null };
  const rows = [...(page.data?.adminIoaEvents.nodes ?? []), ...extra.nodes];
  const cursor = extra.pageInfo ?? page.data?.adminIoaEvents.pageInfo ?? { endCursor: null, hasNextPage: false };
  const [loadingMore, setLoadingMore] = useState(false);

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const next = await graphqlRequest<AdminIoaPage>(QUERY, { severity, search: debounced || null, after: cursor.endCursor });
      setMore({ key: page.key, nodes: [...extra.nodes, ...next.adminIoaEvents.nodes], pageInfo: next.adminIoaEvents.pageInfo });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <>
      <PageHeader title="Angriffe" description="Erkannte Angriffsindikatoren aller Kunden, die neuesten zuerst." />
      <Card withBorder radius="md" p="md">
        <Group mb="md" align="flex-end">
          <TextInput label="Suche" placeholder="Kunde oder Beschreibung" leftSection={<IconSearch size={16} />} value={search} onChange={(event) => setSearch(event.currentTarget.value)} w={320} />
          <Select label="Schweregrad" placeholder="Alle Schweregrade" clearable data={Object.entries(SEVERITY_LABEL).map(([value, label]) => ({ value, label }))} value={severity} onChange={setSeverity} w={220} />
        </Group>
        {page.loading && rows.length === 0 ? (
          <LoadingState />
        ) : page.error ? (
          <ErrorState message={page.error} onRetry={page.reload} />
        ) : rows.length === 0 ? (
          <EmptyState title="Keine Angriffe erkannt">Bei keinem Kunden wurde bisher ein Angriffsindikator gemeldet.</EmptyState>
        ) : (
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-attacks-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>Zeitpunkt</Table.Th>
                <Table.Th>Kunde</Table.Th>
                <Table.Th w={120}>Schweregrad</Table.Th>
                <Table.Th>Angriffsindikator</Table.Th>
                <Table.Th>Objekt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.clientId}-${row.eventId}`}>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(row.occurredAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/client/${row.clientId}/security-log`} size="sm">
                      {row.clientName}
                    </Anchor>
                  </Table.Td>
                  <IoaEventCells event={row} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <LoadMoreButton hasNextPage={cursor.hasNextPage} loading={loadingMore} onLoad={loadMore} label="Ältere Angriffe laden" />
      </Card>
    </>
  );
}
