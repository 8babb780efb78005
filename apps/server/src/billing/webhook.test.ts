import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { createClientSubscription } from './ledger';

const SECRET = 'whsec_burgwall_webhook_test';
const stripe = new Stripe('sk_test_signing_only');

let test: TestApp;
let clientId: string;
let subscriptionId: string;

const snapshot = async () => ({
  subscriptions: await test.database.db.selectFrom('billing_subscription').selectAll().orderBy('subscription_id').execute(),
  events: await test.database.db.selectFrom('billing_webhook_event').selectAll().execute(),
  license: await test.database.db.selectFrom('client_license').selectAll().where('client_fk', '=', clientId).execute(),
});

const event = (id: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'customer.subscription.updated',
    data: { object: { id: subscriptionId, object: 'subscription', status: 'past_due', cancel_at_period_end: true, current_period_end: 1_900_000_000 } },
  });

const post = (payload: string, signature?: string) =>
  test.app.inject({
    method: 'POST',
    url: '/saas/billing/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });

beforeAll(async () => {
  test = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
  const ids = await insertProviderWithClient(test.database.db);
  clientId = ids.clientId;
  subscriptionId = (await createClientSubscription(test.database.db, { providerId: ids.providerId, clientId, employeeCount: 10, cycle: 'monthly' })).id;
});
afterAll(() => test.close());

describe('POST /saas/billing/webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const before = await snapshot();
    const payload = event('evt_forged');
    const signedWithOtherSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' });
    const tampered = stripe.webhooks.generateTestHeaderString({ payload: event('evt_original'), secret: SECRET });
    for (const signature of [signedWithOtherSecret, tampered, 't=1,v1=deadbeef', undefined]) {
      const response = await post(payload, signature);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().detail).toBe(
        signature
          ? 'Die Stripe-Signatur passt nicht zum Inhalt oder ist abgelaufen. Nur von Stripe signierte Webhooks werden angenommen.'
          : 'Die Kopfzeile Stripe-Signature fehlt. Nur von Stripe signierte Webhooks werden angenommen.',
      );
      // Stripe's English reason goes to the log, not into the answer.
      expect(response.body).not.toMatch(/Webhook Error|No signatures found|Timestamp outside/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an old signature (replay outside the tolerance)', async () => {
    const payload = event('evt_old');
    const old = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const response = await post(payload, old);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('abgelaufen');
  });

  it('applies a correctly signed event once to the ledger and the licence', async () => {
    const payload = event('evt_good');
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const first = await post(payload, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, result: 'applied' });
    const sub = await test.database.db.selectFrom('billing_subscription').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirstOrThrow();
    expect(sub.status).toBe('past_due');
    expect(sub.cancel_at_period_end).toBe(true);
    expect(sub.current_period_end.toISOString()).toBe(new Date(1_900_000_000 * 1000).toISOString());
    const license = await test.database.db.selectFrom('client_license').selectAll().where('client_fk', '=', clientId).executeTakeFirstOrThrow();
    expect(license.subscription_status).toBe('past_due');
    const again = await post(payload, signature);
    expect(again.json()).toEqual({ received: true, result: 'duplicate' });
  });

  it('records subscriptions created at Stripe for a client and completed checkouts', async () => {
    const db = test.database.db;
    const { providerId } = await db.selectFrom('client').select('serviceprovider_fk as providerId').where('client_id_pk', '=', clientId).executeTakeFirstOrThrow();
    await db.insertInto('billing_customer').values({ serviceprovider_fk: providerId, customer_id: 'cus_webhook_test', email: null }).execute();
    const created = JSON.stringify({
      id: 'evt_created',
      object: 'event',
      type: 'customer.subscription.created',
      data: { object: { id: 'sub_from_stripe', object: 'subscription', status: 'active', current_period_end: 1_900_000_000, metadata: { clientUUID: clientId } } },
    });
    expect((await post(created, stripe.webhooks.generateTestHeaderString({ payload: created, secret: SECRET }))).json().result).toBe('applied');
    const sub = await db.selectFrom('billing_subscription').selectAll().where('subscription_id', '=', 'sub_from_stripe').executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ serviceprovider_fk: providerId, client_fk: clientId, employee_count: 10, amount_eur: 10, billing_cycle: 'monthly' });

    const checkout = JSON.stringify({ id: 'evt_checkout', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_1', object: 'checkout.session', customer: 'cus_webhook_test', mode: 'setup' } } });
    expect((await post(checkout, stripe.webhooks.generateTestHeaderString({ payload: checkout, secret: SECRET }))).json().result).toBe('applied');
    const methods = await db.selectFrom('billing_payment_method').selectAll().where('serviceprovider_fk', '=', providerId).execute();
    expect(methods.map((m) => m.label)).toEqual(['Zahlungsmethode bei Stripe hinterlegt']);
  });

  it('refuses every webhook when no secret is configured', async () => {
    const unconfigured = await createTestApp();
    try {
      const payload = event('evt_nosecret');
      const response = await unconfigured.app.inject({
        method: 'POST',
        url: '/saas/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain('STRIPE_WEBHOOK_SECRET');
    } finally {
      await unconfigured.close();
    }
  });
});
