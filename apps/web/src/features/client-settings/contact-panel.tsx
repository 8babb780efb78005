import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useApiSend } from '../../lib/query/api-send';
import { notify } from '../../lib/notify';
import { ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/use-api';
import { useApiQuery } from '../../lib/api-query';
import { getContact, setContact } from './client-settings-api';

/** Contact details of the client (SPEC §3): admin e-mail and emergency contact. */
export function ContactPanel({ clientId }: { clientId: string }) {
  const contact = useApiQuery(getContact(clientId));
  const send = useApiSend(['getContact']);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { email: '', name: '', phone: '' },
    validate: {
      email: (v) => (!v || /^\S+@\S+\.\S+$/.test(v) ? null : 'Bitte eine gültige E-Mail-Adresse angeben'),
      phone: (v) => (/^[\d\s+()/-]*$/.test(v) ? null : 'Nur Ziffern, Leerzeichen und + ( ) / -'),
    },
  });
  const { setValues } = form;
  useEffect(() => {
    if (contact.data) {
      setValues({ email: contact.data.client_admin_email ?? '', name: contact.data.client_emergency_contact_name ?? '', phone: contact.data.client_emergency_contact_phone ?? '' });
    }
  }, [contact.data, setValues]);
  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await send.call(setContact(clientId, values));
      notify({ type: 'success', title: 'Gespeichert', text: 'Die Kontaktdaten wurden gespeichert.' });
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  });
  if (contact.isPending) return <LoadingState />;
  if (contact.errorMessage) return <ErrorState message={contact.errorMessage} onRetry={() => void contact.refetch()} />;
  return (
    <form onSubmit={save} noValidate>
      <Stack maw={560}>
        <TextInput label="E-Mail-Adresse der IT-Administration" {...form.getInputProps('email')} />
        <TextInput label="Notfallkontakt" {...form.getInputProps('name')} />
        <TextInput label="Telefon des Notfallkontakts" {...form.getInputProps('phone')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
