import { formatDateTime } from '@burgwall/shared';
import { Badge, Card, Group, Select, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { dayBoundary, GERMAN_DATE_FORMAT, GermanDatePickerInput } from '../../components/dates-provider';
import { LoadMoreButton } from '../../components/load-more-button';
import { PageHeader } from '../../components/page-header';
import { ExportMenu } from '../../components/export-menu';
import { graphqlKey, useGraphqlPages, useGraphqlQuery } from '../../lib/api-query';
import { type LiveStatus, useSubscription } from '../../lib/graphql/use-subscription';
import { IoaEventCells } from '../../components/ioa-event-cells';
import type { Severity } from '../../components/severity-badge';
import { SeveritySelect } from '../../components/severity-select';
import { type TimeOrder, TimeOrderControl } from '../../components/time-order-control';
import { SecurityLogCards } from './security-log-cards';
import { IOA_DETECTORS_QUERY, IOA_EVENTS_QUERY, IOA_EVENTS_SUBSCRIPTION, type IoaDetectorNames, type IoaEvent, type IoaEventFilter, type IoaEventPage, matchesFilter } from './ioa-queries';

function LiveBadge({ status }: { status: LiveStatus }) {
  if (status === 'live') {
    return (
      <Badge color="green" variant="dot" size="lg" data-testid="live-status">
        Live
      </Badge>
    );
  }
  return (
    <Tooltip label="Neue Ereignisse erscheinen, sobald die Verbindung steht.">
      <Badge color={status === 'error' ? 'red' : 'gray'} variant="dot" size="lg" data-testid="live-status">
        {status === 'error' ? 'Live-Verbindung getrennt' : 'Verbinde …'}
      </Badge>
    </Tooltip>
  );
}

/** /client/{clientId}/security-log: every IoA event, newest (or oldest) first; new ones arrive live over the WebSocket. */
export function SecurityLogPage() {
  const { clientId = '' } = useParams();
  const [severity, setSeverity] = useState<Severity | null>(null);
  const [detector, setDetector] = useState<string | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [order, setOrder] = useState<TimeOrder>('NEWEST_FIRST');
  const filter: IoaEventFilter = useMemo(
    () => ({ severity, detector, from: range[0] ? dayBoundary(range[0], false) : null, to: range[1] ? dayBoundary(range[1], true) : range[0] ? dayBoundary(range[0], true) : null }),
    [severity, detector, range],
  );
  const variables = useMemo(() => ({ clientId, ...filter, order }), [clientId, filter, order]);
  const pages = useGraphqlPages(IOA_EVENTS_QUERY, variables, (page: IoaEventPage) => page.ioaEvents);
  const detectors = useGraphqlQuery<IoaDetectorNames>(IOA_DETECTORS_QUERY, {});
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const phone = useMediaQuery('(max-width: 48em)');

  // A live event goes into the cached list it belongs to, so paging and filters stay one source: on top of the first
  // page newest first; oldest first at the end of the last page, once that is loaded (until then paging brings it).
  const cache = useQueryClient();
  const onLive = useCallback(
    (data: { ioaEvents: IoaEvent }) => {
      const event = data.ioaEvents;
      if (!matchesFilter(event, filter)) return;
      cache.setQueryData<InfiniteData<IoaEventPage>>(graphqlKey(IOA_EVENTS_QUERY, variables), (current) => {
        if (!current?.pages[0] || current.pages.some((page) => page.ioaEvents.nodes.some((node) => node.id === event.id))) return current;
        if (order === 'OLDEST_FIRST') {
          const last = current.pages.at(-1);
          if (!last || last.ioaEvents.pageInfo.hasNextPage) return current;
          return { ...current, pages: [...current.pages.slice(0, -1), { ioaEvents: { ...last.ioaEvents, nodes: [...last.ioaEvents.nodes, event] } }] };
        }
        const [first, ...rest] = current.pages;
        return { ...current, pages: [{ ioaEvents: { ...first.ioaEvents, nodes: [event, ...first.ioaEvents.nodes] } }, ...rest] };
      });
      setFreshIds((ids) => new Set(ids).add(event.id));
    },
    [cache, filter, variables, order],
  );
  const liveStatus = useSubscription(IOA_EVENTS_SUBSCRIPTION, { clientId }, onLive);
  const events = pages.rows;
  const exportRange = Object.fromEntries(Object.entries({ from: filter.from, to: filter.to }).filter((entry): entry is [string, string] => entry[1] !== null));

  return (
    <>
      <PageHeader
        title="Sicherheitsprotokoll"
        description="Erkannte Angriffsindikatoren (IoA) aus den Verzeichnisänderungen – neue Ereignisse erscheinen ohne Neuladen."
        actions={
          <Group gap="sm">
            <LiveBadge status={liveStatus} />
            <ExportMenu clientId={clientId} choices={[{ kind: 'ioas', label: filter.from ? 'Angriffsindikatoren im Zeitraum' : 'Angriffsindikatoren (IoA)', query: exportRange }]} />
          </Group>
        }
      />
      <Card withBorder radius="md" p="md">
        <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
          <SeveritySelect value={severity} onChange={setSeverity} />
          <Select
            label="Angriffsindikator"
            placeholder="Alle Angriffsindikatoren"
            clearable
            searchable
            w={260}
            data={(detectors.data?.ioaDetectors ?? []).map(({ slug, title }) => ({ value: slug, label: title }))}
            value={detector}
            onChange={setDetector}
          />
          <GermanDatePickerInput type="range" label="Zeitraum" placeholder="Von – bis" valueFormat={GERMAN_DATE_FORMAT} clearable allowSingleDateInRange w={260} value={range} onChange={setRange} />
          <TimeOrderControl value={order} onChange={setOrder} />
          <Text size="sm" c="dimmed" ml="auto">
            {events.length} {events.length === 1 ? 'Ereignis' : 'Ereignisse'} angezeigt
          </Text>
        </Group>
        {pages.isPending ? (
          <LoadingState label="Sicherheitsprotokoll wird geladen …" />
        ) : pages.errorMessage && events.length === 0 ? (
          <ErrorState message={pages.errorMessage} onRetry={() => void pages.refetch()} />
        ) : events.length === 0 ? (
          <EmptyState title="Keine Angriffe erkannt">
            Sobald eine Änderung im Verzeichnis einem Angriffsmuster entspricht, erscheint sie hier – sofort und ohne
            Neuladen.
          </EmptyState>
        ) : phone ? (
          <SecurityLogCards events={events} freshIds={freshIds} />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="security-log-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>Zeitpunkt</Table.Th>
                  <Table.Th w={120}>Schweregrad</Table.Th>
                  <Table.Th>Angriffsindikator</Table.Th>
                  <Table.Th>Objekt</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => (
                  <Table.Tr key={event.id} data-testid="security-log-row" bg={freshIds.has(event.id) ? 'var(--mantine-color-yellow-light)' : undefined}>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(event.occurredAt)}</Text>
                    </Table.Td>
                    <IoaEventCells event={event} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages.isFetchNextPageError && pages.errorMessage && <ErrorState message={pages.errorMessage} onRetry={() => void pages.fetchNextPage()} />}
        <LoadMoreButton hasNextPage={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={() => void pages.fetchNextPage()} label={order === 'OLDEST_FIRST' ? 'Neuere Ereignisse laden' : 'Ältere Ereignisse laden'} />
      </Card>
    </>
  );
}
