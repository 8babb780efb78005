import type { MainRole } from '@burgwall/shared';
import type { Kysely } from 'kysely';
import type { Principal } from '../auth/principal';
import type { CollectorKeyRecord } from '../collector/collector-keys';
import type { ClientDatabase } from '../db/schema';
import type { ClientProbe, ProbeResult } from './guard-lookup';

/** The client a request of the client scope acts on, resolved once by the scope's guard. */
export interface ClientTenant {
  clientId: string;
  providerId: string;
  /** The caller's role, 'collector' for a collector key, or 'prospect' for the token of a quick-check download link. */
  role: MainRole | 'collector' | 'prospect';
  /** The signed-in user; null when the caller is a collector key or a quick-check prospect. */
  principal: Principal | null;
  /** The collector key; null when the caller is a signed-in user. */
  collectorKey: CollectorKeyRecord | null;
  /** Kysely bound to this client's own schema. */
  db: Kysely<ClientDatabase>;
  /** The guard's answer to the route's `clientProbe` (signed-in users with a session token only). */
  probe?: ProbeResult;
}

/** The service provider a request of the provider scope acts on. */
export interface ProviderTenant {
  providerId: string;
  principal: Principal;
  /** The guard's answer to the route's `providerProbe` (signed-in users with a session token only). */
  probe?: ProbeResult;
}

/** Which tenant plugin registered a route (set on `routeOptions.config.tenantScope`). */
/** 'user': signed-in callers on routes without a tenant id in the path (their own account, creating a client, …). */
export type TenantScopeKind = 'client' | 'serviceprovider' | 'admin' | 'user';

/**
 * How a route of a tenant scope authenticates its caller. 'quickcheck-link-or-user': a signed-in user, or (without an
 * Authorization header) the `?token=` of the quick-check download link mailed to the prospect of that client.
 */
export type TenantAuth = 'user' | 'collector-key' | 'collector-key-or-user' | 'quickcheck-link-or-user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the tenant plugin that registered the route; a route with a tenant id in its path must have it. */
    tenantScope?: TenantScopeKind;
    /** Default 'user' (bearer token). */
    auth?: TenantAuth;
    /** Main roles allowed on this route (default: all that the scope admits). */
    roles?: readonly MainRole[];
    /** The route reports whether the token's session ended, so it accepts such a token (GET /user/session/validate). */
    acceptEndedSession?: boolean;
    /**
     * For a route that keeps answers per client: what the guard should check in the query it runs anyway (whether the
     * kept answer is still current), so a kept answer costs no second round trip. Undefined: nothing kept.
     */
    clientProbe?: (clientId: string) => ClientProbe | undefined;
    /** The same for a route that keeps answers per provider and request URL (path and query string as sent). */
    providerProbe?: (providerId: string, url: string) => ClientProbe | undefined;
  }
  interface FastifyRequest {
    /** The client of a client-scope route (throws outside one). */
    tenant: ClientTenant;
    /** The provider of a provider-scope route (throws outside one). */
    provider: ProviderTenant;
  }
}
