import { Alert, Button, Code, CopyButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { WEBHOOK_KIND_LABELS, WEBHOOK_KINDS, webhookBodySchema, type WebhookBody, type WebhookCreated } from '@burgwall/shared';
import { germanResolver, maxLengths, textProps } from '../../lib/forms/schema-form';
import { useApiMutation } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { createWebhook } from './alerts-api';

const MAX = maxLengths(webhookBodySchema);

/** A new webhook; afterwards its signing secret is shown once with a copy button. */
export function WebhookForm({ providerId, onDone }: { providerId: string; onDone: () => void }) {
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const create = useApiMutation((body: WebhookBody) => createWebhook(providerId, body), ['listWebhooks']);
  const form = useForm<WebhookBody>({
    initialValues: { name: '', kind: 'teams', url: '' },
    validate: germanResolver(webhookBodySchema),
  });
  if (created) {
    return (
      <Stack>
        <Alert color="green" variant="light" icon={<IconKey size={18} />} title="Webhook angelegt">
          <Text size="sm">Dies ist der Signaturschlüssel. Er wird nur jetzt angezeigt; hinterlegen Sie ihn beim Empfänger, um die Signatur zu prüfen.</Text>
        </Alert>
        <Code block data-testid="webhook-secret">
          {created.secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={created.secret}>{({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Kopiert' : 'Schlüssel kopieren'}</Button>}</CopyButton>
          <Button onClick={onDone}>Fertig</Button>
        </Group>
      </Stack>
    );
  }
  const save = form.onSubmit(async (values) => {
    try {
      setCreated(await create.mutateAsync(values));
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    }
  });
  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <TextInput label="Name" placeholder="z. B. Teams-Kanal Bereitschaft" data-autofocus {...textProps(form, 'name', MAX.name)} />
        <Select label="Art" allowDeselect={false} data={WEBHOOK_KINDS.map((value) => ({ value, label: WEBHOOK_KIND_LABELS[value] }))} {...form.getInputProps('kind')} />
        <TextInput label="URL" placeholder="https://…" {...textProps(form, 'url', MAX.url)} />
        <Text size="xs" c="dimmed">
          Jede Nachricht trägt den Header x-burgwall-signature (HMAC-SHA256 mit Zeitstempel). Interne Adressen sind nicht erlaubt.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Abbrechen
          </Button>
          <Button type="submit" loading={create.isPending}>
            Webhook anlegen
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
