import { type BillingCycle, PRICE_BANDS } from '@burgwall/shared';
import type Stripe from 'stripe';

/** Lookup key of the monitoring price of a billing cycle at Stripe (one price per cycle, found again by this key). */
export const monitoringPriceKey = (cycle: BillingCycle) => `burgwall-monitoring-${cycle}`;

/**
 * The SPEC §9 pricing table as a Stripe price: volume tiers whose flat amount is the band's price, so the
 * subscription's quantity is the client's seat count (employees) and Stripe picks the band and prorates changes.
 */
export function monitoringPriceParams(cycle: BillingCycle, product: string): Stripe.PriceCreateParams {
  return {
    product,
    currency: 'eur',
    lookup_key: monitoringPriceKey(cycle),
    billing_scheme: 'tiered',
    tiers_mode: 'volume',
    recurring: { interval: cycle === 'yearly' ? 'year' : 'month' },
    // Stripe wants the last tier open-ended; larger clients ('auf Anfrage') are not billed through this price.
    tiers: PRICE_BANDS.map((band, index) => ({
      up_to: index === PRICE_BANDS.length - 1 ? 'inf' : band.maxEmployees,
      flat_amount: (cycle === 'yearly' ? band.yearly : band.monthly) * 100,
      unit_amount: 0,
    })),
  };
}

/** The price of the cycle, created (with its product) the first time it is needed. */
export async function monitoringPrice(stripe: Stripe, cycle: BillingCycle): Promise<string> {
  const found = await stripe.prices.list({ lookup_keys: [monitoringPriceKey(cycle)], limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const product = await stripe.products.create({ name: 'Burgwall Monitoring' }, { idempotencyKey: `burgwall-monitoring-product-${cycle}` });
  const price = await stripe.prices.create(monitoringPriceParams(cycle, product.id), { idempotencyKey: `burgwall-monitoring-price-${cycle}` });
  return price.id;
}

/** host/port/protocol for the SDK from STRIPE_API_URL (a local Stripe mock); nothing for Stripe itself. */
export function stripeApiOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}
