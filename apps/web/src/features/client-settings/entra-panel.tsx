import { formatDateTime } from '@burgwall/shared';
import { Alert, Badge, Button, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCertificate, IconCircleCheck, IconCircleX, IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { entraDataBodySchema, type EntraConnection, type EntraValidation } from '@burgwall/shared';
import { germanResolver, maxLengths, textProps } from '../../lib/forms/schema-form';
import { useApiSend } from '../../lib/query/api-send';
import { notify } from '../../lib/notify';
import { downloadFile } from '../../lib/download';
import { ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/api-query';
import { useApiQuery } from '../../lib/api-query';
import { getEntraData, setEntraData, validateEntra } from './client-settings-api';

const MAX = maxLengths(entraDataBodySchema);

const STATUS_BADGE: Record<EntraConnection['status'], { label: string; color: string }> = {
  unconfigured: { label: 'Nicht eingerichtet', color: 'gray' },
  unvalidated: { label: 'Nicht geprüft', color: 'yellow' },
  valid: { label: 'Verbunden', color: 'green' },
  invalid: { label: 'Fehlerhaft', color: 'red' },
};

/** Cloud identity (Entra ID) connection of the client (SPEC §3/§7): ids, certificate password, certificate, check. */
export function EntraPanel({ clientId }: { clientId: string }) {
  const connection = useApiQuery(getEntraData(clientId));
  const send = useApiSend(['getEntraData']);
  const [saving, setSaving] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [validating, setValidating] = useState(false);
  const [result, setResult] = useState<EntraValidation | null>(null);
  const form = useForm({
    initialValues: { applicationId: '', tenantId: '', certPassword: '' },
    validate: germanResolver(entraDataBodySchema),
  });
  const { setValues } = form;
  useEffect(() => {
    if (connection.data) setValues({ applicationId: connection.data.applicationId ?? '', tenantId: connection.data.tenantId ?? '' });
  }, [connection.data, setValues]);
  // The first collection runs as a job after a successful check: look again every few seconds until it is done.
  const collecting = connection.data?.status === 'valid' && !connection.data.collection;
  const { refetch } = connection;
  useEffect(() => {
    if (!collecting) return;
    const timer = setInterval(() => void refetch(), 3_000);
    return () => clearInterval(timer);
  }, [collecting, refetch]);

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await send.call(setEntraData(clientId, values));
      notify({ type: 'success', title: 'Gespeichert', text: 'Die Entra-ID-Verbindung wurde gespeichert.' });
      form.setFieldValue('certPassword', '');
      setResult(null);
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    } finally {
      setSaving(false);
    }
  });

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/client/${encodeURIComponent(clientId)}/entra/certificate/public`, 'burgwall-entra.cer');
    } catch (error) {
      notify({ type: 'error', title: 'Download fehlgeschlagen', text: errorText(error) });
    } finally {
      setDownloading(false);
    }
  };

  const validate = async () => {
    setValidating(true);
    setResult(null);
    try {
      setResult(await send.call(validateEntra(clientId)));
    } catch (error) {
      setResult({ status: 'invalid', message: errorText(error) });
    } finally {
      setValidating(false);
    }
  };

  if (connection.isPending) return <LoadingState />;
  if (connection.errorMessage && !connection.data) return <ErrorState message={connection.errorMessage} onRetry={() => void connection.refetch()} />;
  const data = connection.data;
  const badge = STATUS_BADGE[data?.status ?? 'unconfigured'];
  return (
    <Stack maw={640} gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={4}>Entra ID (Cloud-Identität)</Title>
          <Text c="dimmed" fz="sm">
            Burgwall liest Ihr Entra ID über eine App-Registrierung mit Zertifikatsanmeldung.
          </Text>
        </div>
        <Badge color={badge.color} variant="light" size="lg" data-testid="entra-status">
          {badge.label}
        </Badge>
      </Group>
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label="Anwendungs-ID (Client-ID)" placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" {...textProps(form, 'applicationId', MAX.applicationId)} />
          <TextInput label="Mandanten-ID (Tenant-ID)" placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" {...textProps(form, 'tenantId', MAX.tenantId)} />
          <PasswordInput
            label="Zertifikatspasswort"
            description={data?.certPasswordSet ? 'Ein Passwort ist hinterlegt. Zum Speichern bitte erneut eingeben.' : 'Wird verschlüsselt gespeichert und nie angezeigt.'}
            autoComplete="new-password"
            {...form.getInputProps('certPassword')}
            maxLength={MAX.certPassword}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Speichern
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      <Stack gap="xs">
        <Text fw={600}>Zertifikat</Text>
        <Text c="dimmed" fz="sm">
          Laden Sie das öffentliche Zertifikat herunter und hinterlegen Sie es in der App-Registrierung unter „Zertifikate und Geheimnisse“.
        </Text>
        <Group>
          <Button variant="light" leftSection={<IconCertificate size={16} />} loading={downloading} onClick={() => void download()}>
            Öffentliches Zertifikat herunterladen
          </Button>
          <Button variant="outline" leftSection={<IconPlugConnected size={16} />} loading={validating} onClick={() => void validate()} disabled={data?.status === 'unconfigured'}>
            Verbindung prüfen
          </Button>
        </Group>
      </Stack>
      {result && (
        <Alert
          role="status"
          color={result.status === 'valid' ? 'green' : 'red'}
          icon={result.status === 'valid' ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
          title={result.status === 'valid' ? 'Verbindung erfolgreich' : 'Verbindung fehlgeschlagen'}
        >
          {result.message}
        </Alert>
      )}
      {!result && data?.statusMessage && (
        <Text c="dimmed" fz="sm">
          Letzte Prüfung{data.validatedAt ? ` am ${formatDateTime(data.validatedAt)}` : ''}: {data.statusMessage}
        </Text>
      )}
      <Divider />
      <Stack gap="xs" data-testid="entra-collection">
        <Text fw={600}>Erfassung über Microsoft Graph</Text>
        {data?.collection ? (
          <Alert
            color={data.collection.status === 'ok' ? 'green' : 'red'}
            icon={data.collection.status === 'ok' ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
            title={`${data.collection.status === 'ok' ? 'Erfasst' : 'Erfassung fehlgeschlagen'} am ${formatDateTime(data.collection.at)}`}
          >
            {data.collection.message}
          </Alert>
        ) : (
          <Text c="dimmed" fz="sm">
            {data?.status === 'valid'
              ? 'Die erste Erfassung läuft – das dauert je nach Größe des Mandanten einige Minuten.'
              : 'Nach einer erfolgreichen Verbindungsprüfung liest Burgwall Ihr Entra ID sofort und danach alle 6 Stunden.'}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
