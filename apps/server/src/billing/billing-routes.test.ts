import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { createClientSubscription } from './ledger';

let test: TestApp;
let providerA: string;
let clientA: string;
let providerB: string;
let clientB: string;
let subscriptionA: string;
let subscriptionB: string;

const asProvider = (providerId: string) => test.headersFor('serviceprovider', providerId, { email: 'abrechnung@anbieter.test' });

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) {
  return test.app.inject({
    method,
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

function expectProblem(response: Awaited<ReturnType<typeof call>>, status: number, detail: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json().detail).toBe(detail);
}

beforeAll(async () => {
  test = await createTestApp();
  ({ providerId: providerA, clientId: clientA } = await insertProviderWithClient(test.database.db));
  ({ providerId: providerB, clientId: clientB } = await insertProviderWithClient(test.database.db));
  subscriptionA = (await createClientSubscription(test.database.db, { providerId: providerA, clientId: clientA, employeeCount: 10, cycle: 'monthly' })).id;
  subscriptionB = (await createClientSubscription(test.database.db, { providerId: providerB, clientId: clientB, employeeCount: 10, cycle: 'monthly' })).id;
});
afterAll(() => test.close());

describe('billing API of a provider', () => {
  it('creates the customer, opens a checkout and lists subscriptions, invoices and payment methods', async () => {
    const headers = await asProvider(providerA);
    const created = await call('POST', '/saas/billing/customers', headers, { serviceproviderUUID: providerA });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().customerId).toMatch(/^cus_/);

    const checkout = await call('POST', `/saas/billing/customers/${providerA}/checkout-session`, headers, {});
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json().url).toContain(`/provider/${providerA}/settings?tab=billing&checkout=success`);

    const invoice = await call('POST', `/saas/billing/customers/${providerA}/invoices/audit`, headers, { clientUUID: clientA });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json()).toMatchObject({ clientUUID: clientA, kind: 'audit', status: 'open' });

    const customer = await call('GET', `/saas/billing/customers/${providerA}?clientUUID=${clientA}`, headers);
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json()).toMatchObject({
      mode: 'local',
      customerId: created.json().customerId,
      email: 'abrechnung@anbieter.test',
      subscriptions: [{ id: subscriptionA, clientUUID: clientA, billingCycle: 'monthly', employeeCount: 10, cancelAtPeriodEnd: false }],
      invoices: [{ id: invoice.json().id, kind: 'audit' }],
      paymentMethods: [{ kind: 'invoice', label: 'Zahlung auf Rechnung (Überweisung)' }],
    });
    expect(customer.json().subscriptions[0].currentPeriodEnd).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const methods = await call('GET', `/saas/billing/customers/${providerA}/subscriptions/payment-methods`, headers);
    expect(methods.json()).toHaveLength(1);
    const listed = await call('POST', `/saas/billing/customers/${providerA}/subscriptions`, headers, {});
    expect(listed.json().map((s: { id: string }) => s.id)).toEqual([subscriptionA]);

    const next = await call('GET', `/saas/client/${clientA}/next-billing-date`, headers);
    expect(next.json()).toEqual({ nextBillingDate: customer.json().subscriptions[0].currentPeriodEnd });
  });

  it('changes and cancels its own subscription', async () => {
    const headers = await asProvider(providerA);
    const updated = await call('POST', `/saas/billing/customers/${providerA}/subscriptions/${subscriptionA}`, headers, { cancelAtPeriodEnd: true, billingCycle: 'yearly' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: subscriptionA, cancelAtPeriodEnd: true, billingCycle: 'yearly' });
    const unknownField = await call('POST', `/saas/billing/customers/${providerA}/subscriptions/${subscriptionA}`, headers, { amountEur: 1 });
    expectProblem(unknownField, 400, 'Das Feld „amountEur“ ist hier nicht erlaubt.');
    const canceled = await call('DELETE', `/saas/billing/customers/${providerA}/subscriptions/${subscriptionA}`, headers);
    expect(canceled.json()).toMatchObject({ id: subscriptionA, status: 'canceled' });
  });

  it('refuses other providers, their clients and subscriptions with German problems and changes nothing of them', async () => {
    const headers = await asProvider(providerA);
    const notProvider = 'Der Dienstleister wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.';
    expectProblem(await call('POST', '/saas/billing/customers', headers, { serviceproviderUUID: providerB }), 404, notProvider);
    expectProblem(await call('GET', `/saas/billing/customers/${providerB}`, headers), 404, notProvider);
    const notClient = 'Der Kunde wurde bei diesem Dienstleister nicht gefunden.';
    expectProblem(await call('GET', `/saas/billing/customers/${providerA}?clientUUID=${clientB}`, headers), 404, notClient);
    expectProblem(await call('POST', `/saas/billing/customers/${providerA}/invoices/audit`, headers, { clientUUID: clientB }), 404, notClient);
    const notSubscription = 'Das Abonnement wurde bei diesem Dienstleister nicht gefunden.';
    expectProblem(await call('POST', `/saas/billing/customers/${providerA}/subscriptions/${subscriptionB}`, headers, { cancelAtPeriodEnd: true }), 404, notSubscription);
    expectProblem(await call('DELETE', `/saas/billing/customers/${providerA}/subscriptions/${subscriptionB}`, headers), 404, notSubscription);
    expect((await call('GET', `/saas/client/${clientB}/next-billing-date`, headers)).statusCode).toBe(404);
    const sub = await test.database.db.selectFrom('billing_subscription').selectAll().where('subscription_id', '=', subscriptionB).executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(await test.database.db.selectFrom('billing_invoice').selectAll().where('serviceprovider_fk', '=', providerB).execute()).toEqual([]);
  });

  it('keeps the roles: clients may not use the billing API, only admins delete a customer', async () => {
    const client = await test.headersFor('client', clientA);
    expect((await call('GET', `/saas/billing/customers/${providerA}`, client)).statusCode).toBe(403);
    expect((await call('POST', '/saas/billing/customers', client, { serviceproviderUUID: providerA })).statusCode).toBe(403);
    expect((await call('GET', `/saas/client/${clientA}/next-billing-date`, client)).statusCode).toBe(200);
    expect((await call('DELETE', `/saas/billing/customers/${providerA}`, await asProvider(providerA))).statusCode).toBe(403);
    expectProblem(await call('GET', `/saas/billing/customers/${providerA}`, {}), 401, 'Bitte melden Sie sich an: die Kopfzeile „Authorization: Bearer …“ fehlt.');

    const admin = await test.headersFor('admin', null);
    const deleted = await call('DELETE', `/saas/billing/customers/${providerA}`, admin);
    expect(deleted.json()).toEqual({ message: providerA });
    expectProblem(await call('DELETE', `/saas/billing/customers/${providerA}`, admin), 404, 'Für diesen Dienstleister gibt es kein Kundenkonto in der Abrechnung.');
    expectProblem(
      await call('POST', '/saas/billing/customers', admin, { serviceproviderUUID: 'keine-uuid' }),
      400,
      'Die Dienstleister-ID muss eine gültige UUID sein.',
    );
  });
});
