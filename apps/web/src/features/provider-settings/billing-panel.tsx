import { formatDate, formatPrice } from '@burgwall/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCreditCard, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { callApi } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { errorText, useApi } from '../../lib/use-api';
import { createCheckoutSession, createPortalSession, getBillingCustomer } from './provider-settings-api';

const STATUS_LABEL: Record<string, string> = { active: 'aktiv', canceled: 'gekündigt', past_due: 'überfällig', open: 'offen', paid: 'bezahlt', failed: 'fehlgeschlagen' };

/** Billing (SPEC §7 "Billing API"): subscriptions, invoices, payment methods, checkout and portal. */
export function BillingPanel({ providerId }: { providerId: string }) {
  const customer = useApi(getBillingCustomer(providerId));
  const [busy, setBusy] = useState<string | null>(null);
  const open = async (kind: 'checkout-session' | 'portal-session') => {
    setBusy(kind);
    try {
      const { url } = await callApi(kind === 'checkout-session' ? createCheckoutSession(providerId) : createPortalSession(providerId));
      window.location.assign(url);
    } catch (error) {
      notify({ type: 'error', title: 'Abrechnung nicht erreichbar', text: errorText(error) });
      setBusy(null);
    }
  };
  if (customer.loading && !customer.data) return <LoadingState />;
  if (customer.error) return <ErrorState message={customer.error} onRetry={customer.reload} />;
  const data = customer.data;
  if (!data) return null;
  const monthly = data.subscriptions
    .filter((s) => s.status === 'active' && s.amountEur !== null)
    .reduce((sum, s) => sum + (s.billingCycle === 'monthly' ? (s.amountEur ?? 0) : (s.amountEur ?? 0) / 12), 0);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder radius="md" p="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Aktive Abos
          </Text>
          <Text fz={28} fw={750}>
            {data.subscriptions.filter((s) => s.status === 'active').length}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Kosten je Monat (ca.)
          </Text>
          <Text fz={28} fw={750}>
            {formatPrice(Math.round(monthly))}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Zahlungsmethode
          </Text>
          <Text fw={600} mt={6}>
            {data.paymentMethods[0]?.label ?? 'Noch keine hinterlegt'}
          </Text>
        </Paper>
      </SimpleGrid>
      <Group>
        <Button leftSection={<IconCreditCard size={16} />} loading={busy === 'checkout-session'} onClick={() => void open('checkout-session')}>
          Zahlungsmethode hinterlegen
        </Button>
        <Button variant="default" leftSection={<IconExternalLink size={16} />} loading={busy === 'portal-session'} onClick={() => void open('portal-session')}>
          Kundenportal öffnen
        </Button>
        {data.mode === 'local' && (
          <Badge variant="light" color="gray">
            Lokale Abrechnung
          </Badge>
        )}
      </Group>
      <Title order={5}>Abonnements</Title>
      {data.subscriptions.length === 0 ? (
        <EmptyState title="Keine Abonnements">Sobald Sie einen Monitoring-Kunden anlegen, erscheint hier sein Abonnement.</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table aria-label="Abonnements" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Abo</Table.Th>
                <Table.Th>Mitarbeiter</Table.Th>
                <Table.Th>Preis</Table.Th>
                <Table.Th>Nächste Abrechnung</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.subscriptions.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td ff="monospace" fz="xs">
                    {s.id}
                  </Table.Td>
                  <Table.Td>{s.employeeCount}</Table.Td>
                  <Table.Td>
                    {s.amountEur === null ? 'auf Anfrage' : `${formatPrice(s.amountEur)} ${s.billingCycle === 'monthly' ? '/ Monat' : '/ Jahr'}`}
                  </Table.Td>
                  <Table.Td>{s.cancelAtPeriodEnd ? `endet am ${formatDate(s.currentPeriodEnd)}` : formatDate(s.currentPeriodEnd)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={s.status === 'active' ? 'green' : 'gray'}>
                      {STATUS_LABEL[s.status] ?? s.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Title order={5}>Rechnungen</Title>
      {data.invoices.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Noch keine Rechnungen.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table aria-label="Rechnungen" verticalSpacing="sm">
            <Table.Tbody>
              {data.invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>{formatDate(invoice.createdAt)}</Table.Td>
                  <Table.Td>{invoice.kind === 'audit' ? 'Audit' : 'Abonnement'}</Table.Td>
                  <Table.Td>{formatPrice(invoice.amountEur)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{STATUS_LABEL[invoice.status] ?? invoice.status}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
