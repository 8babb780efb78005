/**
 * Tenant isolation over the WHOLE route table: every route the app registers
 * (recorded by the onRoute hook in app.ts, so routes added later by other
 * features are covered without touching this file) is called as admin,
 * provider A, provider B, a client of A, a client of B and an API token of provider A (all scopes), with the path
 * parameters filled with the ids of tenant A and of tenant B.
 * - A call the permission rules do not allow must be refused (403/404; 401
 *   for routes that take no bearer token at all, e.g. collector-key routes).
 * - No response may contain another tenant's ids, names or e-mails (an id the
 *   caller itself put into the request may be echoed in the error message).
 * - No call may crash (5xx).
 */
import { API_TOKEN_SCOPES, type MainRole } from '@burgwall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createApiToken } from './api-tokens/api-token-store';
import { createClientSubscription } from './billing/ledger';
import { createClient } from './clients/create-client';
import { type RouteEntry, routeTableOf } from './route-table';
import { createMember } from './team/team-service';

interface Tenant {
  key: 'A' | 'B';
  providerId: string;
  providerName: string;
  providerUserId: string;
  providerUserEmail: string;
  clientId: string;
  clientName: string;
  clientUserId: string;
  clientUserEmail: string;
  subscriptionId: string;
  /** A second client of the same provider: its own client users must not see it. */
  siblingClientId: string;
  siblingClientName: string;
}

interface Caller {
  name: string;
  /** An API token of the caller's provider with every scope (Bearer bwt_…) instead of a session token. */
  apiToken?: string;
  role: MainRole;
  orgId: string | null;
  userId: string;
  email: string;
  tenant: Tenant | null;
}

let test: TestApp;
const tenants: Record<'A' | 'B', Tenant> = {} as Record<'A' | 'B', Tenant>;

async function makeTenant(key: 'A' | 'B'): Promise<Tenant> {
  const db = test.database.db;
  const providerName = `Anbieter ${key === 'A' ? 'Alphaberg' : 'Betafeld'} GmbH`;
  const { serviceprovider_id_pk: providerId } = await db
    .insertInto('serviceprovider')
    .values({ serviceprovider_name: providerName, whitelabel_company_name: `${providerName} WL`, whitelabel_is_active: true })
    .returning('serviceprovider_id_pk')
    .executeTakeFirstOrThrow();
  const clientName = `Kunde ${key === 'A' ? 'Ahornweg' : 'Birkenhof'} AG`;
  const clientId = await createClient(db, { serviceproviderId: providerId, name: clientName, employeeCount: 30, location: `Ort ${key}` });
  const siblingClientName = `Kunde ${key === 'A' ? 'Akazienallee' : 'Buchenring'} KG`;
  const siblingClientId = await createClient(db, { serviceproviderId: providerId, name: siblingClientName, employeeCount: 5 });
  const providerUserEmail = `anbieter-${key.toLowerCase()}@isolation.test`;
  const clientUserEmail = `kunde-${key.toLowerCase()}@isolation.test`;
  const providerUserId = await createMember(db, { kind: 'serviceprovider', id: providerId }, { email: providerUserEmail, firstName: `P${key}`, lastName: 'Nutzer' }, 'selfhosted');
  const clientUserId = await createMember(db, { kind: 'client', id: clientId }, { email: clientUserEmail, firstName: `K${key}`, lastName: 'Nutzer' }, 'selfhosted');
  const subscription = await createClientSubscription(db, { providerId, clientId, employeeCount: 30, cycle: 'monthly' });
  await db.insertInto('billing_customer').values({ serviceprovider_fk: providerId, customer_id: `cus_isolation_${key}`, email: providerUserEmail }).execute();
  return {
    key,
    providerId,
    providerName,
    providerUserId,
    providerUserEmail,
    clientId,
    clientName,
    clientUserId,
    clientUserEmail,
    subscriptionId: subscription.id,
    siblingClientId,
    siblingClientName,
  };
}

/** Everything that identifies a tenant's data in a response. */
function markers(tenant: Tenant): string[] {
  return [
    tenant.providerId,
    tenant.providerName,
    tenant.providerUserId,
    tenant.providerUserEmail,
    tenant.clientId,
    tenant.clientName,
    tenant.clientUserId,
    tenant.clientUserEmail,
    tenant.subscriptionId,
    tenant.siblingClientId,
    tenant.siblingClientName,
    `cus_isolation_${tenant.key}`,
  ];
}

/** What a caller must never see: the other tenant, and for client users also their provider's other clients and staff. */
function foreignMarkers(caller: Caller): string[] {
  if (!caller.tenant) return [];
  const other = caller.tenant.key === 'A' ? tenants.B : tenants.A;
  const own = caller.tenant;
  const result = markers(other);
  if (caller.role === 'client') result.push(own.siblingClientId, own.siblingClientName, own.providerUserId, own.providerUserEmail, own.subscriptionId);
  return result;
}

function paramValue(name: string, target: Tenant, url: string): string {
  if (name === 'clientUUID' || name === 'clientId') return target.clientId;
  if (name === 'serviceproviderUUID' || name === 'providerId') return target.providerId;
  if (name === 'userUUID') return url.startsWith('/serviceprovider') ? target.providerUserId : target.clientUserId;
  if (name === 'subscriptionId') return target.subscriptionId;
  return 'x';
}

function fillPath(url: string, target: Tenant): string {
  return url
    .split('/')
    .map((segment) => {
      if (segment === '*') return 'x';
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1).replace(/\(.*$/, '').replace(/\?$/, '');
      return encodeURIComponent(paramValue(name, target, url));
    })
    .join('/');
}

const has = (url: string, param: string) => new RegExp(`:${param}(?![\\w])`).test(url);

/** SPEC §6 permission rules for a route with the target tenant's ids in its path. */
function allowed(caller: Caller, route: RouteEntry, target: Tenant): boolean {
  // An API token works only on routes that name a scope; every other tenant route refuses it.
  if (caller.apiToken && route.options.config?.tenantScope && !route.options.config.apiTokenScope) return false;
  if (caller.role === 'admin') return true;
  if (route.url.startsWith('/admin')) return false;
  const clientParam = has(route.url, 'clientUUID') || has(route.url, 'clientId');
  const providerParam = has(route.url, 'serviceproviderUUID') || has(route.url, 'providerId');
  if (providerParam) {
    if (caller.role !== 'serviceprovider' || caller.orgId !== target.providerId) return false;
  }
  if (clientParam) {
    if (caller.role === 'serviceprovider') return caller.orgId === target.providerId;
    return caller.orgId === target.clientId;
  }
  return true;
}

/** Deleting one's own organisation would end the test's fixtures; those calls run in the client-lifecycle tests. */
const destroysOwnOrg = (route: RouteEntry) =>
  route.method === 'DELETE' && /\/:(clientUUID|serviceproviderUUID|clientId|providerId)\/?$/.test(route.url);

beforeAll(async () => {
  test = await createTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_isolation_test_secret' });
  tenants.A = await makeTenant('A');
  tenants.B = await makeTenant('B');
}, 60_000);
afterAll(() => test.close());

describe('tenant isolation over the whole route table', () => {
  it('collects the routes of every feature', () => {
    const urls = routeTableOf(test.app).map((route) => `${route.method} ${route.url}`);
    // A sample from several features; the table grows with every feature that registers routes.
    expect(urls).toContain('POST /client/new');
    expect(urls).toContain('GET /client/:clientUUID/license');
    expect(urls).toContain('GET /serviceprovider/:serviceproviderUUID/email/settings');
    expect(urls).toContain('POST /saas/billing/webhook');
    expect(urls).toContain('GET /client/:clientUUID/report');
    expect(urls).toContain('GET /services/health');
    expect(urls).toContain('GET /client/:clientUUID/export/findings');
    expect(urls).toContain('GET /client/:clientUUID/export/changes');
    expect(urls).toContain('GET /serviceprovider/:serviceproviderUUID/clients/export');
    expect(urls).toContain('GET /admin/logs/export');
    expect(urls).toContain('POST /serviceprovider/:serviceproviderUUID/api-tokens');
    expect(urls).toContain('DELETE /user/api-tokens/:tokenId');
    expect(urls).toContain('POST /saas/services/ticket');
    expect(urls).toContain('POST /saas/mailing/contacts');
    expect(urls).toContain('GET /saas/user/email-subscription/update');
    expect(urls.length).toBeGreaterThan(60);
  });

  it('allows or refuses every call by the permission rules and never leaks another tenant', async () => {
    const callers: Caller[] = [
      { name: 'admin', role: 'admin', orgId: null, userId: '00000000-0000-4000-8000-0000000000ad', email: 'admin@isolation.test', tenant: null },
      { name: 'provider A', role: 'serviceprovider', orgId: tenants.A.providerId, userId: tenants.A.providerUserId, email: tenants.A.providerUserEmail, tenant: tenants.A },
      { name: 'provider B', role: 'serviceprovider', orgId: tenants.B.providerId, userId: tenants.B.providerUserId, email: tenants.B.providerUserEmail, tenant: tenants.B },
      { name: 'client of A', role: 'client', orgId: tenants.A.clientId, userId: tenants.A.clientUserId, email: tenants.A.clientUserEmail, tenant: tenants.A },
      { name: 'client of B', role: 'client', orgId: tenants.B.clientId, userId: tenants.B.clientUserId, email: tenants.B.clientUserEmail, tenant: tenants.B },
      {
        name: 'API token of provider A',
        role: 'serviceprovider',
        orgId: tenants.A.providerId,
        userId: tenants.A.providerUserId,
        email: tenants.A.providerUserEmail,
        tenant: tenants.A,
        apiToken: (
          await createApiToken(
            test.database.db,
            { kind: 'serviceprovider', providerId: tenants.A.providerId },
            { name: 'Isolation', scopes: [...API_TOKEN_SCOPES], expiresAt: null, createdByEmail: tenants.A.providerUserEmail },
          )
        ).token,
      },
    ];
    const routes = routeTableOf(test.app).filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
    const problems: string[] = [];
    let refused = 0;
    let permitted = 0;
    for (const caller of callers) {
      const headers = caller.apiToken
        ? { authorization: `Bearer ${caller.apiToken}` }
        : await test.headersFor(caller.role, caller.orgId, { userId: caller.userId, email: caller.email });
      const forbidden = foreignMarkers(caller);
      for (const route of routes) {
        for (const target of [tenants.A, tenants.B]) {
          const isAllowed = allowed(caller, route, target);
          if (isAllowed && destroysOwnOrg(route)) continue;
          const url = fillPath(route.url, target);
          const withBody = !['GET', 'DELETE'].includes(route.method) || (route.method === 'DELETE' && !destroysOwnOrg(route));
          const response = await test.app.inject({
            method: route.method as 'GET',
            url,
            headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
            ...(withBody ? { payload: '{}' } : {}),
          });
          const label = `${caller.name} ${route.method} ${route.url} [tenant ${target.key}] -> ${response.statusCode}`;
          if (response.statusCode >= 500) problems.push(`${label}: server error ${response.body.slice(0, 200)}`);
          if (!isAllowed) {
            refused++;
            if (![401, 403, 404].includes(response.statusCode)) problems.push(`${label}: expected a refusal (403/404)`);
          } else {
            permitted++;
          }
          const body = response.rawPayload.toString('utf8');
          for (const marker of forbidden) {
            if (url.includes(encodeURIComponent(marker)) || url.includes(marker)) continue; // echo of the caller's own input
            if (body.includes(marker)) problems.push(`${label}: response contains "${marker}"`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(100);
    expect(permitted).toBeGreaterThan(100);
  }, 240_000);

  it('refuses tenant ids of another provider in bodies and queries', async () => {
    const asA = await test.headersFor('serviceprovider', tenants.A.providerId, { userId: tenants.A.providerUserId });
    // A fresh subscription of B (the walk over the route table may have cancelled the first one, as B or admin).
    const bSubscription = await createClientSubscription(test.database.db, { providerId: tenants.B.providerId, clientId: tenants.B.siblingClientId, employeeCount: 5, cycle: 'yearly' });
    const json = { ...asA, 'content-type': 'application/json' };
    const cases: Array<{ method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown }> = [
      { method: 'POST', url: '/client/quickcheck/new', payload: { name: 'X', company: 'X GmbH', email: 'x@x.de', serviceproviderUUID: tenants.B.providerId } },
      { method: 'POST', url: '/saas/billing/customers', payload: { serviceproviderUUID: tenants.B.providerId } },
      { method: 'GET', url: `/saas/billing/customers/${tenants.A.providerId}?clientUUID=${tenants.B.clientId}` },
      { method: 'POST', url: `/saas/billing/customers/${tenants.A.providerId}/invoices/audit`, payload: { clientUUID: tenants.B.clientId } },
      { method: 'POST', url: `/saas/billing/customers/${tenants.A.providerId}/subscriptions/${bSubscription.id}`, payload: { cancelAtPeriodEnd: true } },
      { method: 'DELETE', url: `/saas/billing/customers/${tenants.A.providerId}/subscriptions/${bSubscription.id}` },
      { method: 'GET', url: `/serviceprovider/${tenants.A.providerId}/clients/${tenants.B.clientId}/status` },
      { method: 'DELETE', url: `/serviceprovider/${tenants.A.providerId}/collaboration/team`, payload: { userUUID: tenants.B.providerUserId } },
      { method: 'DELETE', url: `/client/${tenants.A.clientId}/collaboration/team`, payload: { userUUID: tenants.B.clientUserId } },
      { method: 'GET', url: `/client/${tenants.A.clientId}/collaboration/team/member/${tenants.B.clientUserId}` },
      { method: 'POST', url: '/saas/services/ticket', payload: { category: 'frage', subject: 'Fremder Kunde', message: 'Eine Frage zu einem fremden Kunden.', clientUUID: tenants.B.clientId } },
      { method: 'GET', url: `/client/exists?name=x&serviceproviderUUID=${tenants.B.providerId}` },
    ];
    for (const call of cases) {
      const response = await test.app.inject({ method: call.method, url: call.url, headers: call.payload ? json : asA, ...(call.payload ? { payload: JSON.stringify(call.payload) } : {}) });
      expect([403, 404], `${call.method} ${call.url}`).toContain(response.statusCode);
    }
    // Nothing of B changed: its subscription is still active and not cancelled, its users still exist.
    const sub = await test.database.db.selectFrom('billing_subscription').selectAll().where('subscription_id', '=', bSubscription.id).executeTakeFirstOrThrow();
    expect(sub.status).toBe('active');
    expect(sub.cancel_at_period_end).toBe(false);
    const users = await test.database.db.selectFrom('app_user').select('user_id_pk').where('user_id_pk', 'in', [tenants.B.providerUserId, tenants.B.clientUserId]).execute();
    expect(users).toHaveLength(2);
    const quickchecks = await test.database.db.selectFrom('client').select('client_id_pk').where('serviceprovider_fk', '=', tenants.B.providerId).where('client_mode', '=', 'quickcheck').execute();
    expect(quickchecks).toHaveLength(0);
  });
});
