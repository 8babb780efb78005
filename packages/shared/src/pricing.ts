export type BillingCycle = 'monthly' | 'yearly';

export const ON_REQUEST = 'auf Anfrage';
export const QUICKCHECK_PRICE_EUR = 0;
export const AUDIT_PRICE_EUR = 49;

interface PriceBand {
  readonly minEmployees: number;
  readonly maxEmployees: number;
  readonly monthly: number;
  readonly yearly: number;
}

/** SPEC §9 pricing table; above the last band the price is on request. */
export const PRICE_BANDS: readonly PriceBand[] = [
  { minEmployees: 1, maxEmployees: 9, monthly: 5, yearly: 55 },
  { minEmployees: 10, maxEmployees: 24, monthly: 10, yearly: 110 },
  { minEmployees: 25, maxEmployees: 49, monthly: 25, yearly: 275 },
  { minEmployees: 50, maxEmployees: 99, monthly: 50, yearly: 550 },
  { minEmployees: 100, maxEmployees: 199, monthly: 75, yearly: 825 },
  { minEmployees: 200, maxEmployees: 349, monthly: 150, yearly: 1650 },
  { minEmployees: 350, maxEmployees: 499, monthly: 225, yearly: 2475 },
  { minEmployees: 500, maxEmployees: 699, monthly: 300, yearly: 3300 },
  { minEmployees: 700, maxEmployees: 849, monthly: 375, yearly: 4125 },
  { minEmployees: 850, maxEmployees: 1000, monthly: 450, yearly: 4950 },
];

export const MAX_PRICED_EMPLOYEES = 1000;

/**
 * Price in euro for a client of the given size and billing cycle, or
 * 'auf Anfrage' above 1000 employees. Throws for counts that are not whole
 * positive numbers, because a price for them would be meaningless.
 */
export function priceFor(employeeCount: number, cycle: BillingCycle): number | typeof ON_REQUEST {
  if (!Number.isInteger(employeeCount) || employeeCount < 1) {
    throw new RangeError(`employeeCount must be a whole number >= 1, got ${employeeCount}`);
  }
  if (employeeCount > MAX_PRICED_EMPLOYEES) return ON_REQUEST;
  const band = PRICE_BANDS.find((b) => employeeCount >= b.minEmployees && employeeCount <= b.maxEmployees);
  if (!band) throw new RangeError(`no price band for ${employeeCount}`);
  return cycle === 'monthly' ? band.monthly : band.yearly;
}

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** German display of a price: '55 €' or 'auf Anfrage'. */
export function formatPrice(price: number | typeof ON_REQUEST): string {
  return price === ON_REQUEST ? ON_REQUEST : euro.format(price);
}
