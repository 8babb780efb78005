import { formatDate } from '@burgwall/shared';
import { Alert, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useApiSend } from '../../lib/query/api-send';
import { useSession } from '../../lib/auth/session';
import { notify } from '../../lib/notify';
import { ConfirmAction } from '../../components/confirm-action';
import { pricePreview } from '../../components/price-preview';
import { ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/api-query';
import { useApiQuery } from '../../lib/api-query';
import { cancelLicense, getClientLicense, setEmployeeCount } from './client-settings-api';

/** Licence (SPEC §3 "Client license"): employees with the new price, free seats, cancellation (providers and admins). */
export function LicensePanel({ clientId }: { clientId: string }) {
  const license = useApiQuery(getClientLicense(clientId));
  const send = useApiSend(['getClientLicense']);
  const { data: session } = useSession();
  const canCancel = session?.user.roles.some((role) => role === 'serviceprovider' || role === 'admin') ?? false;
  const [count, setCount] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  if (license.isPending) return <LoadingState />;
  if (license.errorMessage) return <ErrorState message={license.errorMessage} onRetry={() => void license.refetch()} />;
  const data = license.data;
  if (!data) return null;
  const next = Number(count);
  const preview = count === '' ? null : pricePreview('monitoring', next, data.billingCycle);

  const saveCount = async () => {
    setBusy(true);
    try {
      const result = await send.call(setEmployeeCount(clientId, { employeeCount: next }));
      notify({ type: 'success', title: 'Mitarbeiterzahl geändert', text: `Neuer Preis: ${result.price}` });
      setCount('');
    } catch (error) {
      notify({ type: 'error', title: 'Ändern fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    try {
      await send.call(cancelLicense(clientId));
      notify({ type: 'success', title: 'Gekündigt', text: 'Die Lizenz endet mit der laufenden Periode.' });
    } catch (error) {
      notify({ type: 'error', title: 'Kündigen fehlgeschlagen', text: errorText(error) });
    }
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Stat label="Mitarbeiter" value={String(data.employeeCount)} />
        <Stat label="Preis" value={data.price} hint={data.billingCycle === 'monthly' ? 'pro Monat' : 'pro Jahr'} />
        <Stat label="Freie Plätze" value={String(data.freeSeats)} />
        <Stat label="Laufzeit bis" value={formatDate(data.currentPeriodEnd)} />
      </SimpleGrid>
      <Group>
        <Badge color={data.subscriptionStatus === 'active' ? 'green' : 'gray'} variant="light">
          {data.subscriptionStatus === 'active' ? 'aktiv' : data.subscriptionStatus}
        </Badge>
        {data.cancelAtPeriodEnd && (
          <Badge color="orange" variant="light">
            gekündigt zum {formatDate(data.currentPeriodEnd)}
          </Badge>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end">
          <NumberInput label="Neue Mitarbeiterzahl" min={1} allowDecimal={false} value={count} onChange={setCount} w={220} />
          {preview && (
            <Text fz="sm" pb={8}>
              Neuer Preis: <strong>{preview.amount}</strong> {preview.note}
            </Text>
          )}
          <Button onClick={() => void saveCount()} loading={busy} disabled={!Number.isInteger(next) || next < 1}>
            Übernehmen
          </Button>
        </Group>
      </Paper>
      {canCancel && !data.cancelAtPeriodEnd && data.mode === 'monitoring' && (
        <Alert color="gray" title="Lizenz kündigen">
          <Group justify="space-between">
            <Text fz="sm">Die Überwachung endet zum Ende der bezahlten Laufzeit.</Text>
            <ConfirmAction
              title="Lizenz kündigen?"
              confirmLabel="Kündigen"
              loading={send.isPending}
              onConfirm={cancel}
              trigger={(open) => (
                <Button color="red" variant="light" onClick={open}>
                  Kündigen
                </Button>
              )}
            >
              Die Lizenz endet zum {formatDate(data.currentPeriodEnd)}; bis dahin bleibt die Überwachung aktiv.
            </ConfirmAction>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={22} fw={750}>
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
