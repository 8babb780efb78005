import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProvider } from '../../../../test-support/tenants';
import { LEDGER_RENEWAL_JOB } from './ledger-renewal-job';

let test: TestApp;
let providerId: string;

beforeAll(async () => {
  test = await createTestApp();
  await test.app.ready(); // starts the job workers
  providerId = await insertProvider(test.database.db);
});
afterAll(() => test.close());

async function asProvider() {
  return test.headersFor('serviceprovider', providerId);
}

async function newMonitoringClient(name: string): Promise<string> {
  const response = await test.app.inject({ method: 'POST', url: '/client/new', headers: await asProvider(), payload: { name, employeeCount: 12, billingCycle: 'monthly' } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message as string;
}

/** Moves the client's period end into the past (as if the month had passed). */
async function endPeriod(clientId: string, end: Date) {
  await test.database.db.updateTable('billing_subscription').set({ current_period_end: end }).where('client_fk', '=', clientId).execute();
}

const subscriptionOf = (clientId: string) =>
  test.database.db.selectFrom('billing_subscription').select(['status', 'current_period_end']).where('client_fk', '=', clientId).executeTakeFirstOrThrow();

async function completedRuns(): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${LEDGER_RENEWAL_JOB} AND state = 'completed'`.execute(test.database.db);
  return rows[0]?.n ?? 0;
}

/** Runs the scheduled job through the real queue and waits until it completed and its effect is visible. */
async function runRenewalJob(done: () => Promise<boolean>) {
  const before = await completedRuns();
  await test.services.jobs.enqueue(LEDGER_RENEWAL_JOB, {});
  const deadline = Date.now() + 20_000;
  while ((await completedRuns()) === before || !(await done())) {
    if (Date.now() > deadline) throw new Error('the renewal job did not run');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('ledger mode: the renewal job', () => {
  it('renews a period that is over, with one invoice per month passed', async () => {
    const clientId = await newMonitoringClient('Autohaus West');
    await endPeriod(clientId, new Date(Date.now() - 40 * 86_400_000));
    await runRenewalJob(async () => (await subscriptionOf(clientId)).current_period_end > new Date());

    const subscription = await subscriptionOf(clientId);
    expect(subscription.status).toBe('active');
    const invoices = await test.database.db.selectFrom('billing_invoice').select(['kind', 'amount_eur']).where('client_fk', '=', clientId).execute();
    // 40 days ago → two monthly periods passed.
    expect(invoices).toEqual([
      { kind: 'subscription', amount_eur: 10 },
      { kind: 'subscription', amount_eur: 10 },
    ]);
    const license = await test.database.db.selectFrom('client_license').select('current_period_end').where('client_fk', '=', clientId).executeTakeFirstOrThrow();
    expect(license.current_period_end).toEqual(subscription.current_period_end);
    // The invoices are listed by the billing API the settings page reads.
    const customer = await test.app.inject({ method: 'GET', url: `/saas/billing/customers/${providerId}?clientUUID=${clientId}`, headers: await asProvider() });
    expect(customer.json().invoices).toHaveLength(2);
  });

  it('ends a cancelled subscription at the end of its period, not before', async () => {
    const clientId = await newMonitoringClient('Praxis Ost');
    const cancel = await test.app.inject({ method: 'POST', url: `/client/${clientId}/license/cancel`, headers: await asProvider() });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const other = await newMonitoringClient('Bäckerei Nord');
    await runRenewalJob(async () => true);
    expect((await subscriptionOf(clientId)).status).toBe('active');

    await endPeriod(clientId, new Date(Date.now() - 60_000));
    await runRenewalJob(async () => (await subscriptionOf(clientId)).status === 'canceled');
    const license = await test.database.db.selectFrom('client_license').select('subscription_status').where('client_fk', '=', clientId).executeTakeFirstOrThrow();
    expect(license.subscription_status).toBe('canceled');
    expect(await test.database.db.selectFrom('billing_invoice').select('invoice_id').where('client_fk', '=', clientId).execute()).toEqual([]);
    expect((await subscriptionOf(other)).status).toBe('active');
  });
});
