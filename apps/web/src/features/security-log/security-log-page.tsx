import { formatDateTime } from '@burgwall/shared';
import { Badge, Card, Group, Select, Table, Text, Tooltip } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { LoadMoreButton } from '../../components/load-more-button';
import { PageHeader } from '../../components/page-header';
import { ExportMenu } from '../../components/export-menu';
import { graphqlRequest } from '../../lib/graphql/graphql-query';
import { useGraphql } from '../../lib/graphql/use-graphql';
import { type LiveStatus, useSubscription } from '../../lib/graphql/use-subscription';
import { IoaEventCells } from '../../components/ioa-event-cells';
import { SEVERITY_LABEL, type Severity } from '../../components/severity-badge';
import { IOA_EVENTS_QUERY, IOA_EVENTS_SUBSCRIPTION, type IoaEvent, type IoaEventPage } from './ioa-queries';

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

/** /client/{clientId}/security-log: every IoA event, newest first; new ones arrive live over the WebSocket. */
export function SecurityLogPage() {
  const { clientId = '' } = useParams();
  const [severity, setSeverity] = useState<Severity | null>(null);
  const page = useGraphql<IoaEventPage>(IOA_EVENTS_QUERY, { clientId, severity });
  // Live arrivals and older pages belong to the query (page.key) they were added to; a new filter starts over.
  const [live, setLive] = useState<{ key: string; events: IoaEvent[] }>({ key: '', events: [] });
  const [older, setOlder] = useState<{ key: string; events: IoaEvent[]; pageInfo: IoaEventPage['ioaEvents']['pageInfo'] | null }>({ key: '', events: [], pageInfo: null });
  const [loadingMore, setLoadingMore] = useState(false);
  const liveEvents = live.key === page.key ? live.events : [];
  const olderPage = older.key === page.key ? older : { events: [], pageInfo: null };
  const cursor = olderPage.pageInfo ?? page.data?.ioaEvents.pageInfo ?? { endCursor: null, hasNextPage: false };
  const seen = new Set<string>();
  const events = [...liveEvents, ...(page.data?.ioaEvents.nodes ?? []), ...olderPage.events].filter(
    (event) => !seen.has(event.id) && seen.add(event.id),
  );
  const freshIds = new Set(liveEvents.map((event) => event.id));

  const pageKey = page.key;
  const onLive = useCallback(
    (data: { ioaEvents: IoaEvent }) => {
      const event = data.ioaEvents;
      if (severity && event.severity !== severity) return;
      setLive((current) => ({ key: pageKey, events: [event, ...(current.key === pageKey ? current.events : [])] }));
    },
    [severity, pageKey],
  );
  const liveStatus = useSubscription(IOA_EVENTS_SUBSCRIPTION, { clientId }, onLive);

  const loadMore = async () => {
    if (!cursor.endCursor) return;
    setLoadingMore(true);
    try {
      const next = await graphqlRequest<IoaEventPage>(IOA_EVENTS_QUERY, { clientId, severity, after: cursor.endCursor });
      setOlder({ key: pageKey, events: [...olderPage.events, ...next.ioaEvents.nodes], pageInfo: next.ioaEvents.pageInfo });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Sicherheitsprotokoll"
        description="Erkannte Angriffsindikatoren (IoA) aus den Verzeichnisänderungen – neue Ereignisse erscheinen ohne Neuladen."
        actions={
          <Group gap="sm">
            <LiveBadge status={liveStatus} />
            <ExportMenu clientId={clientId} choices={[{ kind: 'ioas', label: 'Angriffsindikatoren (IoA)' }]} />
          </Group>
        }
      />
      <Card withBorder radius="md" p="md">
        <Group mb="md" justify="space-between">
          <Select
            label="Schweregrad"
            placeholder="Alle Schweregrade"
            clearable
            w={220}
            data={Object.entries(SEVERITY_LABEL).map(([value, label]) => ({ value, label }))}
            value={severity}
            onChange={(value) => setSeverity(value as Severity | null)}
          />
          <Text size="sm" c="dimmed">
            {events.length} {events.length === 1 ? 'Ereignis' : 'Ereignisse'} angezeigt
          </Text>
        </Group>
        {page.loading && events.length === 0 ? (
          <LoadingState label="Sicherheitsprotokoll wird geladen …" />
        ) : page.error ? (
          <ErrorState message={page.error} onRetry={page.reload} />
        ) : events.length === 0 ? (
          <EmptyState title="Keine Angriffe erkannt">
            Sobald eine Änderung im Verzeichnis einem Angriffsmuster entspricht, erscheint sie hier – sofort und ohne
            Neuladen.
          </EmptyState>
        ) : (
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
        )}
        <LoadMoreButton hasNextPage={cursor.hasNextPage} loading={loadingMore} onLoad={loadMore} label="Ältere Ereignisse laden" />
      </Card>
    </>
  );
}
