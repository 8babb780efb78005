import { type AdminJobFailure, type AdminJobQueue, formatDateTime, JOB_STATE_LABELS, JOB_STATES, type JobState, type JobStateCounts } from '@burgwall/shared';
import { Anchor, Badge, Button, Code, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh, IconRotateClockwise } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ConfirmAction } from '../../components/confirm-action';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { PageHeader } from '../../components/page-header';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { formatWaiting, getAdminJobs, retryAdminJob } from './admin-jobs-api';

const STATE_COLORS: Record<JobState, string> = { created: 'blue', retry: 'yellow', active: 'teal', completed: 'green', failed: 'red', cancelled: 'gray' };
const number = new Intl.NumberFormat('de-DE');
const sum = (counts: JobStateCounts) => JOB_STATES.reduce((total, state) => total + counts[state], 0);

/** One bar per queue: the share of each state, so a growing backlog or a run of failures stands out at a glance. */
function StateBar({ counts }: { counts: JobStateCounts }) {
  const total = sum(counts);
  if (total === 0) return <Progress.Root size="lg" aria-label="Keine Aufträge" />;
  return (
    <Progress.Root size="lg">
      {JOB_STATES.filter((state) => counts[state] > 0).map((state) => (
        <Tooltip key={state} label={`${JOB_STATE_LABELS[state]}: ${number.format(counts[state])}`}>
          <Progress.Section value={(counts[state] / total) * 100} color={STATE_COLORS[state]} aria-label={`${JOB_STATE_LABELS[state]}: ${counts[state]}`} />
        </Tooltip>
      ))}
    </Progress.Root>
  );
}

function QueueName({ queue }: { queue: AdminJobQueue }) {
  return (
    <Stack gap={0}>
      <Text fw={600} size="sm">
        {queue.label}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {queue.queue}
      </Text>
    </Stack>
  );
}

const waitingText = (queue: AdminJobQueue) => (queue.oldestWaitingSeconds === null ? '–' : `seit ${formatWaiting(queue.oldestWaitingSeconds)}`);

function QueueTable({ queues }: { queues: AdminJobQueue[] }) {
  return (
    <Table.ScrollContainer minWidth={860} visibleFrom="md">
    <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label="Warteschlangen">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Warteschlange</Table.Th>
          <Table.Th w={110}>Verteilung</Table.Th>
          {JOB_STATES.map((state) => (
            <Table.Th key={state} ta="right">
              {JOB_STATE_LABELS[state]}
            </Table.Th>
          ))}
          <Table.Th>Ältester wartend</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {queues.map((queue) => (
          <Table.Tr key={queue.queue}>
            <Table.Td>
              <QueueName queue={queue} />
            </Table.Td>
            <Table.Td>
              <StateBar counts={queue.counts} />
            </Table.Td>
            {JOB_STATES.map((state) => (
              <Table.Td key={state} ta="right" c={queue.counts[state] > 0 && (state === 'failed' || state === 'retry') ? STATE_COLORS[state] : undefined} fw={queue.counts[state] > 0 ? 600 : 400}>
                {number.format(queue.counts[state])}
              </Table.Td>
            ))}
            <Table.Td>{waitingText(queue)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each queue is a compact card (name, bar, the states it has jobs in) instead of a nine-column table. */
function QueueCards({ queues }: { queues: AdminJobQueue[] }) {
  return (
    <Stack hiddenFrom="md" gap="xs" p="sm">
      {queues.map((queue) => {
        const present = JOB_STATES.filter((state) => queue.counts[state] > 0);
        return (
          <Paper key={queue.queue} withBorder radius="md" p="xs" aria-label={queue.label}>
            <QueueName queue={queue} />
            <Stack gap={4} mt={4}>
              <StateBar counts={queue.counts} />
              <Text size="xs" c={queue.counts.failed > 0 ? 'red' : 'dimmed'}>
                {present.length === 0 ? 'Keine Aufträge' : present.map((state) => `${JOB_STATE_LABELS[state]}: ${number.format(queue.counts[state])}`).join(' · ')}
                {queue.oldestWaitingSeconds !== null && ` · ältester wartend ${waitingText(queue)}`}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function FailureCard({ failure }: { failure: AdminJobFailure }) {
  const retryJob = useApiMutation(() => retryAdminJob(failure.queue, failure.id), ['getAdminJobs']);
  const busy = retryJob.isPending;
  const retry = () =>
    retryJob.mutateAsync(undefined).then(
      () => notify({ type: 'success', title: 'Auftrag neu eingereiht', text: `Der Auftrag aus „${failure.queue}“ wird erneut ausgeführt.` }),
      (error: unknown) => notify({ type: 'error', title: 'Erneuter Versuch nicht möglich', text: errorText(error) }),
    );
  return (
    <Paper withBorder radius="md" p="sm" data-testid="job-failure" data-job-id={failure.id}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge color={STATE_COLORS[failure.state]} variant="light">
              {JOB_STATE_LABELS[failure.state]}
            </Badge>
            <Text size="sm" fw={600} ff="monospace">
              {failure.queue}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {failure.failedAt ? `Fehlgeschlagen am ${formatDateTime(failure.failedAt)}` : `Angelegt am ${formatDateTime(failure.createdAt)}`} · Versuche{' '}
            {failure.retryCount + 1} von {failure.retryLimit + 1}
            {failure.clientId && (
              <>
                {' · Kunde '}
                <Anchor component={Link} to={`/client/${failure.clientId}/dashboard`} size="xs">
                  {failure.clientName ?? failure.clientId}
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
        {failure.state === 'failed' && (
          <ConfirmAction
            title="Auftrag erneut versuchen?"
            confirmLabel="Erneut versuchen"
            loading={busy}
            onConfirm={retry}
            trigger={(open) => (
              <Button size="xs" variant="light" leftSection={<IconRotateClockwise size={14} />} onClick={open}>
                Erneut versuchen
              </Button>
            )}
          >
            Der Auftrag aus „{failure.queue}“{failure.clientName ? ` für ${failure.clientName}` : ''} wird mit einem weiteren Versuch neu eingereiht und gleich
            ausgeführt. Schlägt er wieder fehl, erscheint er erneut in dieser Liste.
          </ConfirmAction>
        )}
      </Group>
      <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {failure.error}
      </Code>
      {failure.errorTruncated && (
        <Text size="xs" c="dimmed" mt={4}>
          Fehlermeldung gekürzt.
        </Text>
      )}
    </Paper>
  );
}

/** /admin/jobs „Hintergrundaufträge“: the pg-boss queues with their depth, age and failures; failed jobs can be retried. */
export function AdminJobsPage() {
  const jobs = useApiQuery(getAdminJobs());
  const reload = () => void jobs.refetch();
  const data = jobs.data;
  return (
    <>
      <PageHeader
        title="Hintergrundaufträge"
        description="Auswertungen, Erfassungen, Zustellungen und Aufbewahrung als Aufträge in der Warteschlange (etwa die letzte Woche)"
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reload} loading={jobs.isFetching && Boolean(data)}>
            Aktualisieren
          </Button>
        }
      />
      {jobs.isPending && <LoadingState />}
      {jobs.errorMessage && <ErrorState message={jobs.errorMessage} onRetry={reload} />}
      {data && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            {JOB_STATES.map((state) => (
              <Paper key={state} withBorder radius="lg" p="sm" data-testid={`total-${state}`}>
                <Text size="xs" c="dimmed">
                  {JOB_STATE_LABELS[state]}
                </Text>
                <Text size="xl" fw={700} c={data.totals[state] > 0 && state === 'failed' ? 'red' : STATE_COLORS[state] === 'gray' ? undefined : STATE_COLORS[state]}>
                  {number.format(data.totals[state])}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>

          <Paper withBorder radius="lg">
            <Title order={4} px="md" pt="md">
              Warteschlangen
            </Title>
            {data.queues.length === 0 ? (
              <EmptyState title="Noch keine Warteschlangen">Sie entstehen mit dem ersten Start des Servers.</EmptyState>
            ) : (
              <>
                <QueueTable queues={data.queues} />
                <QueueCards queues={data.queues} />
              </>
            )}
          </Paper>

          <Stack gap="sm">
            <Title order={4}>Fehlgeschlagene Aufträge</Title>
            {data.failures.length === 0 ? (
              <Paper withBorder radius="lg">
                <EmptyState title="Keine Fehlschläge">Kein Auftrag ist fehlgeschlagen oder wartet auf eine Wiederholung.</EmptyState>
              </Paper>
            ) : (
              data.failures.map((failure) => <FailureCard key={failure.id} failure={failure} />)
            )}
          </Stack>

          {data.clients.length > 0 && (
            <Paper withBorder radius="lg">
              <Title order={4} px="md" pt="md">
                Kunden mit offenen oder fehlgeschlagenen Aufträgen
              </Title>
              <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Aufträge je Kunde">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Kunde</Table.Th>
                    <Table.Th>Aufträge</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.clients.map((client) => (
                    <Table.Tr key={client.clientId}>
                      <Table.Td>
                        <Anchor component={Link} to={`/client/${client.clientId}/dashboard`} size="sm" style={{ wordBreak: 'break-word' }}>
                          {client.clientName ?? client.clientId}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={client.failed > 0 ? 'red' : undefined}>
                          {[
                            client.waiting > 0 && `${number.format(client.waiting)} wartend`,
                            client.active > 0 && `${number.format(client.active)} laufend`,
                            client.failed > 0 && `${number.format(client.failed)} fehlgeschlagen`,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
          <Text size="xs" c="dimmed">
            Stand: {formatDateTime(data.generatedAt)}
          </Text>
        </Stack>
      )}
    </>
  );
}
