import { SegmentedControl } from '@mantine/core';

/** The order a time-keyed list pages through the server in (GraphQL enum `TimeOrder`). */
export type TimeOrder = 'NEWEST_FIRST' | 'OLDEST_FIRST';

const CHOICES: { value: TimeOrder; label: string }[] = [
  { value: 'NEWEST_FIRST', label: 'Neueste zuerst' },
  { value: 'OLDEST_FIRST', label: 'Älteste zuerst' },
];

/**
 * Newest or oldest first. A segmented control rather than a sortable header: the lists page through the server in
 * that order, and the phones' stacked cards have no header to click.
 */
export function TimeOrderControl({ value, onChange }: { value: TimeOrder; onChange: (order: TimeOrder) => void }) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Sortierung nach Zeitpunkt"
      data-testid="time-order"
      data={CHOICES}
      value={value}
      onChange={(next) => onChange(next as TimeOrder)}
    />
  );
}
