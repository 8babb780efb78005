/**
 * `Authorization: Bearer bwt_…`: the tenant scope guard hands such a bearer value here instead of verifying it as
 * a session JWT. The token becomes the principal it acts for (its user with the user's current role and
 * organisation, or its provider), and only on routes whose `config.apiTokenScope` is one of its scopes; the guard
 * then checks tenant access exactly as for a signed-in user.
 */
import { API_TOKEN_PREFIX, API_TOKEN_SCOPE_LABELS, type ApiTokenScope, mainRole } from '@burgwall/shared';
import type { Principal } from '../auth/principal';
import { findUserById } from '../auth/users';
import type { Db } from '../db/database';
import { forbidden, unauthorized } from '../http/problem';
import { findApiToken, type TokenOwner, touchApiToken } from './api-token-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an API token needs on this route; routes without one refuse API tokens (sign-in only). */
    apiTokenScope?: ApiTokenScope;
  }
}

/** The bearer value of an Authorization header, if it is an API token. */
export function apiTokenOf(authorization: string | undefined): string | undefined {
  const value = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return value?.startsWith(API_TOKEN_PREFIX) ? value : undefined;
}

export async function principalFromApiToken(db: Db, token: string, neededScope: ApiTokenScope | undefined): Promise<Principal> {
  const found = await findApiToken(db, token);
  if (!found) throw unauthorized('Das API-Token ist ungültig.');
  if (found.revokedAt) throw unauthorized('Das API-Token wurde widerrufen.');
  if (found.expiresAt && found.expiresAt.getTime() <= Date.now()) throw unauthorized('Das API-Token ist abgelaufen.');
  if (!neededScope) throw forbidden('Dieser Endpunkt ist mit einem API-Token nicht erreichbar; er verlangt eine Anmeldung.');
  if (!found.scopes.includes(neededScope)) {
    throw forbidden(`Dem API-Token fehlt die Berechtigung „${API_TOKEN_SCOPE_LABELS[neededScope]}“ (${neededScope}).`);
  }
  const principal = await principalOf(db, found.tokenId, found.name, found.owner, found.expiresAt);
  await touchApiToken(db, found.tokenId);
  return principal;
}

async function principalOf(db: Db, tokenId: string, name: string, owner: TokenOwner, expiresAt: Date | null): Promise<Principal> {
  const expiry = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : Number.MAX_SAFE_INTEGER;
  if (owner.kind === 'serviceprovider') {
    // The provider acts; the token itself is named in what handlers record (e.g. who made an exception).
    return { userId: tokenId, email: `API-Token „${name}“`, roles: ['serviceprovider'], orgId: owner.providerId, expiresAt: expiry, role: 'serviceprovider', apiTokenId: tokenId };
  }
  // The user's current role and organisation: a user who lost a role or left an organisation takes the token along.
  const user = await findUserById(db, owner.userId);
  const role = user ? mainRole(user.roles) : undefined;
  if (!user || !role) throw forbidden('Der Benutzer dieses API-Tokens hat keine Rolle mehr.');
  return { userId: user.userId, email: user.email, roles: user.roles, orgId: user.orgId, expiresAt: expiry, role, apiTokenId: tokenId };
}
