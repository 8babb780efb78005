import { Button, Group, MultiSelect, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ALERT_SEVERITIES, ALERT_SEVERITY_LABELS, ALERT_TRIGGER_LABELS, ALERT_TRIGGERS, alertRuleBodySchema, type AlertRuleBody, type AlertTrigger } from '@burgwall/shared';
import { germanBodyResolver, maxLengths, numberOrUndefined, textProps } from '../../lib/forms/schema-form';
import { notify } from '../../lib/notify';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { errorText } from '../../lib/api-query';
import { createAlertRule, listAlertRecipients, listProviderClients, listWebhooks } from './alerts-api';

interface Values {
  name: string;
  clientId: string;
  trigger: AlertTrigger;
  minSeverity: string;
  scoreDrop: number | string;
  belowGrade: string;
  delivery: 'immediate' | 'digest';
  recipientUserIds: string[];
  webhookIds: string[];
}

const ALL_CLIENTS = 'all';
const severityOptions = ALERT_SEVERITIES.map((value) => ({ value, label: `ab ${ALERT_SEVERITY_LABELS[value]}` }));
const MAX = maxLengths(alertRuleBodySchema);

/** The body of the form's values: only the threshold that belongs to the chosen trigger. */
function toBody(values: Values): AlertRuleBody {
  return {
    name: values.name,
    clientId: values.clientId === ALL_CLIENTS ? null : values.clientId,
    trigger: values.trigger,
    minSeverity: values.trigger === 'finding' || values.trigger === 'ioa' ? (values.minSeverity as AlertRuleBody['minSeverity']) : null,
    scoreDrop: values.trigger === 'score' ? (numberOrUndefined(values.scoreDrop) ?? null) : null,
    belowGrade: values.trigger === 'score' && values.belowGrade ? (values.belowGrade as 'A' | 'B' | 'C' | 'D') : null,
    delivery: values.delivery,
    recipientUserIds: values.recipientUserIds,
    webhookIds: values.webhookIds,
  };
}

/** The form of a new alert rule: trigger and its threshold, the client (or all), recipients and webhooks. */
export function AlertRuleForm({ providerId, onDone }: { providerId: string; onDone: () => void }) {
  const clients = useApiQuery(listProviderClients(providerId));
  const recipients = useApiQuery(listAlertRecipients(providerId));
  const webhooks = useApiQuery(listWebhooks(providerId));
  const create = useApiMutation((body: AlertRuleBody) => createAlertRule(providerId, body), ['listAlertRules']);
  const form = useForm<Values>({
    initialValues: { name: '', clientId: ALL_CLIENTS, trigger: 'finding', minSeverity: 'critical', scoreDrop: 10, belowGrade: '', delivery: 'immediate', recipientUserIds: [], webhookIds: [] },
    validate: germanBodyResolver(alertRuleBodySchema, toBody),
  });
  const { trigger, clientId } = form.values;
  const recipientOptions = (recipients.data ?? [])
    .filter((entry) => clientId === ALL_CLIENTS || entry.clientId === null || entry.clientId === clientId)
    .map((entry) => ({
      value: entry.userId,
      label: `${entry.name} · ${entry.clientName ?? 'Team'}${entry.alertsEnabled ? '' : ' (Alarm-E-Mails abbestellt)'}`,
    }));

  const save = form.onSubmit(async (values) => {
    try {
      await create.mutateAsync(toBody(values));
      notify({ type: 'success', title: 'Alarmregel angelegt', text: `„${values.name}“ ist aktiv.` });
      onDone();
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    }
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <TextInput label="Name" placeholder="z. B. Kritische Risiken an die Bereitschaft" data-autofocus {...textProps(form, 'name', MAX.name)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Auslöser"
            allowDeselect={false}
            data={ALERT_TRIGGERS.map((value) => ({ value, label: ALERT_TRIGGER_LABELS[value] }))}
            {...form.getInputProps('trigger')}
          />
          <Select
            label="Kunde"
            allowDeselect={false}
            searchable
            data={[{ value: ALL_CLIENTS, label: 'Alle Kunden' }, ...(clients.data ?? []).map((client) => ({ value: client.id, label: client.title }))]}
            {...form.getInputProps('clientId')}
          />
        </SimpleGrid>
        {(trigger === 'finding' || trigger === 'ioa') && <Select label="Schweregrad" allowDeselect={false} data={severityOptions} {...form.getInputProps('minSeverity')} />}
        {trigger === 'score' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label="Rückgang um mindestens (Punkte)" min={1} max={100} {...form.getInputProps('scoreDrop')} />
            <Select label="Oder Note fällt unter" clearable placeholder="keine" data={['A', 'B', 'C', 'D']} {...form.getInputProps('belowGrade')} />
          </SimpleGrid>
        )}
        {(trigger === 'collector' || trigger === 'license') && (
          <Text size="sm" c="dimmed">
            {trigger === 'collector'
              ? 'Meldet, wenn Collector oder Entra-ID-Erfassung länger als 4 Stunden keine Daten liefern – einmal je Ausfall.'
              : 'Meldet eine nicht aktive Lizenz oder mehr gemeldete Mitarbeiter als lizenziert.'}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Zustellung
          </Text>
          <SegmentedControl
            data={[
              { value: 'immediate', label: 'Sofort' },
              { value: 'digest', label: 'Tägliche Zusammenfassung' },
            ]}
            {...form.getInputProps('delivery')}
          />
        </Stack>
        <MultiSelect
          label="E-Mail-Empfänger"
          placeholder={recipientOptions.length ? 'Empfänger wählen' : 'Keine Benutzer vorhanden'}
          searchable
          data={recipientOptions}
          {...form.getInputProps('recipientUserIds')}
        />
        <MultiSelect
          label="Webhooks"
          placeholder={webhooks.data?.length ? 'Webhooks wählen' : 'Noch keine Webhooks angelegt'}
          data={(webhooks.data ?? []).map((webhook) => ({ value: webhook.id, label: webhook.name }))}
          {...form.getInputProps('webhookIds')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Abbrechen
          </Button>
          <Button type="submit" loading={create.isPending}>
            Regel anlegen
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
