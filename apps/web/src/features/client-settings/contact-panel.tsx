import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactBodySchema } from '@burgwall/shared';
import { useEffect } from 'react';
import { germanResolver, maxLengths, textProps } from '../../lib/forms/schema-form';
import { useApiSend } from '../../lib/query/api-send';
import { notify } from '../../lib/notify';
import { ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/api-query';
import { useApiQuery } from '../../lib/api-query';
import { getContact, setContact } from './client-settings-api';

const MAX = maxLengths(contactBodySchema);

/** Contact details of the client (SPEC §3): admin e-mail and emergency contact. */
export function ContactPanel({ clientId }: { clientId: string }) {
  const contact = useApiQuery(getContact(clientId));
  const send = useApiSend(['getContact']);
  const form = useForm({
    initialValues: { email: '', name: '', phone: '' },
    validate: germanResolver(contactBodySchema),
  });
  const { setValues } = form;
  useEffect(() => {
    if (contact.data) {
      setValues({ email: contact.data.client_admin_email ?? '', name: contact.data.client_emergency_contact_name ?? '', phone: contact.data.client_emergency_contact_phone ?? '' });
    }
  }, [contact.data, setValues]);
  const save = form.onSubmit((values) =>
    send.call(setContact(clientId, values)).then(
      () => notify({ type: 'success', title: 'Gespeichert', text: 'Die Kontaktdaten wurden gespeichert.' }),
      (error: unknown) => notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) }),
    ),
  );
  if (contact.isPending) return <LoadingState />;
  if (contact.errorMessage) return <ErrorState message={contact.errorMessage} onRetry={() => void contact.refetch()} />;
  return (
    <form onSubmit={save} noValidate>
      <Stack maw={560}>
        <TextInput label="E-Mail-Adresse der IT-Administration" type="email" maxLength={254} {...form.getInputProps('email')} />
        <TextInput label="Notfallkontakt" {...textProps(form, 'name', MAX.name)} />
        <TextInput label="Telefon des Notfallkontakts" {...textProps(form, 'phone', MAX.phone)} />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
