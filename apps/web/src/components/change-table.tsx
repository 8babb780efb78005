import { formatDateTime } from '@burgwall/shared';
import { Badge, Card, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ChangeValueDiff } from './change-value-diff';
import { LoadMoreButton } from './load-more-button';
import { EmptyState, ErrorState, LoadingState } from './data-states';
import { useGraphqlPages } from '../lib/api-query';
import { DirectoryBadge } from './directory-badge';
import { type TimeOrder, TimeOrderControl } from './time-order-control';
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

function Flags({ change }: { change: Change }) {
  return (
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
  );
}

function ChangeObject({ change, onSelect }: { change: Change; onSelect?: (change: Change) => void }) {
  return (
    <>
      <Group gap={4} mb={4}>
        <DirectoryBadge directory={change.directory} size="xs" title={change.directory === 'entra' ? 'Änderung in Entra ID (zwischen zwei Erfassungen)' : 'Änderung im lokalen Active Directory'} />
        <Badge size="xs" variant="light" color="gray">
          {OBJECT_CLASS_LABEL[change.objectClass] ?? change.objectClass}
        </Badge>
      </Group>
      {onSelect ? (
        <Text size="sm" c="blue" style={{ cursor: 'pointer', wordBreak: 'break-all' }} onClick={() => onSelect(change)}>
          {change.distinguishedName}
        </Text>
      ) : (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {change.distinguishedName}
        </Text>
      )}
    </>
  );
}

interface RowsProps {
  rows: Change[];
  compact: boolean;
  onSelectObject?: (change: Change) => void;
}

/** Desktop: one table row per change. */
function ChangeRows({ rows, compact, onSelectObject }: RowsProps) {
  return (
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
                  <ChangeObject change={change} onSelect={onSelectObject} />
                </Table.Td>
              )}
              <Table.Td>
                <Code>{change.propertyName}</Code>
              </Table.Td>
              <Table.Td miw={240} maw={520}>
                <ChangeValueDiff property={change.propertyName} oldValue={change.oldValue} newValue={change.newValue} />
              </Table.Td>
              <Table.Td>
                <Flags change={change} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: a table of five columns cannot fit 390 px without scrolling sideways, so each change is a stacked card. */
function ChangeCards({ rows, compact, onSelectObject }: RowsProps) {
  return (
    <Stack gap="xs" data-testid="change-table">
      {rows.map((change) => (
        <Card key={change.id} withBorder padding="sm" radius="sm" data-testid="change-row">
          <Group justify="space-between" gap="xs" mb={4} wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" fw={600}>
                {formatDateTime(change.timestamp)}
              </Text>
              <ChangeOrigin change={change} />
            </div>
            <Flags change={change} />
          </Group>
          {!compact && <ChangeObject change={change} onSelect={onSelectObject} />}
          <Code mt={6} display="inline-block" style={{ wordBreak: 'break-all' }}>
            {change.propertyName}
          </Code>
          <ChangeValueDiff property={change.propertyName} oldValue={change.oldValue} newValue={change.newValue} />
        </Card>
      ))}
    </Stack>
  );
}

/** Changes matching a filter, newest (or oldest) first, with cursor paging ("Weitere laden") through the query cache. */
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
  const phone = useMediaQuery('(max-width: 48em)');
  const [order, setOrder] = useState<TimeOrder>('NEWEST_FIRST');
  const pages = useGraphqlPages(CHANGES_QUERY, { clientId, filter, first: compact ? 20 : 50, order }, (page: ChangePage) => page.changes);
  const { rows } = pages;

  if (pages.isPending) return <LoadingState label="Änderungen werden geladen …" />;
  if (pages.errorMessage && rows.length === 0) return <ErrorState message={pages.errorMessage} onRetry={() => void pages.refetch()} />;
  if (rows.length === 0) {
    return (
      <EmptyState title="Keine Änderungen gefunden">
        Der Collector meldet Änderungen an Benutzern, Gruppen, Computern und Richtlinien, sobald sie im Verzeichnis
        passieren. Passen Sie andernfalls die Filter an.
      </EmptyState>
    );
  }
  const Rows = phone ? ChangeCards : ChangeRows;
  return (
    <>
      <Group justify="flex-end" mb="xs">
        <TimeOrderControl value={order} onChange={setOrder} />
      </Group>
      <Rows rows={rows} compact={compact} onSelectObject={onSelectObject} />
      {pages.isFetchNextPageError && pages.errorMessage && <ErrorState message={pages.errorMessage} onRetry={() => void pages.fetchNextPage()} />}
      <LoadMoreButton hasNextPage={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={() => void pages.fetchNextPage()} label="Weitere Änderungen laden" />
    </>
  );
}
