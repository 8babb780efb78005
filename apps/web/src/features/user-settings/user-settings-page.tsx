import { Button, Container, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { API_TOKEN_SCOPES, mainRole, userSettingsBodySchema } from '@burgwall/shared';
import { germanResolver, maxLengths, textProps } from '../../lib/forms/schema-form';
import { ApiTokensPanel } from '../../components/api-tokens-panel';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/auth/session';
import { useApiSend } from '../../lib/query/api-send';
import { notify } from '../../lib/notify';
import { ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/api-query';
import { useApiQuery } from '../../lib/api-query';
import { getPasswordChangeLink, getUser, updateUser } from './user-settings-api';

const MAX = maxLengths(userSettingsBodySchema);

/** /settings: name, notifications (alert, quickcheck, info), the password-change link and personal API tokens. */
export function UserSettingsPage() {
  const session = useSession();
  const role = session.data ? mainRole(session.data.user.roles) : undefined;
  const user = useApiQuery(getUser());
  const send = useApiSend(['getUser']);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', alert: true, quickcheck: true, info: false },
    // The form is flat, the body nests the switches: the name fields are checked with the body's own rules.
    validate: germanResolver(userSettingsBodySchema.pick({ firstName: true, lastName: true })),
  });
  const { setValues } = form;
  useEffect(() => {
    if (user.data) setValues({ firstName: user.data.firstName, lastName: user.data.lastName, ...user.data.notifications });
  }, [user.data, setValues]);
  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await send.call(
        updateUser({ firstName: values.firstName, lastName: values.lastName, notifications: { alert: values.alert, quickcheck: values.quickcheck, info: values.info } }),
      );
      notify({ type: 'success', title: 'Gespeichert', text: 'Ihre Einstellungen wurden gespeichert.' });
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  });
  const changePassword = async () => {
    try {
      const { link } = await send.call(getPasswordChangeLink());
      window.location.assign(link);
    } catch (error) {
      notify({ type: 'error', title: 'Nicht möglich', text: errorText(error) });
    }
  };
  return (
    <Container size={720} px={0}>
      <PageHeader title="Benutzereinstellungen" description={user.data?.email} />
      {user.isPending && <LoadingState />}
      {user.errorMessage && <ErrorState message={user.errorMessage} onRetry={() => void user.refetch()} />}
      {user.data && (
        <Stack>
          <Paper withBorder radius="lg" p="lg">
            <form onSubmit={save} noValidate>
              <Stack>
                <Title order={4}>Profil</Title>
                <Group grow align="flex-start">
                  <TextInput label="Vorname" {...textProps(form, 'firstName', MAX.firstName)} />
                  <TextInput label="Nachname" {...textProps(form, 'lastName', MAX.lastName)} />
                </Group>
                <Title order={4} mt="sm">
                  Benachrichtigungen
                </Title>
                <Switch label="Sicherheitswarnungen (Angriffe, neue kritische Schwachstellen)" {...form.getInputProps('alert', { type: 'checkbox' })} />
                <Switch label="Quickcheck-Ergebnisse" {...form.getInputProps('quickcheck', { type: 'checkbox' })} />
                <Switch label="Produktneuigkeiten und Informationen" {...form.getInputProps('info', { type: 'checkbox' })} />
                <Group justify="flex-end">
                  <Button type="submit" loading={busy}>
                    Speichern
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Group justify="space-between">
              <div>
                <Title order={4}>Passwort</Title>
                <Text c="dimmed" fz="sm">
                  Sie erhalten einen einmaligen Link zum Festlegen eines neuen Passworts.
                </Text>
              </div>
              <Button variant="default" leftSection={<IconKey size={16} />} onClick={() => void changePassword()}>
                Passwort ändern
              </Button>
            </Group>
          </Paper>
          <Paper withBorder radius="lg" p="lg" id="api-tokens">
            <ApiTokensPanel
              scope={{ basePath: '/user' }}
              scopes={role === 'client' ? ['findings:read', 'changes:read'] : API_TOKEN_SCOPES}
              description="Persönliche Tokens für die REST-API: Sie handeln mit Ihrer Rolle und Ihren Zugriffsrechten, aber nur mit den gewählten Berechtigungen."
            />
          </Paper>
        </Stack>
      )}
    </Container>
  );
}
