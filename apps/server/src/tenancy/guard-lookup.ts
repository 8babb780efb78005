/**
 * What the tenant guard reads from the database for a signed-in caller, in one round trip: whether the token's session
 * is still active (sign-out, a password change and removing a user end access at once, so this is read on every
 * request, never cached) and the client of the path with its provider. Two queries per request cost a large share of
 * a small read under load (bench/api).
 */
import { activeSessionQuery } from '../auth/session-store';
import type { Db } from '../db/database';

export interface GuardLookup {
  /** True when the token has no session (external issuer) or its session is active. */
  sessionActive: boolean;
  /** The client of the path, if asked for and it exists. */
  client: { client_id_pk: string; serviceprovider_fk: string } | undefined;
}

/** `clientId` must already be a canonical lower-case UUID (or undefined: no client in the path). */
export async function lookupSessionAndClient(db: Db, sessionId: string | undefined, clientId: string | undefined): Promise<GuardLookup> {
  if (sessionId === undefined && clientId === undefined) return { sessionActive: true, client: undefined };
  const row = await db
    .selectNoFrom((eb) => [
      (sessionId === undefined ? eb.lit(true) : eb.exists(activeSessionQuery(db, sessionId).select(eb.lit(1).as('one')))).as('session_active'),
      (clientId === undefined
        ? eb.cast<string | null>(eb.lit(null), 'uuid')
        : eb.selectFrom('client').select('serviceprovider_fk').where('client_id_pk', '=', clientId)
      ).as('provider_id'),
    ])
    .executeTakeFirstOrThrow();
  const providerId = row.provider_id as string | null;
  return {
    sessionActive: Boolean(row.session_active),
    client: clientId !== undefined && providerId ? { client_id_pk: clientId, serviceprovider_fk: providerId } : undefined,
  };
}
