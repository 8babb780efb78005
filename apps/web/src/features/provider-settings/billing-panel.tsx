import { type BillingSubscription, formatDate, formatPrice } from '@burgwall/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCreditCard, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { notify } from '../../lib/notify';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { errorText } from '../../lib/api-query';
import { getBillingClients } from './billing-clients-api';
import { createCheckoutSession, createPortalSession, getBillingCustomer } from './provider-settings-api';

const INVOICE_STATUS: Record<string, { label: string; colour: string }> = {
  open: { label: 'offen', colour: 'yellow' },
  paid: { label: 'bezahlt', colour: 'green' },
  failed: { label: 'fehlgeschlagen', colour: 'red' },
};

/**
 * One status word per subscription that agrees with its dates: an active one cancelled at the period end says so
 * instead of „aktiv“ next to „endet am“.
 */
function subscriptionState(s: BillingSubscription): { label: string; colour: string; date: string } {
  if (s.status === 'canceled') return { label: 'beendet', colour: 'gray', date: '–' };
  if (s.status === 'past_due') return { label: 'Zahlung überfällig', colour: 'red', date: formatDate(s.currentPeriodEnd) };
  if (s.cancelAtPeriodEnd) return { label: `gekündigt zum ${formatDate(s.currentPeriodEnd)}`, colour: 'orange', date: '–' };
  return { label: 'aktiv', colour: 'green', date: formatDate(s.currentPeriodEnd) };
}

/** A subscription still billed: active or past due, also when cancelled at the period end (it is paid until then). */
const isBilled = (s: BillingSubscription) => s.status === 'active' || s.status === 'past_due';

/** Billing (SPEC §7 "Billing API"): subscriptions, invoices, payment methods, checkout and portal. */
export function BillingPanel({ providerId }: { providerId: string }) {
  const customer = useApiQuery(getBillingCustomer(providerId));
  // Names instead of subscription ids: the provider's clients of every mode (audits have invoices, too).
  const clients = useApiQuery(getBillingClients(providerId));
  const session = useApiMutation((kind: 'checkout-session' | 'portal-session') => (kind === 'checkout-session' ? createCheckoutSession(providerId) : createPortalSession(providerId)), []);
  const open = (kind: 'checkout-session' | 'portal-session') =>
    session.mutate(kind, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => notify({ type: 'error', title: 'Abrechnung nicht erreichbar', text: errorText(error) }),
    });
  const busy = session.isPending ? session.variables : null;
  if (customer.isPending) return <LoadingState />;
  if (customer.errorMessage) return <ErrorState message={customer.errorMessage} onRetry={() => void customer.refetch()} />;
  const data = customer.data;
  if (!data) return null;
  const names = new Map((clients.data ?? []).map((client) => [client.id, client.title]));
  const clientCell = (clientId: string | null) => {
    const name = clientId ? names.get(clientId) : undefined;
    if (name && clientId) return <Link to={`/client/${clientId}/dashboard`}>{name}</Link>;
    if (clients.isPending) return '…';
    return <Text span c="dimmed" fz="sm">{clientId ? 'Gelöschter Kunde' : 'Dienstleister'}</Text>;
  };
  const billed = data.subscriptions.filter(isBilled);
  const monthly = billed
    .filter((s) => s.amountEur !== null)
    .reduce((sum, s) => sum + (s.billingCycle === 'monthly' ? (s.amountEur ?? 0) : (s.amountEur ?? 0) / 12), 0);
  // Subscriptions first that are billed, then the ended ones; each group by client name.
  const subscriptions = [...data.subscriptions].sort(
    (a, b) => Number(isBilled(b)) - Number(isBilled(a)) || (names.get(a.clientUUID ?? '') ?? '').localeCompare(names.get(b.clientUUID ?? '') ?? '', 'de'),
  );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder radius="md" p="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Laufende Abos
          </Text>
          <Text fz={28} fw={750} data-testid="billed-count">
            {billed.length}
          </Text>
          <Text fz="xs" c="dimmed">
            {billed.filter((s) => s.cancelAtPeriodEnd).length > 0 ? `davon ${billed.filter((s) => s.cancelAtPeriodEnd).length} zum Laufzeitende gekündigt` : 'alle verlängern sich automatisch'}
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
        <Button leftSection={<IconCreditCard size={16} />} loading={busy === 'checkout-session'} onClick={() => open('checkout-session')}>
          Zahlungsmethode hinterlegen
        </Button>
        <Button variant="default" leftSection={<IconExternalLink size={16} />} loading={busy === 'portal-session'} onClick={() => open('portal-session')}>
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
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Abonnements" verticalSpacing="sm" data-testid="subscriptions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kunde</Table.Th>
                  <Table.Th>Mitarbeiter</Table.Th>
                  <Table.Th>Preis</Table.Th>
                  <Table.Th>Nächste Abrechnung</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subscriptions.map((s) => {
                  const state = subscriptionState(s);
                  return (
                    <Table.Tr key={s.id} title={`Abo ${s.id}`}>
                      <Table.Td fw={600}>{clientCell(s.clientUUID)}</Table.Td>
                      <Table.Td>{s.employeeCount.toLocaleString('de-DE')}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {s.amountEur === null ? 'auf Anfrage' : `${formatPrice(s.amountEur)} ${s.billingCycle === 'monthly' ? '/ Monat' : '/ Jahr'}`}
                      </Table.Td>
                      <Table.Td>{state.date}</Table.Td>
                      {/* The status column takes its badge's width: a squeezed badge would cut its word. */}
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Badge variant="light" color={state.colour} tt="none" style={{ flexShrink: 0 }}>
                          {state.label}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Title order={5}>Rechnungen</Title>
      {data.invoices.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Noch keine Rechnungen.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label="Rechnungen" verticalSpacing="sm" data-testid="invoices-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Datum</Table.Th>
                  <Table.Th>Kunde</Table.Th>
                  <Table.Th>Art</Table.Th>
                  <Table.Th>Betrag</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.invoices.map((invoice) => (
                  <Table.Tr key={invoice.id} title={`Rechnung ${invoice.id}`}>
                    <Table.Td>{formatDate(invoice.createdAt)}</Table.Td>
                    <Table.Td>{clientCell(invoice.clientUUID)}</Table.Td>
                    <Table.Td>{invoice.kind === 'audit' ? 'Audit' : 'Abonnement'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPrice(invoice.amountEur)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge variant="light" color={INVOICE_STATUS[invoice.status]?.colour ?? 'gray'} tt="none">
                        {INVOICE_STATUS[invoice.status]?.label ?? invoice.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
