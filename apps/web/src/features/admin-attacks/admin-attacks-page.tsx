import { formatDateTime } from '@burgwall/shared';
import { Anchor, Card, Code, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { LoadMoreButton } from '../../components/load-more-button';
import { PageHeader } from '../../components/page-header';
import { useGraphqlPages } from '../../lib/api-query';
import { type ListColumn, ListTable } from '../../components/list-table';
import { SEVERITY_LABEL, type Severity, SeverityBadge } from '../../components/severity-badge';

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

const SEVERITY_RANK = Object.fromEntries(Object.keys(SEVERITY_LABEL).map((severity, index) => [severity, index]));

const COLUMNS: ListColumn<AdminIoaEvent>[] = [
  { accessorKey: 'occurredAt', header: 'Zeitpunkt', sortDescFirst: true, cell: ({ row }) => <Text size="sm">{formatDateTime(row.original.occurredAt)}</Text> },
  {
    accessorKey: 'clientName',
    header: 'Kunde',
    cell: ({ row }) => (
      <Anchor component={Link} to={`/client/${row.original.clientId}/security-log`} size="sm">
        {row.original.clientName}
      </Anchor>
    ),
  },
  { id: 'severity', accessorFn: (row) => SEVERITY_RANK[row.severity], header: 'Schweregrad', cell: ({ row }) => <SeverityBadge severity={row.original.severity} /> },
  {
    accessorKey: 'detectorTitle',
    header: 'Angriffsindikator',
    cell: ({ row }) => (
      <>
        <Text size="sm" fw={600}>
          {row.original.detectorTitle}
        </Text>
        <Text size="sm">{row.original.title}</Text>
      </>
    ),
  },
  { accessorKey: 'distinguishedName', header: 'Objekt', cell: ({ row }) => <Code style={{ wordBreak: 'break-all' }}>{row.original.distinguishedName}</Code> },
];

/** /admin/attacks: the IoA events of every client, newest first. */
export function AdminAttacksPage() {
  const [severity, setSeverity] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const page = useGraphqlPages(QUERY, { severity, search: debounced || null }, (answer: AdminIoaPage) => answer.adminIoaEvents, { keepPrevious: true });
  const rows = page.rows;
  return (
    <>
      <PageHeader title="Angriffe" description="Erkannte Angriffsindikatoren aller Kunden, die neuesten zuerst." />
      <Card withBorder radius="md" p="md">
        <Group mb="md" align="flex-end">
          <TextInput label="Suche" maxLength={200} placeholder="Kunde oder Beschreibung" leftSection={<IconSearch size={16} />} value={search} onChange={(event) => setSearch(event.currentTarget.value)} w={320} />
          <Select label="Schweregrad" placeholder="Alle Schweregrade" clearable data={Object.entries(SEVERITY_LABEL).map(([value, label]) => ({ value, label }))} value={severity} onChange={setSeverity} w={220} />
        </Group>
        {page.isPending ? (
          <LoadingState />
        ) : page.errorMessage ? (
          <ErrorState message={page.errorMessage} onRetry={() => void page.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title="Keine Angriffe erkannt">Bei keinem Kunden wurde bisher ein Angriffsindikator gemeldet.</EmptyState>
        ) : (
          <ListTable
            rows={rows}
            columns={COLUMNS}
            rowId={(row) => `${row.clientId}-${row.eventId}`}
            label="Angriffe"
            minWidth={760}
            testId="admin-attacks-table"
            emptyText="Keine Angriffe"
          />
        )}
        <LoadMoreButton hasNextPage={page.hasNextPage} loading={page.isFetchingNextPage} onLoad={() => void page.fetchNextPage()} label="Ältere Angriffe laden" />
      </Card>
    </>
  );
}
