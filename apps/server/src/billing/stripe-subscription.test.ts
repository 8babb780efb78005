import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../test-support/fake-stripe';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';

const WEBHOOK_SECRET = 'whsec_burgwall_lifecycle_test';
let stripe: FakeStripe;
let test: TestApp;
let providerId: string;
let baseUrl: string;

type Item = { id: string; quantity: number; price: { id: string; tiers: Array<{ up_to: number | null; flat_amount: number }> } };
const itemsOf = (subscription: Record<string, unknown>) => (subscription.items as { data: Item[] }).data;

beforeAll(async () => {
  stripe = await startFakeStripe();
  test = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_burgwall_lifecycle', STRIPE_API_URL: stripe.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  providerId = await insertProvider(test.database.db);
});
afterAll(async () => {
  await test.close();
  await stripe.close();
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const headers = await test.headersFor('serviceprovider', providerId, { email: 'buchhaltung@anbieter.test' });
  return test.app.inject({
    method,
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

describe('monitoring subscriptions at Stripe (official SDK against the local fake)', () => {
  let clientId: string;

  it('a new monitoring client gets a subscription with its seats as quantity on the tiered price', async () => {
    const created = await call('POST', '/client/new', { name: 'Stadtwerke Nord', employeeCount: 30, billingCycle: 'monthly', mode: 'monitoring' });
    expect(created.statusCode, created.body).toBe(201);
    clientId = created.json().message;
    expect(created.json().price).toBe('25\u00a0€');

    const [subscription] = stripe.objects('subscriptions');
    expect(subscription).toMatchObject({ status: 'active', collection_method: 'send_invoice', metadata: { clientUUID: clientId, serviceproviderUUID: providerId } });
    const [item] = itemsOf(subscription as Record<string, unknown>);
    expect(item?.quantity).toBe(30);
    // The SPEC §9 table as volume tiers: 25–49 employees cost 25 € a month.
    expect(item?.price.tiers.slice(0, 3)).toEqual([
      { up_to: 9, flat_amount: 500, unit_amount: 0 },
      { up_to: 24, flat_amount: 1000, unit_amount: 0 },
      { up_to: 49, flat_amount: 2500, unit_amount: 0 },
    ]);
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(create?.idempotencyKey).toBe(`client-subscription-${clientId}`);
    expect(create?.body).toMatchObject({ items: [{ quantity: '30' }], customer: expect.stringMatching(/^cus_/) });
    // The ledger keeps Stripe's id.
    const ledger = await test.database.db.selectFrom('billing_subscription').selectAll().where('client_fk', '=', clientId).executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({ subscription_id: subscription?.id, employee_count: 30, amount_eur: 25, status: 'active' });
  });

  it('a second client reuses the customer and the price (found by lookup key)', async () => {
    const created = await call('POST', '/client/new', { name: 'Kanzlei Süd', employeeCount: 5, billingCycle: 'monthly', mode: 'monitoring' });
    expect(created.statusCode, created.body).toBe(201);
    expect(stripe.objects('customers')).toHaveLength(1);
    expect(stripe.objects('prices')).toHaveLength(1);
    expect(stripe.objects('subscriptions')).toHaveLength(2);
  });

  it('a seat change updates the quantity with proration', async () => {
    const changed = await call('POST', `/client/${clientId}/employeeCount`, { employeeCount: 120 });
    expect(changed.statusCode, changed.body).toBe(200);
    const subscription = stripe.objects('subscriptions').find((s) => (s.metadata as { clientUUID?: string }).clientUUID === clientId);
    expect(itemsOf(subscription as Record<string, unknown>)[0]?.quantity).toBe(120);
    const update = stripe.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription?.id}`);
    expect(update?.body).toMatchObject({ proration_behavior: 'create_prorations', items: [{ quantity: '120' }] });
    // Stripe wrote a proration invoice (75 € instead of 25 € for the rest of the month).
    const proration = stripe.objects('invoices').find((i) => i.billing_reason === 'subscription_update');
    expect(Number(proration?.amount_due)).toBeGreaterThan(4900);
    const ledger = await test.database.db.selectFrom('billing_subscription').select(['employee_count', 'amount_eur']).where('client_fk', '=', clientId).executeTakeFirstOrThrow();
    expect(ledger).toEqual({ employee_count: 120, amount_eur: 75 });
  });

  it('lists the Stripe invoices of the customer across pages, per client', async () => {
    const customer = await call('GET', `/saas/billing/customers/${providerId}?clientUUID=${clientId}`);
    expect(customer.statusCode, customer.body).toBe(200);
    const invoices = customer.json().invoices as Array<{ clientUUID: string; amountEur: number; kind: string }>;
    expect(invoices).toHaveLength(2);
    expect(invoices.every((i) => i.clientUUID === clientId && i.kind === 'subscription')).toBe(true);
    expect(invoices.map((i) => i.amountEur)).toContain(25);
    const all = await call('GET', `/saas/billing/customers/${providerId}`);
    expect(all.json().invoices).toHaveLength(3);
  });

  it('a signed webhook of Stripe updates the ledger; a wrong signature is refused', async () => {
    const subscription = stripe.objects('subscriptions').find((s) => (s.metadata as { clientUUID?: string }).clientUUID === clientId);
    if (!subscription) throw new Error('subscription missing');
    const accepted = await stripe.sendWebhook(`${baseUrl}/saas/billing/webhook`, WEBHOOK_SECRET, 'customer.subscription.updated', { ...subscription, cancel_at_period_end: true });
    expect(accepted.status).toBe(200);
    const ledger = await test.database.db.selectFrom('billing_subscription').select('cancel_at_period_end').where('client_fk', '=', clientId).executeTakeFirstOrThrow();
    expect(ledger.cancel_at_period_end).toBe(true);
    const refused = await stripe.sendWebhook(`${baseUrl}/saas/billing/webhook`, 'whsec_someone_else', 'customer.subscription.deleted', subscription);
    expect(refused.status).toBe(400);
  });

  it('deleting the client cancels its subscription at Stripe', async () => {
    const subscriptionId = (await test.database.db.selectFrom('billing_subscription').select('subscription_id').where('client_fk', '=', clientId).executeTakeFirstOrThrow()).subscription_id;
    const deleted = await call('DELETE', `/client/${clientId}/`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(stripe.objects('subscriptions').find((s) => s.id === subscriptionId)?.status).toBe('canceled');
    const ledger = await test.database.db.selectFrom('billing_subscription').select(['status', 'client_fk']).where('subscription_id', '=', subscriptionId).executeTakeFirstOrThrow();
    expect(ledger).toEqual({ status: 'canceled', client_fk: null });
  });
});
