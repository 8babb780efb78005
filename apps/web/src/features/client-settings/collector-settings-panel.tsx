import { collectorSettingsSchema, FULL_COLLECTION_INTERVAL_HOURS, type CollectorSettings } from '@burgwall/shared';
import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '../../components/data-states';
import { useApiSend } from '../../lib/query/api-send';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { useApiQuery } from '../../lib/api-query';
import { getCollectorSettings, setCollectorSettings } from './client-settings-api';
import { germanBodyResolver, numberOrUndefined } from '../../lib/forms/schema-form';

const { min, max } = FULL_COLLECTION_INTERVAL_HOURS;

// An empty field is refused by the schema („… ganze Zahl von Stunden …“) before anything is sent.
const toBody = (values: { fullCollectionIntervalHours: number | string }): CollectorSettings => ({ fullCollectionIntervalHours: numberOrUndefined(values.fullCollectionIntervalHours) as number });

/** How often the collector reads the whole directory (issue 14); it picks the value up with its next cycle. */
export function CollectorSettingsPanel({ clientId }: { clientId: string }) {
  const settings = useApiQuery(getCollectorSettings(clientId));
  const send = useApiSend(['getCollectorSettings']);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { fullCollectionIntervalHours: FULL_COLLECTION_INTERVAL_HOURS.default as number | string },
    validate: germanBodyResolver(collectorSettingsSchema, toBody),
  });
  const { setValues } = form;
  useEffect(() => {
    if (settings.data) setValues({ fullCollectionIntervalHours: settings.data.fullCollectionIntervalHours });
  }, [settings.data, setValues]);
  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const saved = await send.call(setCollectorSettings(clientId, toBody(values)));
      notify({ type: 'success', title: 'Gespeichert', text: `Der Collector erfasst ab seinem nächsten Zyklus alle ${saved.fullCollectionIntervalHours} Stunden vollständig.` });
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  });
  if (settings.isPending) return <LoadingState />;
  if (settings.errorMessage) return <ErrorState message={settings.errorMessage} onRetry={() => void settings.refetch()} />;
  return (
    <form onSubmit={save} noValidate>
      <Stack maw={560} gap="xs">
        <Title order={4}>Erfassung</Title>
        <Text size="sm" c="dimmed">
          Änderungen im Verzeichnis überträgt der Collector sofort. Eine vollständige Erfassung liest zusätzlich das ganze Verzeichnis und SYSVOL neu;
          kürzere Abstände halten die Befunde aktueller, belasten aber den Domänencontroller stärker.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <NumberInput
            label="Vollständige Erfassung alle … Stunden"
            description={`${min} bis ${max} Stunden (eine Woche), Standard ${FULL_COLLECTION_INTERVAL_HOURS.default}`}
            min={min}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            // No silent clamping: a value out of bounds gets the explanation below the field.
            clampBehavior="none"
            suffix=" Stunden"
            w={280}
            {...form.getInputProps('fullCollectionIntervalHours')}
          />
          <Button type="submit" loading={busy}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
