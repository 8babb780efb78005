import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, parseStripeForm, startFakeStripe } from './fake-stripe';

let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new Stripe('sk_test_fake_itself', { ...fake.sdkOptions, maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

describe('the local fake Stripe, driven by the official SDK', () => {
  it('reads bracketed form bodies as Stripe does', () => {
    expect(parseStripeForm('items[0][price]=p1&items[0][quantity]=3&metadata[a]=b&expand[]=x')).toEqual({
      items: [{ price: 'p1', quantity: '3' }],
      metadata: { a: 'b' },
      expand: ['x'],
    });
  });

  it('replays a request with the same idempotency key instead of creating twice', async () => {
    const first = await stripe.customers.create({ name: 'A' }, { idempotencyKey: 'same-key' });
    const second = await stripe.customers.create({ name: 'A' }, { idempotencyKey: 'same-key' });
    expect(second.id).toBe(first.id);
    expect(fake.objects('customers')).toHaveLength(1);
  });

  it('pages lists with limit and starting_after (the SDK follows has_more)', async () => {
    const customer = await stripe.customers.create({ name: 'B' });
    const product = await stripe.products.create({ name: 'P' });
    const price = await stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 500, recurring: { interval: 'month' } });
    for (let i = 0; i < 5; i++) await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id, quantity: 1 }] });
    const page = await stripe.invoices.list({ customer: customer.id, limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const all = await stripe.invoices.list({ customer: customer.id, limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(all).toHaveLength(5);
    expect(new Set(all.map((invoice) => invoice.id)).size).toBe(5);
  });

  it('answers unknown objects with Stripe errors the SDK raises', async () => {
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404 });
  });
});
