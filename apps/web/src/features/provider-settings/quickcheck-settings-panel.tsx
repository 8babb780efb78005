import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { ProviderView } from '@burgwall/shared';
import { useApiSend } from '../../lib/query/api-send';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { saveQuickcheckSettings } from './provider-settings-api';

const isUrl = (v: string) => {
  if (!v) return null;
  try {
    new URL(v);
    return null;
  } catch {
    return 'Bitte eine vollständige URL angeben (https://…)';
  }
};

/** Quick-check settings: the website the quick check is offered on and its privacy page. */
export function QuickcheckSettingsPanel({ provider }: { provider: ProviderView }) {
  const [busy, setBusy] = useState(false);
  // The provider view (name, logo, quick-check origin) is what the page shows: reloaded after every change.
  const send = useApiSend(['getServiceprovider']);
  const form = useForm({
    initialValues: { origin: provider.quickcheck.origin ?? '', privacy: provider.quickcheck.privacy ?? '' },
    validate: { origin: isUrl, privacy: isUrl },
  });
  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await send.call(saveQuickcheckSettings(provider.serviceproviderId, values));
      notify({ type: 'success', title: 'Gespeichert', text: 'Die Quickcheck-Einstellungen wurden gespeichert.' });
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <TextInput label="Website (Herkunft)" placeholder="https://www.muster-it.de" {...form.getInputProps('origin')} />
        <TextInput label="Datenschutzerklärung" placeholder="https://www.muster-it.de/datenschutz" {...form.getInputProps('privacy')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
