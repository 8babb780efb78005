import { ActionIcon, Badge, Button, Divider, Group, Modal, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconFileDownload, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { REPORT_FREQUENCY_LABELS, type ReportSchedule } from '@burgwall/shared';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { downloadSummaryReport } from '../../components/report-download';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { deleteReportSchedule, listReportSchedules } from './alerts-api';
import { ReportScheduleForm } from './report-schedule-form';

const germanDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('de-DE');

function ScheduleFacts({ schedule }: { schedule: ReportSchedule }) {
  return (
    <Group gap="xs">
      <Badge variant="light">{REPORT_FREQUENCY_LABELS[schedule.frequency]}</Badge>
      <Text size="sm" c="dimmed">
        {schedule.recipientUserIds.length} {schedule.recipientUserIds.length === 1 ? 'Empfänger' : 'Empfänger'} · nächster Versand {germanDay(schedule.nextSendOn)}
        {schedule.lastSentAt ? ` · zuletzt ${new Date(schedule.lastSentAt).toLocaleDateString('de-DE')}` : ''}
      </Text>
    </Group>
  );
}

function StopButton({ providerId, schedule }: { providerId: string; schedule: ReportSchedule }) {
  const remove = useApiMutation(() => deleteReportSchedule(providerId, schedule.id), ['listReportSchedules']);
  const stop = async () => {
    try {
      await remove.mutateAsync(undefined);
      notify({ type: 'success', title: 'Versand beendet', text: schedule.clientName ? `Für ${schedule.clientName} werden keine Berichte mehr verschickt.` : 'Der Übersichtsbericht wird nicht mehr verschickt.' });
    } catch (error) {
      notify({ type: 'error', title: 'Beenden fehlgeschlagen', text: errorText(error) });
    }
  };
  return (
    <Tooltip label="Versand beenden">
      <ActionIcon variant="subtle" color="red" aria-label={`Versand beenden${schedule.clientName ? ` für ${schedule.clientName}` : ''}`} loading={remove.isPending} onClick={() => void stop()}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The "Berichte" tab of the provider settings: the summary (download and schedule) and each client's report schedule. */
export function ReportSchedulesPanel({ providerId }: { providerId: string }) {
  const schedules = useApiQuery(listReportSchedules(providerId));
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);
  const summary = schedules.data?.find((schedule) => schedule.clientId === null) ?? null;
  const perClient = schedules.data?.filter((schedule) => schedule.clientId !== null) ?? [];
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={4}>Übersichtsbericht</Title>
            <Text size="sm" c="dimmed">
              Sicherheitswert, Note, Trend der letzten 30 Tage und die größten Risiken aller Ihrer Kunden in einem PDF.
            </Text>
          </div>
          <Button variant="light" leftSection={<IconFileDownload size={16} />} onClick={() => void downloadSummaryReport(providerId)}>
            Übersichtsbericht (PDF)
          </Button>
        </Group>
        {schedules.isPending && <LoadingState />}
        {schedules.errorMessage && <ErrorState message={schedules.errorMessage} onRetry={() => void schedules.refetch()} />}
        {schedules.data && (
          <Paper withBorder radius="md" p="md">
            {summary && (
              <Group justify="space-between" mb="sm" wrap="wrap">
                <ScheduleFacts schedule={summary} />
                <StopButton providerId={providerId} schedule={summary} />
              </Group>
            )}
            <ReportScheduleForm key={summary?.id ?? 'new-summary'} providerId={providerId} summary existing={summary} />
          </Paper>
        )}
      </Stack>
      <Divider />
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={4}>Sicherheitsberichte je Kunde</Title>
            <Text size="sm" c="dimmed">
              Der PDF-Sicherheitsbericht eines Kunden, wöchentlich oder monatlich per E-Mail an Ihr Team oder die Benutzer des Kunden.
            </Text>
          </div>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Berichtsversand hinzufügen
          </Button>
        </Group>
        {schedules.data && perClient.length === 0 && <EmptyState title="Noch kein Berichtsversand">Legen Sie fest, welcher Kunde seinen Bericht regelmäßig erhält.</EmptyState>}
        {perClient.map((schedule) => (
          <Paper key={schedule.id} withBorder radius="md" p="md" data-testid="report-schedule-row">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
                <Text fw={600}>{schedule.clientName}</Text>
                <ScheduleFacts schedule={schedule} />
              </Stack>
              <Group gap="xs">
                <Tooltip label="Bearbeiten">
                  <ActionIcon variant="subtle" aria-label={`Versand für ${schedule.clientName ?? ''} bearbeiten`} onClick={() => setEditing(schedule)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <StopButton providerId={providerId} schedule={schedule} />
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Berichtsversand" size="lg">
        {editing !== null && <ReportScheduleForm providerId={providerId} summary={false} existing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
