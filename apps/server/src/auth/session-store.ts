import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** How long a web session lasts after sign-in. */
export const SESSION_TTL_SECONDS = 12 * 3600;

export interface WebSession {
  sessionId: string;
  userId: string;
  expiresAt: Date;
  idToken: string | null;
  refreshTokenSealed: string | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Creates a session; the returned token goes into the cookie, the table keeps only its hash (= session id). */
export async function createWebSession(
  db: Db,
  input: { userId: string; idToken?: string; refreshTokenSealed?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await db
    .insertInto('auth_session')
    .values({
      session_hash: hashOf(token),
      user_fk: input.userId,
      id_token: input.idToken ?? null,
      refresh_token_sealed: input.refreshTokenSealed ?? null,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The one rule of an active session: not ended, not expired. As SQL over `auth_session`'s columns, because the tenant
 * guard's prepared statement (tenancy/guard-lookup.ts) states it in its own text.
 */
export const ACTIVE_SESSION_CONDITION = 'ended_at IS NULL AND expires_at > now()';

function activeSessionQuery(db: Db, sessionId: string) {
  return db.selectFrom('auth_session').where('session_hash', '=', sessionId).where(sql.raw<boolean>(ACTIVE_SESSION_CONDITION));
}

async function activeBy(db: Db, sessionId: string): Promise<WebSession | undefined> {
  const row = await activeSessionQuery(db, sessionId)
    .select(['session_hash', 'user_fk', 'expires_at', 'id_token', 'refresh_token_sealed'])
    .executeTakeFirst();
  return row
    ? {
        sessionId: row.session_hash,
        userId: row.user_fk,
        expiresAt: row.expires_at,
        idToken: row.id_token,
        refreshTokenSealed: row.refresh_token_sealed,
      }
    : undefined;
}

export function findSessionByToken(db: Db, token: string | undefined): Promise<WebSession | undefined> {
  return token ? activeBy(db, hashOf(token)) : Promise.resolve(undefined);
}

export function findSessionById(db: Db, sessionId: string): Promise<WebSession | undefined> {
  return activeBy(db, sessionId);
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('auth_session')
    .set({ ended_at: sql<Date>`now()` })
    .where('session_hash', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password changed): their access tokens stop working at once. */
export async function endAllSessionsOf(db: Db, userId: string): Promise<void> {
  await db.updateTable('auth_session').set({ ended_at: sql<Date>`now()` }).where('user_fk', '=', userId).where('ended_at', 'is', null).execute();
}

export const sessionIdOfToken = hashOf;
