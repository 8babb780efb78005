import { Alert, Button, Divider, Grid, Group, NumberInput, PasswordInput, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { emailSettingsBodySchema, type EmailSettingsBody, type EmailSettingsView } from '@burgwall/shared';
import { germanBodyResolver, maxLengths, textProps } from '../../lib/forms/schema-form';
import { useApiSend } from '../../lib/query/api-send';
import { notify } from '../../lib/notify';
import { ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/api-query';
import { useApiQuery } from '../../lib/api-query';
import { getEmailSettings, getWellKnownServices, saveEmailSettings, sendTestEmail } from './provider-settings-api';

interface Values {
  enabled: boolean;
  host: string;
  port: number | string;
  secure: boolean;
  authMethod: 'basic' | 'oauth2' | 'none';
  user: string;
  password: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  scope: string;
  fromName: string;
  fromAddress: string;
  subject1: string;
  template1Html: string;
  subject2: string;
  template2Html: string;
}

const fromView = (view: EmailSettingsView): Values => ({
  enabled: view.enabled,
  host: view.settings.host,
  port: view.settings.port,
  secure: view.settings.secure,
  authMethod: view.settings.authMethod,
  user: view.settings.basicAuth.user,
  password: '',
  tenantId: view.settings.oauth2Auth.tenantId,
  clientId: view.settings.oauth2Auth.clientId,
  clientSecret: '',
  tokenUrl: view.settings.oauth2Auth.tokenUrl,
  scope: view.settings.oauth2Auth.scope,
  fromName: view.settings.fromName,
  fromAddress: view.settings.fromAddress,
  subject1: view.settings.subject1,
  template1Html: view.settings.template1Html,
  subject2: view.settings.subject2,
  template2Html: view.settings.template2Html,
});

const SETTINGS = emailSettingsBodySchema.shape.settings;
/** Every field's maximum length; the flat form's names are those of the nested body's fields. */
const MAX = { ...maxLengths(SETTINGS), ...maxLengths(SETTINGS.shape.basicAuth.unwrap()), ...maxLengths(SETTINGS.shape.oauth2Auth.unwrap()) };

/** The body of the flat form: the settings nested as the API takes them; an empty secret keeps the stored one. */
const toBody = (values: Values): EmailSettingsBody => ({
  enabled: values.enabled,
  settings: {
    host: values.host.trim(),
    port: Number(values.port),
    secure: values.secure,
    authMethod: values.authMethod,
    basicAuth: { user: values.user.trim(), ...(values.password ? { password: values.password } : {}) },
    oauth2Auth: { tenantId: values.tenantId, clientId: values.clientId, tokenUrl: values.tokenUrl, scope: values.scope, ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}) },
    fromName: values.fromName,
    fromAddress: values.fromAddress.trim(),
    subject1: values.subject1,
    template1Html: values.template1Html,
    subject2: values.subject2,
    template2Html: values.template2Html,
  },
});

/** Custom e-mail (SPEC §3): the provider's own SMTP server as white-label sender, with a test mail. */
export function EmailSettingsPanel({ providerId }: { providerId: string }) {
  const settings = useApiQuery(getEmailSettings(providerId));
  const send = useApiSend(['getEmailSettings', 'getWellKnownServices']);
  const services = useApiQuery(getWellKnownServices());
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const narrow = useMediaQuery('(max-width: 48em)');
  const form = useForm<Values>({
    initialValues: fromView({ enabled: false, settings: { host: '', port: 587, authMethod: 'basic', basicAuth: { user: '', passwordSet: false }, oauth2Auth: { tenantId: '', clientId: '', clientSecretSet: false, tokenUrl: '', scope: '', accessTokenSet: false }, secure: false, fromName: '', fromAddress: '', template1Html: '', template2Html: '', subject1: '', subject2: '' } }),
    validate: germanBodyResolver(emailSettingsBodySchema, toBody),
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (settings.data) {
      setValues(fromView(settings.data));
      resetDirty();
    }
  }, [settings.data, setValues, resetDirty]);

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await send.call(saveEmailSettings(providerId, toBody(values)));
      // The secrets are stored now (the view never returns them). The reloaded view can equal the cached one, and then
      // the effect above does not run: so the form itself becomes the saved state here.
      const saved = { ...values, password: '', clientSecret: '' };
      form.setValues(saved);
      form.resetDirty(saved);
      notify({ type: 'success', title: 'Gespeichert', text: 'Die E-Mail-Einstellungen wurden gespeichert.' });
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    } finally {
      setSaving(false);
    }
  });

  const sendTest = async () => {
    setTesting(true);
    setTestResult(null);
    try {
      const result = await send.call(sendTestEmail(providerId, { template: 1 }));
      setTestResult({ ok: true, text: result.message });
    } catch (error) {
      setTestResult({ ok: false, text: errorText(error) });
    } finally {
      setTesting(false);
    }
  };

  const pickService = (name: string | null) => {
    const service = services.data?.find((s) => s.name === name);
    if (service) form.setValues({ host: service.config.host, port: service.config.port, secure: service.config.secure });
  };

  if (settings.isPending) return <LoadingState />;
  if (settings.errorMessage) return <ErrorState message={settings.errorMessage} onRetry={() => void settings.refetch()} />;
  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <Switch label="Eigenen Mailserver verwenden" description="E-Mails an Ihre Kunden und Ihr Team werden über Ihren SMTP-Server mit Ihrem Absender verschickt." {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Select
          label="Bekannter Anbieter"
          placeholder="Anbieter wählen, um Server und Port zu übernehmen"
          searchable
          clearable
          data={(services.data ?? []).map((s) => ({ value: s.name, label: s.displayName }))}
          onChange={pickService}
          nothingFoundMessage="Kein Anbieter gefunden"
        />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="SMTP-Server" placeholder="smtp.example.de" {...textProps(form, 'host', MAX.host)} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <NumberInput label="Port" min={1} max={65535} allowDecimal={false} {...form.getInputProps('port')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }} pt={34}>
            <Switch label="SSL/TLS" {...form.getInputProps('secure', { type: 'checkbox' })} />
          </Grid.Col>
        </Grid>
        <div>
          <Text fz="sm" fw={500} mb={4}>
            Anmeldung
          </Text>
          <SegmentedControl
            // Stacked on a phone: the three choices side by side are wider than the card.
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            data={[
              { label: 'Benutzer und Passwort', value: 'basic' },
              { label: 'OAuth2', value: 'oauth2' },
              { label: 'Keine', value: 'none' },
            ]}
            {...form.getInputProps('authMethod')}
          />
        </div>
        {form.values.authMethod === 'basic' && (
          <Group grow align="flex-start">
            <TextInput label="Benutzername" autoComplete="off" {...textProps(form, 'user', MAX.user)} />
            <PasswordInput
              label="Passwort"
              autoComplete="new-password"
              placeholder={settings.data?.settings.basicAuth.passwordSet ? 'gespeichert – leer lassen, um es zu behalten' : ''}
              {...textProps(form, 'password', MAX.password)}
            />
          </Group>
        )}
        {form.values.authMethod === 'oauth2' && (
          <Grid>
            <Grid.Col span={6}>
              <TextInput label="Tenant-ID" {...textProps(form, 'tenantId', MAX.tenantId)} />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput label="Client-ID" {...textProps(form, 'clientId', MAX.clientId)} />
            </Grid.Col>
            <Grid.Col span={6}>
              <PasswordInput label="Client-Secret" placeholder={settings.data?.settings.oauth2Auth.clientSecretSet ? 'gespeichert' : ''} {...textProps(form, 'clientSecret', MAX.clientSecret)} />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput label="Token-URL" placeholder="https://login.microsoftonline.com/…/token" {...textProps(form, 'tokenUrl', MAX.tokenUrl)} />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput label="Scope" placeholder="https://outlook.office365.com/.default" {...textProps(form, 'scope', MAX.scope)} />
            </Grid.Col>
          </Grid>
        )}
        <Group grow align="flex-start">
          <TextInput label="Absendername" placeholder="Muster IT" {...textProps(form, 'fromName', MAX.fromName)} />
          <TextInput label="Absenderadresse" placeholder="service@muster-it.de" {...textProps(form, 'fromAddress', MAX.fromAddress)} />
        </Group>
        <div>
          <Divider label="Vorlagen" labelPosition="left" />
          <Text fz="xs" c="dimmed">
            Platzhalter: {'{{firstName}}, {{lastName}}, {{link}}, {{company}}'}
          </Text>
        </div>
        <TextInput label="Betreff Einladung" {...textProps(form, 'subject1', MAX.subject1)} />
        <Textarea label="Vorlage Einladung (HTML)" autosize minRows={3} maxRows={10} {...textProps(form, 'template1Html', MAX.template1Html)} />
        <TextInput label="Betreff Quickcheck" {...textProps(form, 'subject2', MAX.subject2)} />
        <Textarea label="Vorlage Quickcheck (HTML)" autosize minRows={3} maxRows={10} {...textProps(form, 'template2Html', MAX.template2Html)} />
        {testResult && (
          <Alert
            color={testResult.ok ? 'green' : 'red'}
            icon={testResult.ok ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
            title={testResult.ok ? 'Test-E-Mail gesendet' : 'Test-E-Mail fehlgeschlagen'}
            role="alert"
            data-testid="test-mail-result"
          >
            {testResult.text}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => void sendTest()} loading={testing} disabled={form.isDirty()}>
            Test-E-Mail senden
          </Button>
          <Button type="submit" loading={saving}>
            Speichern
          </Button>
        </Group>
        {form.isDirty() && (
          <Text fz="xs" c="dimmed" ta="right">
            Bitte zuerst speichern, dann die Test-E-Mail senden.
          </Text>
        )}
      </Stack>
    </form>
  );
}
