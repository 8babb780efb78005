/**
 * Read-only mode of a self-hosted installation whose licence expired, was suspended or could not be validated for
 * longer than the grace period: every write answers 423 with the German reason; reads keep working.
 *
 * Writes that stay allowed, and why:
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { ProblemError } from '../http/problem';
import { licenseCheckConfig, readLicenseState } from './license-check';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const WRITES_ALLOWED_WHEN_READ_ONLY: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/oidc(\/|$)/, 'signing in (the embedded OpenID provider)'],
  [/^\/api\/auth\//, 'signing in and out'],
  [/^\/account\/password$/, 'setting one’s password from a mailed link (access, not data)'],
  [/^\/user\/keycloak\/end-session$/, 'ending the identity session on sign-out'],
  [/^\/v1\/graphql$/, 'GraphQL has queries and subscriptions only (POST carries queries)'],
  [/^\/admin\/graph-explorer\/request$/, 'a read of Microsoft Graph sent as POST'],
  [/^\/your-endpoint-url$/, 'the cookie-consent log (SPEC §7 placeholder path)'],
  [/^\/services\/ioe\/data-change$/, 'directory data sent by a service: kept, so no changes are missing after renewal'],
];

/** Collector calls keep being accepted: their data is kept and evaluated, so renewing leaves no gap (README). */
function isCollectorCall(request: FastifyRequest): boolean {
  const auth = request.routeOptions.config?.auth;
  if (auth === 'collector-key') return true;
  return auth === 'collector-key-or-user' && !/^Bearer\s/i.test(request.headers.authorization ?? '');
}

export function isWriteAllowedWhenReadOnly(request: FastifyRequest): boolean {
  if (READ_METHODS.has(request.method)) return true;
  const url = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return WRITES_ALLOWED_WHEN_READ_ONLY.some(([pattern]) => pattern.test(url)) || isCollectorCall(request);
}

/** Only with a configured licence check; one row read per write request (instances share the state). */
export function registerReadOnlyGuard(app: FastifyInstance, services: Pick<Services, 'config' | 'db'>): void {
  const check = licenseCheckConfig(services.config);
  if (!check) return;
  app.addHook('preHandler', async (request) => {
    if (isWriteAllowedWhenReadOnly(request)) return;
    const state = await readLicenseState(services.db, check);
    if (state.state === 'read-only') {
      throw new ProblemError(423, state.message ?? 'Burgwall ist schreibgeschützt.', { slug: 'license-read-only', title: 'Schreibgeschützt' });
    }
  });
}
