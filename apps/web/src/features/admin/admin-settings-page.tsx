import { Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { callApi } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { ErrorState, LoadingState } from '../../components/data-states';
import { errorText, useApi } from '../../lib/use-api';
import { getEmailStatus, setEmailStatus } from './admin-api';

/** /admin/settings: platform e-mail on/off (POST /admin/email/status) and the billing mode. */
export function AdminSettingsPage() {
  const status = useApi(getEmailStatus());
  const [busy, setBusy] = useState(false);
  const toggle = async (next: boolean) => {
    setBusy(true);
    try {
      await callApi(setEmailStatus({ status: next }));
      notify({ type: 'success', title: 'Gespeichert', text: next ? 'Der E-Mail-Versand ist eingeschaltet.' : 'Der E-Mail-Versand ist ausgeschaltet.' });
      status.reload();
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title="Einstellungen" description="Plattformweite Einstellungen" />
      {status.loading && !status.data && <LoadingState />}
      {status.error && <ErrorState message={status.error} onRetry={status.reload} />}
      {status.data && (
        <Stack maw={720}>
          <Paper withBorder radius="lg" p="lg">
            <Title order={4}>E-Mail-Versand</Title>
            <Text c="dimmed" fz="sm" mb="md">
              Einladungen und Benachrichtigungen über den Mailserver der Plattform. Dienstleister mit eigenem Mailserver sind nicht betroffen.
            </Text>
            <Group justify="space-between">
              <Switch label="E-Mails versenden" checked={status.data.status} disabled={busy} onChange={(event) => void toggle(event.currentTarget.checked)} />
              <Badge color={status.data.smtpConfigured ? 'green' : 'yellow'} variant="light">
                {status.data.smtpConfigured ? 'SMTP konfiguriert' : 'Kein SMTP_URL – E-Mails werden nur protokolliert'}
              </Badge>
            </Group>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Title order={4}>Abrechnung</Title>
            <Text fz="sm" mt="xs">
              {status.data.billingMode === 'stripe' ? 'Stripe (STRIPE_SECRET_KEY gesetzt)' : 'Lokales Abrechnungsjournal (ohne Stripe)'}
            </Text>
          </Paper>
        </Stack>
      )}
    </>
  );
}
