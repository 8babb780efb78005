import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { clientDb } from '../db/client-db';
import { loadProviderOverview } from '../providers/provider-overview';
import { seedDemoData } from './seed';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

describe('seedDemoData', () => {
  it('seeds a provider with three clients of different sizes, only once', async () => {
    const first = await seedDemoData(test.db);
    const second = await seedDemoData(test.db);
    expect(first.created).toBe(true);
    expect(second).toEqual({ created: false, providerId: first.providerId });
    const clients = await test.db
      .selectFrom('client')
      .select(['client_reported_employee_count'])
      .where('serviceprovider_fk', '=', first.providerId)
      .execute();
    const sizes = clients.map((c) => c.client_reported_employee_count);
    expect(sizes).toHaveLength(3);
    expect(new Set(sizes).size).toBe(3);
  });

  it('seeds the three demo sign-ins with their organisations, idempotently', async () => {
    const { providerId } = await seedDemoData(test.db);
    await seedDemoData(test.db);
    const users = await test.db
      .selectFrom('app_user')
      .leftJoin('membership', 'membership.user_fk', 'app_user.user_id_pk')
      .select(['email', 'roles', 'membership.serviceprovider_fk', 'membership.client_fk', 'password_hash'])
      .where('email', 'like', '%@burgwall.demo')
      .orderBy('email')
      .execute();
    expect(users.map((u) => [u.email, u.roles])).toEqual([
      ['admin@burgwall.demo', ['admin', 'demo_user']],
      ['anbieter@burgwall.demo', ['serviceprovider', 'demo_user']],
      ['kunde@burgwall.demo', ['client', 'demo_user']],
    ]);
    expect(users[1]?.serviceprovider_fk).toBe(providerId);
    const client = await test.db.selectFrom('client').select('client_name').where('client_id_pk', '=', users[2]?.client_fk ?? '').executeTakeFirst();
    expect(client?.client_name).toBe('Bäckerei Sonnenschein');
    expect(users.every((u) => u.password_hash?.startsWith('scrypt$'))).toBe(true);
  });

  it('gives every demo client a subscription, weeks of score history, changes and attacks, so no demo page is empty', { timeout: 120_000 }, async () => {
    const { providerId } = await seedDemoData(test.db, { snapshots: true, activity: true });
    const clients = await test.db
      .selectFrom('client')
      .innerJoin('billing_subscription', 'billing_subscription.client_fk', 'client.client_id_pk')
      .select(['client_id_pk', 'client_subscription_end', 'billing_subscription.current_period_end'])
      .where('client.serviceprovider_fk', '=', providerId)
      .execute();
    expect(clients).toHaveLength(3);
    for (const client of clients) {
      // One date for the end of the paid period, not two.
      expect(client.client_subscription_end).toEqual(client.current_period_end);
      const own = clientDb(test.db, client.client_id_pk);
      const [history, changes, attacks] = await Promise.all([
        own.selectFrom('score_history').select(['computed_at']).execute(),
        own.selectFrom('change').select('rep_id_pk').execute(),
        own.selectFrom('ioa_event').select('detector').execute(),
      ]);
      expect(history.length).toBeGreaterThan(10);
      expect(Math.min(...history.map((point) => point.computed_at.getTime()))).toBeLessThan(Date.now() - 28 * 24 * 60 * 60 * 1000);
      expect(changes.length).toBeGreaterThanOrEqual(5);
      expect(attacks.map((attack) => attack.detector).sort()).toEqual(['asrep-roast-enabled', 'spn-added-to-user']);
    }
    const overview = await loadProviderOverview(test.db, providerId);
    expect(overview.averageScoreLastWeek).not.toBeNull();
    expect(overview.newIoas.count).toBe(6);
    expect(overview.atRisk.map((client) => client.name)).toContain('Stadtwerke Nordheim');
  });
});
