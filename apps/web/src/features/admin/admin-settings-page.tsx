import { Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/api-query';
import { getEmailStatus, setEmailStatus } from './admin-api';

/** /admin/settings: platform e-mail on/off (POST /admin/email/status) and the billing mode. */
export function AdminSettingsPage() {
  const status = useApiQuery(getEmailStatus());
  const save = useApiMutation(setEmailStatus, ['getEmailStatus']);
  const toggle = (next: boolean) =>
    save.mutate(
      { status: next },
      {
        onSuccess: () => notify({ type: 'success', title: 'Gespeichert', text: next ? 'Der E-Mail-Versand ist eingeschaltet.' : 'Der E-Mail-Versand ist ausgeschaltet.' }),
        onError: (error) => notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) }),
      },
    );
  return (
    <>
      <PageHeader title="Einstellungen" description="Plattformweite Einstellungen" />
      {status.isPending && <LoadingState />}
      {status.errorMessage && <ErrorState message={status.errorMessage} onRetry={() => void status.refetch()} />}
      {status.data && (
        <Stack maw={720}>
          <Paper withBorder radius="lg" p="lg">
            <Title order={4}>E-Mail-Versand</Title>
            <Text c="dimmed" fz="sm" mb="md">
              Einladungen und Benachrichtigungen über den Mailserver der Plattform. Dienstleister mit eigenem Mailserver sind nicht betroffen.
            </Text>
            <Group justify="space-between">
              <Switch label="E-Mails versenden" checked={status.data.status} disabled={save.isPending} onChange={(event) => toggle(event.currentTarget.checked)} />
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
