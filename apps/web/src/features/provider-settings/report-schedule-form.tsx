import { Button, Group, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS, reportScheduleBodySchema, type ReportFrequency, type ReportSchedule, type ReportScheduleBody } from '@burgwall/shared';
import { germanBodyResolver } from '../../lib/forms/schema-form';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { listAlertRecipients, listProviderClients, saveReportSchedule } from './alerts-api';

/** Short enough for a phone's width; the long label (with the day) is shown below. */
const SHORT_LABELS: Record<ReportFrequency, string> = { weekly: 'Wöchentlich', monthly: 'Monatlich' };

interface Values {
  clientId: string;
  frequency: ReportFrequency;
  recipientUserIds: string[];
}

/**
 * Sets the schedule of a client's report or of the summary (`summary`). Recipients: the team, and for a client's
 * report also that client's users (the summary shows every client, so it goes to the team only).
 */
export function ReportScheduleForm({ providerId, summary, existing, onDone }: { providerId: string; summary: boolean; existing: ReportSchedule | null; onDone?: () => void }) {
  const recipients = useApiQuery(listAlertRecipients(providerId));
  const clients = useApiQuery(listProviderClients(providerId));
  const save = useApiMutation((body: ReportScheduleBody) => saveReportSchedule(providerId, body), ['listReportSchedules']);
  const toBody = (values: Values): ReportScheduleBody => ({ clientId: summary ? null : values.clientId, frequency: values.frequency, recipientUserIds: values.recipientUserIds });
  const form = useForm<Values>({
    initialValues: { clientId: existing?.clientId ?? '', frequency: existing?.frequency ?? 'monthly', recipientUserIds: existing?.recipientUserIds ?? [] },
    validate: germanBodyResolver(reportScheduleBodySchema, toBody),
  });
  const clientId = form.values.clientId;
  const recipientOptions = (recipients.data ?? [])
    .filter((entry) => entry.clientId === null || (!summary && entry.clientId === clientId))
    .map((entry) => ({ value: entry.userId, label: `${entry.name} · ${entry.clientName ?? 'Team'}` }));

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toBody(values));
      notify({ type: 'success', title: 'Berichtsversand gespeichert', text: `Der nächste Bericht geht am ${new Date(`${saved.nextSendOn}T12:00:00Z`).toLocaleDateString('de-DE')} hinaus.` });
      onDone?.();
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {!summary && (
          <Select
            label="Kunde"
            placeholder="Kunde wählen"
            searchable
            disabled={existing !== null}
            data={(clients.data ?? []).map((client) => ({ value: client.id, label: client.title }))}
            {...form.getInputProps('clientId')}
            onChange={(value) => {
              form.setFieldValue('clientId', value ?? '');
              // Users of another client cannot receive this client's report.
              form.setFieldValue('recipientUserIds', form.values.recipientUserIds.filter((id) => recipients.data?.some((entry) => entry.userId === id && entry.clientId === null)));
            }}
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Häufigkeit
          </Text>
          <SegmentedControl fullWidth data={REPORT_FREQUENCIES.map((value) => ({ value, label: SHORT_LABELS[value] }))} {...form.getInputProps('frequency')} />
          <Text size="xs" c="dimmed">
            {REPORT_FREQUENCY_LABELS[form.values.frequency]}, einmal je Zeitraum als PDF-Anhang über Ihren E-Mail-Versand.
          </Text>
        </Stack>
        <MultiSelect
          label="Empfänger"
          placeholder={recipientOptions.length ? 'Empfänger wählen' : 'Keine Benutzer vorhanden'}
          searchable
          data={recipientOptions}
          {...form.getInputProps('recipientUserIds')}
        />
        <Group justify="flex-end">
          {onDone && (
            <Button variant="default" onClick={onDone}>
              Abbrechen
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            Versand speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
