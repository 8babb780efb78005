/**
 * Tenant scope as structure: every route with a tenant id in its path is registered inside one of these plugins.
 * Its guard authenticates the caller once (bearer token or API token, collector key or quick-check link, as the route's
 * `config.auth` says), checks the caller may act on the tenant of the path (SPEC §6) and hands the handler
 * `request.tenant` (client) or `request.provider`. Unknown and foreign tenants answer the same 404, so ids of other
 * tenants cannot be probed.
 */
import { MAIN_ROLES, type MainRole } from '@burgwall/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ApiApp } from '../http/api-app';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthError, identityLeavingSessionToCaller, principalInRole, sessionEnded, type Principal } from '../auth/principal';
import { apiTokenOf, principalFromApiToken } from '../api-tokens/api-token-auth';
import { canAccessProvider, principalMaySeeClient } from '../auth/tenant-access';
import { type CollectorKeyRecord, findCollectorKey, keyFromAuthorization, MACHINE_HEADER, touchCollectorKey } from '../collector/collector-keys';
import { verifyQuickcheckToken } from '../collector/quickcheck-link';
import { clientDb } from '../db/client-db';
import { isClientId } from '../db/client-schema';
import { ProblemError, forbidden, notFound, unauthorized } from '../http/problem';
import type { Services } from '../services';
import type { ClientTenant, ProviderTenant, TenantScopeKind } from './tenant-context';
import { lookupSessionAndClient, type ProbeResult } from './guard-lookup';

export const CLIENT_PARAM = 'clientUUID';
export const PROVIDER_PARAM = 'serviceproviderUUID';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CLIENT_NOT_FOUND = 'Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.';
const PROVIDER_NOT_FOUND = 'Der Dienstleister wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.';

const kClient = Symbol('tenant.client');
const kProvider = Symbol('tenant.provider');
type WithTenant = FastifyRequest & { [kClient]?: ClientTenant; [kProvider]?: ProviderTenant };

/** Decorates `request.tenant` and `request.provider` once per app (getters that fail loudly outside a scope). */
export function decorateTenantRequests(app: FastifyInstance): void {
  app.decorateRequest('tenant', {
    getter(this: WithTenant) {
      const tenant = this[kClient];
      if (!tenant) throw new Error(`request.tenant used on ${this.routeOptions.url}, which is not in a client scope`);
      return tenant;
    },
  });
  app.decorateRequest('provider', {
    getter(this: WithTenant) {
      const provider = this[kProvider];
      if (!provider) throw new Error(`request.provider used on ${this.routeOptions.url}, which is not in a provider scope`);
      return provider;
    },
  });
}

export const hasParam = (url: string, name: string) => new RegExp(`:${name}(?![\\w])`).test(url);

interface CallerAndClient {
  principal: Principal;
  /** The client of the path (undefined when the path has none, or it does not exist). */
  client: { client_id_pk: string; serviceprovider_fk: string } | undefined;
  /** The answer to the route's `clientProbe`, when the guard could ask it in its query. */
  probe?: ProbeResult;
  /** The answer to the route's `providerProbe`, likewise. */
  providerProbe?: ProbeResult;
}

/**
 * The signed-in caller (session JWT or API token) and the client of the path. For a JWT the session and the client
 * are read in one query; the answers and their order stay those of `principalFromRequest`: a bad or ended token 401,
 * then a refused role 403.
 */
async function authenticateUser(services: Services, request: FastifyRequest, clientId: string | undefined, providerId: string | undefined): Promise<CallerAndClient> {
  const apiToken = apiTokenOf(request.headers.authorization);
  if (apiToken !== undefined) {
    const principal = await principalFromApiToken(services.db, apiToken, request.routeOptions.config.apiTokenScope);
    request.principal = principal;
    return { principal, client: clientId === undefined ? undefined : await loadClient(services, clientId) };
  }
  try {
    const identity = await identityLeavingSessionToCaller(services.tokens, request.headers);
    // GET /user/session/validate reports an ended session itself instead of refusing the call.
    const sessionId = request.routeOptions.config.acceptEndedSession === true ? undefined : identity.sessionId;
    const canonical = canonicalClientId(clientId);
    const probe = canonical === undefined ? undefined : request.routeOptions.config.clientProbe?.(canonical);
    const providerProbe = providerProbeOf(request, providerId);
    const lookup = await lookupSessionAndClient(services.db, sessionId, canonical, probe, providerProbe);
    if (!lookup.sessionActive) throw sessionEnded();
    const principal = principalInRole(identity, request.headers);
    request.principal = principal;
    return { principal, client: lookup.client, probe: lookup.probe, providerProbe: lookup.providerProbe };
  } catch (error) {
    if (error instanceof AuthError) throw new ProblemError(error.statusCode, error.message);
    throw error;
  }
}

/** What the route's `providerProbe` asks for the provider of the path (only for a well-formed id: it is cast to uuid). */
function providerProbeOf(request: FastifyRequest, providerId: string | undefined) {
  const ask = request.routeOptions.config.providerProbe;
  if (ask === undefined || providerId === undefined || !UUID_PATTERN.test(providerId)) return undefined;
  const canonical = providerId.toLowerCase();
  const probe = ask(canonical, request.url);
  return probe && { providerId: canonical, snapshot: probe.snapshot };
}

/** The lower-case form of a client id from the path, or undefined when it is no client id at all. */
function canonicalClientId(clientId: string | undefined): string | undefined {
  if (clientId === undefined || !UUID_PATTERN.test(clientId) || !isClientId(clientId.toLowerCase())) return undefined;
  return clientId.toLowerCase();
}

async function loadClient(services: Services, clientId: string) {
  const id = canonicalClientId(clientId);
  if (id === undefined) return undefined;
  return services.db.selectFrom('client').select(['client_id_pk', 'serviceprovider_fk']).where('client_id_pk', '=', id).executeTakeFirst();
}


/** A raw path parameter: the guard runs before the route's schema has validated the params. */
function paramOf(request: FastifyRequest, name: string): string {
  const value: unknown = Reflect.get(Object(request.params), name);
  return typeof value === 'string' ? value : '';
}

/** The `?token=` of a quick-check download link, if the request has one. */
function quickcheckTokenOf(request: FastifyRequest): string | undefined {
  const query: unknown = request.query;
  const token = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).token : undefined;
  return typeof token === 'string' ? token : undefined;
}

/** The routes a key may call before it is bound to a machine: the licence calls that bind it. */
const BINDING_ROUTES = /\/collector\/license(\/activate)?$/;

/**
 * A bound key works only on its machine (the collector sends its machine code on every call): a key copied from a
 * running installation cannot upload from another machine. The client revokes or renews keys in its settings.
 */
function checkMachineBinding(key: { machineCode: string | null }, request: FastifyRequest): void {
  const machine = request.headers[MACHINE_HEADER];
  // Not yet bound: its first licence call binds it (the collector makes that call before any upload).
  if (key.machineCode === null) return;
  if (machine !== key.machineCode && !BINDING_ROUTES.test(request.routeOptions.url ?? '')) {
    throw forbidden('Dieser Collector-Schlüssel ist an einen anderen Rechner gebunden. Bitte erneuern Sie den Schlüssel in den Kundeneinstellungen.');
  }
}

/**
 * The collector key of the request (Authorization: ApiKey …), active and bound to the calling machine, else 401/403.
 * Also used by the one collector route outside the client scope (POST /saas/services/collector/version/update).
 */
export async function collectorKeyOf(services: Services, request: FastifyRequest): Promise<CollectorKeyRecord> {
  const presented = keyFromAuthorization(request.headers.authorization);
  if (!presented) throw unauthorized('Der Collector-Schlüssel fehlt (Kopfzeile Authorization: ApiKey …).');
  const key = await findCollectorKey(services.db, presented);
  if (!key) throw unauthorized('Der Collector-Schlüssel ist ungültig oder wurde widerrufen.');
  checkMachineBinding(key, request);
  return key;
}

/** The one guard of all tenant scopes. */
async function guard(services: Services, scope: TenantScopeKind, request: FastifyRequest): Promise<void> {
  const config = request.routeOptions.config;
  const url = request.routeOptions.url ?? '';
  const auth = config.auth ?? 'user';
  const byKey = auth === 'collector-key' || (auth === 'collector-key-or-user' && !/^Bearer\s/i.test(request.headers.authorization ?? ''));
  const clientId = hasParam(url, CLIENT_PARAM) ? paramOf(request, CLIENT_PARAM) : undefined;

  const prospectToken = auth === 'quickcheck-link-or-user' && !request.headers.authorization ? quickcheckTokenOf(request) : undefined;
  if (prospectToken !== undefined) {
    // The prospect of a quick check has no account: the token of its mailed link opens this one client's route only.
    const client = clientId === undefined ? undefined : await loadClient(services, clientId);
    if (!client || !(await verifyQuickcheckToken(services.db, client.client_id_pk, prospectToken))) throw notFound(CLIENT_NOT_FOUND);
    (request as WithTenant)[kClient] = {
      clientId: client.client_id_pk,
      providerId: client.serviceprovider_fk,
      role: 'prospect',
      principal: null,
      collectorKey: null,
      db: clientDb(services.db, client.client_id_pk),
    };
    return;
  }

  if (byKey) {
    const key = await collectorKeyOf(services, request);
    const client = clientId === undefined ? undefined : await loadClient(services, clientId);
    if (!client || key.clientId !== client.client_id_pk) throw forbidden('Dieser Collector-Schlüssel gehört nicht zu diesem Kunden.');
    (request as WithTenant)[kClient] = {
      clientId: client.client_id_pk,
      providerId: client.serviceprovider_fk,
      role: 'collector',
      principal: null,
      collectorKey: key,
      db: clientDb(services.db, client.client_id_pk),
    };
    return;
  }

  const pathProvider = hasParam(url, PROVIDER_PARAM) ? paramOf(request, PROVIDER_PARAM) : undefined;
  const { principal, client, probe, providerProbe } = await authenticateUser(services, request, clientId, pathProvider);
  const allowed: readonly MainRole[] = config.roles ?? (scope === 'admin' ? ['admin'] : MAIN_ROLES);
  if (scope === 'admin' && principal.role !== 'admin') throw forbidden('Dieser Bereich ist Administratoren vorbehalten.');
  if (!allowed.includes(principal.role)) throw forbidden(`Mit der Rolle „${principal.role}“ ist diese Aktion nicht erlaubt.`);

  if (pathProvider !== undefined) {
    const mayAct = canAccessProvider(principal, pathProvider);
    if (!mayAct || !UUID_PATTERN.test(pathProvider)) throw notFound(PROVIDER_NOT_FOUND);
    (request as WithTenant)[kProvider] = { providerId: pathProvider, principal, probe: providerProbe };
  }
  if (clientId !== undefined) {
    if (!client || !principalMaySeeClient(principal, client)) throw notFound(CLIENT_NOT_FOUND);
    // A provider-scope route with a client in its path: the client must be one of that provider's.
    const provider = (request as WithTenant)[kProvider];
    if (provider && principal.role !== 'admin' && client.serviceprovider_fk !== provider.providerId) throw notFound(CLIENT_NOT_FOUND);
    (request as WithTenant)[kClient] = {
      clientId: client.client_id_pk,
      providerId: client.serviceprovider_fk,
      role: principal.role,
      principal,
      collectorKey: null,
      db: clientDb(services.db, client.client_id_pk),
      probe,
    };
  }
}

function tenantParamsSchema(url: string) {
  return z.object({
    ...(hasParam(url, CLIENT_PARAM) ? { [CLIENT_PARAM]: z.string().describe('ID des Kunden (UUID)') } : {}),
    ...(hasParam(url, PROVIDER_PARAM) ? { [PROVIDER_PARAM]: z.string().describe('ID des Dienstleisters (UUID)') } : {}),
  });
}

/** What a scope demands of the paths registered in it (checked when the route is added, so a mistake fails at start). */
function checkRoute(scope: TenantScopeKind, route: RouteOptions): void {
  if (scope === 'client' && !hasParam(route.url, CLIENT_PARAM)) {
    throw new Error(`${route.method} ${route.url}: a client-scope route needs :${CLIENT_PARAM} in its path`);
  }
  if (scope === 'serviceprovider' && !hasParam(route.url, PROVIDER_PARAM)) {
    throw new Error(`${route.method} ${route.url}: a provider-scope route needs :${PROVIDER_PARAM} in its path`);
  }
  if (scope === 'admin' && !route.url.startsWith('/admin')) {
    throw new Error(`${route.method} ${route.url}: an admin-scope route lives under /admin`);
  }
  if (scope === 'user' && (hasParam(route.url, CLIENT_PARAM) || hasParam(route.url, PROVIDER_PARAM) || route.url.startsWith('/admin'))) {
    throw new Error(`${route.method} ${route.url}: a route with a tenant id or under /admin belongs in its tenant scope`);
  }
  if (route.config?.auth && route.config.auth !== 'user' && scope !== 'client') {
    throw new Error(`${route.method} ${route.url}: collector keys are only accepted in the client scope`);
  }
}

/** A function that registers some routes of a scope. */
export type ScopedRoutes = (app: ApiApp, services: Services) => void | Promise<void>;

export interface TenantScopeOptions {
  services: Services;
  /** The routes of this scope; each function registers some. */
  routes: Array<ScopedRoutes>;
}

function tenantScope(scope: TenantScopeKind): FastifyPluginAsyncZod<TenantScopeOptions> {
  return async (app, { services, routes }) => {
    app.addHook('onRoute', (route) => {
      checkRoute(scope, route);
      route.config = { ...route.config, tenantScope: scope };
      // Routes whose only path parameters are the tenant ids get their params schema here; others declare their own.
      const params = route.url.match(/:\w+/g) ?? [];
      if (!route.schema?.params && params.length > 0) {
        const onlyTenant = params.every((param) => param === `:${CLIENT_PARAM}` || param === `:${PROVIDER_PARAM}`);
        if (!onlyTenant) throw new Error(`${route.method} ${route.url}: declare schema.params for its path parameters`);
        route.schema = { ...route.schema, params: tenantParamsSchema(route.url) };
      }
    });
    app.addHook('onRequest', async (request) => guard(services, scope, request));
    // "Last used" of a collector key in the client settings: only calls that were answered successfully count.
    app.addHook('onResponse', async (request, reply) => {
      const key = (request as WithTenant)[kClient]?.collectorKey;
      if (key && reply.statusCode < 400) await touchCollectorKey(services.db, key.keyId);
    });
    for (const register of routes) await register(app, services);
  };
}

/** `/client/:clientUUID/…` and other routes acting on one client (user, collector key, or either). */
export const clientScope = tenantScope('client');
/** `/serviceprovider/:serviceproviderUUID/…` and other routes acting on one provider (its users or admins). */
export const providerScope = tenantScope('serviceprovider');
/** `/admin/…`: admins only; a client in the path is resolved to `request.tenant`. */
export const adminScope = tenantScope('admin');
/** Signed-in callers on routes without a tenant id in the path (`request.principal`; `config.roles` narrows). */
export const userScope = tenantScope('user');
