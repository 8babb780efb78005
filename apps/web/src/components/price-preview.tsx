import { AUDIT_PRICE_EUR, type BillingCycle, formatPrice, ON_REQUEST, priceFor } from '@burgwall/shared';
import { Group, Paper, Text } from '@mantine/core';

/** The price from the shared pricing table (SPEC §9), shown before a client is created or resized. */
export function pricePreview(mode: 'monitoring' | 'audit', employeeCount: number, cycle: BillingCycle): { amount: string; note: string } {
  if (mode === 'audit') return { amount: formatPrice(AUDIT_PRICE_EUR), note: 'einmalig für das Audit' };
  if (!Number.isInteger(employeeCount) || employeeCount < 1) return { amount: '–', note: 'Bitte Mitarbeiterzahl angeben' };
  const price = priceFor(employeeCount, cycle);
  if (price === ON_REQUEST) return { amount: formatPrice(price), note: 'Ab 1001 Mitarbeitern erstellen wir ein individuelles Angebot.' };
  return { amount: formatPrice(price), note: cycle === 'monthly' ? 'pro Monat zzgl. MwSt.' : 'pro Jahr zzgl. MwSt.' };
}

export function PricePreview(props: { mode: 'monitoring' | 'audit'; employeeCount: number; cycle: BillingCycle }) {
  const { amount, note } = pricePreview(props.mode, props.employeeCount, props.cycle);
  return (
    <Paper withBorder radius="md" p="md" bg="burg.0">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fz="sm" fw={600}>
            Preis
          </Text>
          <Text fz="xs" c="dimmed">
            {note}
          </Text>
        </div>
        <Text fz={26} fw={750} c="burg.8" data-testid="client-price">
          {amount}
        </Text>
      </Group>
    </Paper>
  );
}
