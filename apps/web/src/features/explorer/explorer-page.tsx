import { formatDateTime } from '@burgwall/shared';
import { Anchor, Badge, Card, Code, Drawer, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconApps, IconCloud, IconDeviceDesktop, IconFileSettings, IconFolder, IconSearch, IconShieldLock, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { PageHeader } from '../../components/page-header';
import { ChangeTable } from '../../components/change-table';
import { PATH_OBJECT_TYPES, attackPathLink } from '../../lib/attack-path-link';
import { ExportMenu } from '../../components/export-menu';
import { type ListColumn, ListTable } from '../../components/list-table';
import { useGraphqlQuery } from '../../lib/api-query';
import { type CsvColumn, toCsv } from '../../lib/csv';

type Kind = 'user' | 'group' | 'computer' | 'gpo' | 'organizationalUnit' | 'entraUser' | 'entraGroup' | 'entraRole' | 'entraApp';

interface ExplorerObject {
  objectGuid: string;
  kind: Kind;
  name: string;
  distinguishedName: string;
  samAccountName: string | null;
  description: string | null;
  enabled: boolean | null;
  privileged: boolean;
  memberOf: string[];
  members: string[];
  details: Record<string, unknown>;
  whenChanged: string | null;
}

interface ExplorerData {
  explorer: { collectedAt: string | null; domain: string | null; total: number; totalCapped: boolean; objects: ExplorerObject[] };
}

const QUERY = `query Explorer($clientId: ID!, $kind: ExplorerObjectKind!, $search: String, $offset: Int) {
  explorer(clientId: $clientId, kind: $kind, search: $search, first: 50, offset: $offset) {
    collectedAt domain total totalCapped
    objects { objectGuid kind name distinguishedName samAccountName description enabled privileged memberOf members details whenChanged }
  }
}`;

const PAGE_SIZE = 50;
/** The server searches AD objects from three characters on (shorter ones have nothing an index can look up). */
const MIN_SEARCH = 3;
const TABS: { value: Kind; label: string; icon: React.ReactNode }[] = [
  { value: 'user', label: 'Benutzer', icon: <IconUser size={16} /> },
  { value: 'group', label: 'Gruppen', icon: <IconUsersGroup size={16} /> },
  { value: 'computer', label: 'Computer', icon: <IconDeviceDesktop size={16} /> },
  { value: 'gpo', label: 'Gruppenrichtlinien', icon: <IconFileSettings size={16} /> },
  { value: 'organizationalUnit', label: 'Organisationseinheiten', icon: <IconFolder size={16} /> },
  { value: 'entraUser', label: 'Entra-Benutzer', icon: <IconCloud size={16} /> },
  { value: 'entraGroup', label: 'Entra-Gruppen', icon: <IconCloud size={16} /> },
  { value: 'entraRole', label: 'Entra-Rollen', icon: <IconShieldLock size={16} /> },
  { value: 'entraApp', label: 'Entra-Apps', icon: <IconApps size={16} /> },
];

function StatusBadges({ object }: { object: ExplorerObject }) {
  // miw max-content: a badge's label may shrink to nothing in Mantine, so a phone's table gave the column next to no
  // width and cut „Privilegiert“ to „PRIVI…“; this way the column is as wide as its badges and the name wraps instead.
  return (
    <Group gap={4} wrap="nowrap">
      {object.enabled === false && (
        <Badge color="gray" size="sm" miw="max-content">
          Deaktiviert
        </Badge>
      )}
      {object.privileged && (
        <Badge color="red" size="sm" miw="max-content">
          Privilegiert
        </Badge>
      )}
      {object.enabled !== false && !object.privileged && <Text size="sm" c="dimmed">–</Text>}
    </Group>
  );
}

// The server pages in its own order: the columns do not sort.
const COLUMNS: ListColumn<ExplorerObject>[] = [
  {
    accessorKey: 'name',
    header: 'Name',
    enableSorting: false,
    cell: ({ row: { original: object } }) => (
      <>
        <Text size="sm" fw={500}>
          {object.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {object.distinguishedName}
        </Text>
      </>
    ),
  },
  { accessorKey: 'samAccountName', header: 'Anmeldename', enableSorting: false, meta: { visibleFrom: 'sm' }, cell: ({ row }) => row.original.samAccountName ?? '–' },
  // noWrap: the badges keep their full width („Privilegiert“), the name and DN wrap instead.
  { id: 'status', header: 'Status', meta: { noWrap: true }, cell: ({ row }) => <StatusBadges object={row.original} /> },
  { accessorKey: 'whenChanged', header: 'Zuletzt geändert', enableSorting: false, meta: { visibleFrom: 'sm', noWrap: true }, cell: ({ row }) => formatDateTime(row.original.whenChanged) },
];

const CSV_COLUMNS: CsvColumn<ExplorerObject>[] = [
  { header: 'Name', value: (object) => object.name },
  { header: 'DN', value: (object) => object.distinguishedName },
  { header: 'Anmeldename', value: (object) => object.samAccountName },
  { header: 'Aktiviert', value: (object) => object.enabled },
  { header: 'Privilegiert', value: (object) => object.privileged },
  { header: 'Zuletzt geändert', value: (object) => (object.whenChanged ? formatDateTime(object.whenChanged) : null) },
];

const cn = (dn: string) => dn.split(/(?<!\\),/)[0]?.replace(/^[a-z]+=/i, '') ?? dn;

function DnList({ title, values }: { title: string; values: string[] }) {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {title} ({values.length})
      </Text>
      {values.length === 0 ? (
        <Text size="sm" c="dimmed">
          Keine
        </Text>
      ) : (
        <Stack gap={2}>
          {values.map((dn) => (
            <Text key={dn} size="sm" title={dn}>
              {cn(dn)}
            </Text>
          ))}
        </Stack>
      )}
    </div>
  );
}

function ObjectDrawer({ clientId, object, onClose }: { clientId: string; object: ExplorerObject | null; onClose: () => void }) {
  const timelineFilter = useMemo(() => ({ objectGuid: object?.objectGuid }), [object]);
  return (
    <Drawer opened={object !== null} onClose={onClose} position="right" size="xl" title={object ? <Title order={4}>{object.name}</Title> : null}>
      {object && (
        <Stack>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {object.distinguishedName}
          </Code>
          {object.description && <Text size="sm">{object.description}</Text>}
          <Group gap="xs">
            {object.samAccountName && <Badge variant="light">{object.samAccountName}</Badge>}
            {object.enabled === false && <Badge color="gray">Deaktiviert</Badge>}
            {object.privileged && <Badge color="red">{object.kind.startsWith('entra') ? 'Privilegiert' : 'Privilegiert (adminCount)'}</Badge>}
          </Group>
          {PATH_OBJECT_TYPES.has(object.kind) && (
            <Anchor component={Link} to={attackPathLink(clientId, object.objectGuid)} size="sm">
              Pfade zu Tier 0 anzeigen
            </Anchor>
          )}
          {(object.members.length > 0 || object.memberOf.length > 0) && (
            <Group align="flex-start" grow>
              {object.members.length > 0 && <DnList title="Mitglieder" values={object.members} />}
              <DnList title="Mitglied von" values={object.memberOf} />
            </Group>
          )}
          <div>
            <Text fw={600} size="sm" mb={4}>
              Eigenschaften
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {JSON.stringify(object.details, null, 2)}
            </Code>
          </div>
          <div>
            <Text fw={600} mb="xs">
              Zeitleiste der Änderungen
            </Text>
            <ChangeTable clientId={clientId} filter={timelineFilter} compact />
          </div>
        </Stack>
      )}
    </Drawer>
  );
}

/** /client/{clientId}/explorer: objects of the latest snapshot, their memberships and change timeline. */
export function ExplorerPage() {
  const { clientId = '' } = useParams();
  const [kind, setKind] = useState<Kind>('user');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ExplorerObject | null>(null);
  // The server pages and searches (thousands of objects); the last page stays visible while the next one loads.
  const typed = debounced.trim();
  const tooShort = !kind.startsWith('entra') && typed.length > 0 && [...typed].length < MIN_SEARCH;
  const { data, errorMessage, isPending, isFetching, refetch } = useGraphqlQuery<ExplorerData>(
    QUERY,
    { clientId, kind, search: tooShort ? null : typed || null, offset: (page - 1) * PAGE_SIZE },
    { keepPrevious: true },
  );
  const explorer = data?.explorer;

  return (
    <>
      <PageHeader
        title="Objekt-Explorer"
        description={
          explorer?.collectedAt
            ? `Stand der letzten Erfassung von ${explorer.domain ?? 'der Domäne'}: ${formatDateTime(explorer.collectedAt)}`
            : 'Benutzer, Gruppen, Computer und Richtlinien aus der letzten Erfassung des Collectors, dazu die Objekte von Entra ID.'
        }
        actions={explorer?.objects.length ? <ExportMenu clientId={clientId} choices={[]} visibleRows={{ fileName: `explorer-${kind}-seite-${page}.csv`, toCsv: () => toCsv(CSV_COLUMNS, explorer.objects) }} /> : undefined}
      />
      <Card withBorder radius="md" p="md">
        <Tabs value={kind} onChange={(value) => { setKind((value as Kind | null) ?? 'user'); setPage(1); }} mb="md">
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder="Nach Name oder Anmeldename suchen (oder ganzem DN)"
          value={search}
          onChange={(event) => { setSearch(event.currentTarget.value); setPage(1); }}
          mb={explorer?.totalCapped || tooShort ? 'xs' : 'md'}
          aria-label="Objekte durchsuchen"
        />
        {tooShort && (
          <Text size="sm" c="dimmed" mb="md">
            Die Suche beginnt ab {MIN_SEARCH} Zeichen.
          </Text>
        )}
        {!tooShort && explorer?.totalCapped && (
          <Text size="sm" c="dimmed" mb="md">
            Mehr als {(explorer.total - 1).toLocaleString('de-DE')} Treffer: angezeigt werden {explorer.total.toLocaleString('de-DE')} davon. Bitte grenzen Sie die Suche weiter ein.
          </Text>
        )}
        {isPending ? (
          <LoadingState label="Objekte werden geladen …" />
        ) : errorMessage && !explorer ? (
          <ErrorState message={errorMessage} onRetry={() => void refetch()} />
        ) : !explorer?.collectedAt ? (
          <EmptyState title="Noch keine Erfassung vorhanden">
            Sobald der Collector das Verzeichnis zum ersten Mal erfasst hat, können Sie hier alle Objekte durchsuchen.
          </EmptyState>
        ) : explorer.objects.length === 0 ? (
          <EmptyState title="Keine Objekte gefunden">Für diese Suche gibt es keine Treffer.</EmptyState>
        ) : (
          <ListTable
            rows={explorer.objects}
            columns={COLUMNS}
            rowId={(object) => object.objectGuid}
            label="Objekte"
            minWidth={0}
            testId="explorer-table"
            emptyText="Für diese Suche gibt es keine Treffer."
            onRowClick={setSelected}
            rowAttributes={() => ({ 'data-testid': 'explorer-row' })}
            serverPaging={{ page, pageSize: PAGE_SIZE, total: explorer.total, totalIsLowerBound: explorer.totalCapped, onPageChange: setPage, fetching: isFetching }}
          />
        )}
      </Card>
      <ObjectDrawer clientId={clientId} object={selected} onClose={() => setSelected(null)} />
    </>
  );
}
