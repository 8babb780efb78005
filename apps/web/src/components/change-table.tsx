import { formatDateTime } from '@burgwall/shared';
import { Badge, Code, Group, Table, Text } from '@mantine/core';
import { ChangeValueDiff } from './change-value-diff';
import { useState } from 'react';
import { LoadMoreButton } from './load-more-button';
import { EmptyState, ErrorState, LoadingState } from './data-states';
import { graphqlRequest } from '../lib/graphql/graphql-query';
import { useGraphql } from '../lib/graphql/use-graphql';
import { DirectoryBadge } from './directory-badge';
import { type Change, type ChangeFilter, type ChangePage, CHANGES_QUERY, dcNameOf, OBJECT_CLASS_LABEL } from './change-queries';

/** Where the change was made and the attribute's version, from the replication metadata (when the collector sent them). */
function ChangeOrigin({ change }: { change: Change }) {
  if (change.originatingDsa === null && change.version === null) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="change-origin">
      {change.originatingDsa !== null && (
        <span title={change.originatingDsa}>
          Ursprungs-DC: {dcNameOf(change.originatingDsa)}
          <br />
        </span>
      )}
      {change.version !== null && <>Version: {change.version}</>}
    </Text>
  );
}

/** Changes matching a filter, newest first, with cursor paging ("Weitere laden"). */
export function ChangeTable({
  clientId,
  filter,
  onSelectObject,
  compact = false,
}: {
  clientId: string;
  filter: ChangeFilter;
  onSelectObject?: (change: Change) => void;
  compact?: boolean;
}) {
  const first = compact ? 20 : 50;
  const page = useGraphql<ChangePage>(CHANGES_QUERY, { clientId, filter, first });
  // Further pages belong to the query they extend (page.key); another filter starts from its first page.
  const [more, setMore] = useState<{ key: string; rows: Change[]; pageInfo: ChangePage['changes']['pageInfo'] | null }>({ key: '', rows: [], pageInfo: null });
  const [loadingMore, setLoadingMore] = useState(false);
  const extra = more.key === page.key ? more : { rows: [], pageInfo: null };
  const rows = [...(page.data?.changes.nodes ?? []), ...extra.rows];
  const cursor = extra.pageInfo ?? page.data?.changes.pageInfo ?? { endCursor: null, hasNextPage: false };

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const next = await graphqlRequest<ChangePage>(CHANGES_QUERY, { clientId, filter, first, after: cursor.endCursor });
      setMore({ key: page.key, rows: [...extra.rows, ...next.changes.nodes], pageInfo: next.changes.pageInfo });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    } finally {
      setLoadingMore(false);
    }
  };

  if (page.loading && rows.length === 0) return <LoadingState label="Änderungen werden geladen …" />;
  if (page.error) return <ErrorState message={page.error} onRetry={page.reload} />;
  if (rows.length === 0) {
    return (
      <EmptyState title="Keine Änderungen gefunden">
        Der Collector meldet Änderungen an Benutzern, Gruppen, Computern und Richtlinien, sobald sie im Verzeichnis
        passieren. Passen Sie andernfalls die Filter an.
      </EmptyState>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="change-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={160}>Zeitpunkt</Table.Th>
              {!compact && <Table.Th>Objekt</Table.Th>}
              <Table.Th w={170}>Attribut</Table.Th>
              <Table.Th>Änderung (alt → neu)</Table.Th>
              <Table.Th w={90}>Hinweis</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((change) => (
              <Table.Tr key={change.id} data-testid="change-row">
                <Table.Td>
                  <Text size="sm">{formatDateTime(change.timestamp)}</Text>
                  <ChangeOrigin change={change} />
                </Table.Td>
                {!compact && (
                  <Table.Td maw={320}>
                    <Group gap={4} mb={4}>
                      <DirectoryBadge directory={change.directory} size="xs" title={change.directory === 'entra' ? 'Änderung in Entra ID (zwischen zwei Erfassungen)' : 'Änderung im lokalen Active Directory'} />
                      <Badge size="xs" variant="light" color="gray">
                        {OBJECT_CLASS_LABEL[change.objectClass] ?? change.objectClass}
                      </Badge>
                    </Group>
                    {onSelectObject ? (
                      <Text size="sm" c="blue" style={{ cursor: 'pointer', wordBreak: 'break-all' }} onClick={() => onSelectObject(change)}>
                        {change.distinguishedName}
                      </Text>
                    ) : (
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {change.distinguishedName}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <Code>{change.propertyName}</Code>
                </Table.Td>
                <Table.Td miw={240} maw={520}>
                  <ChangeValueDiff property={change.propertyName} oldValue={change.oldValue} newValue={change.newValue} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {change.isIoa && (
                      <Badge color="red" size="sm">
                        IoA
                      </Badge>
                    )}
                    {change.isIoe && (
                      <Badge color="orange" size="sm">
                        IoE
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMoreButton hasNextPage={cursor.hasNextPage} loading={loadingMore} onLoad={loadMore} label="Weitere Änderungen laden" />
    </>
  );
}
