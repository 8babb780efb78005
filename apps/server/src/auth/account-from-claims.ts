import { HASURA_CLAIMS, isMainRole, ROLE_FLAGS } from '@burgwall/shared';
import type { Db } from '../db/database';
import { findUserByEmail, findUserById, type UserAccount } from './users';

/** Roles an external issuer grants, from Hasura claims or Keycloak's realm_access.roles; unknown roles are dropped. */
export function rolesFromClaims(claims: Record<string, unknown>): string[] {
  const hasura = claims[HASURA_CLAIMS] as { 'x-hasura-allowed-roles'?: unknown } | undefined;
  const realm = (claims.realm_access as { roles?: unknown } | undefined)?.roles;
  const raw = Array.isArray(hasura?.['x-hasura-allowed-roles']) ? hasura['x-hasura-allowed-roles'] : Array.isArray(realm) ? realm : [];
  return raw
    .map(String)
    .filter((role) => isMainRole(role) || (ROLE_FLAGS as readonly string[]).includes(role));
}

/**
 * The Burgwall account behind a signed-in identity. The embedded issuer's
 * subject is the user id; an external issuer's user is matched by e-mail and
 * created on first sign-in with the roles the issuer grants (no organisation
 * until an admin assigns one).
 */
export async function accountFromClaims(
  db: Db,
  claims: Record<string, unknown>,
  external: boolean,
): Promise<UserAccount | undefined> {
  if (!external) return typeof claims.sub === 'string' ? findUserById(db, claims.sub) : undefined;
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email.includes('@')) return undefined;
  const roles = rolesFromClaims(claims);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (roles.length > 0) await db.updateTable('app_user').set({ roles }).where('user_id_pk', '=', existing.userId).execute();
    return { ...existing, roles: roles.length > 0 ? roles : existing.roles };
  }
  await db
    .insertInto('app_user')
    .values({
      email,
      first_name: typeof claims.given_name === 'string' ? claims.given_name : '',
      last_name: typeof claims.family_name === 'string' ? claims.family_name : '',
      password_hash: null,
      roles,
    })
    .execute();
  return findUserByEmail(db, email);
}
