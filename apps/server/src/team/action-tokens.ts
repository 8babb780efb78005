import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

const SET_PASSWORD_VALID_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A one-time set-password link token (only its hash is stored). */
export async function issueSetPasswordToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('user_action_token')
    .values({ token_hash: hashToken(token), user_fk: userId, purpose: 'set-password', expires_at: new Date(Date.now() + SET_PASSWORD_VALID_MS) })
    .execute();
  return token;
}

/** The user a still valid, unused token belongs to. */
export async function findTokenUser(db: Db, token: string): Promise<{ userId: string; email: string } | undefined> {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  return db
    .selectFrom('user_action_token')
    .innerJoin('app_user', 'app_user.user_id_pk', 'user_action_token.user_fk')
    .select(['app_user.user_id_pk as userId', 'app_user.email as email'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Marks the token used; false if it was used or expired meanwhile (so a link works exactly once). */
export async function consumeToken(db: Db, token: string): Promise<boolean> {
  const result = await db
    .updateTable('user_action_token')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Voids every link of a user that is still open (after a password change no older link may set it again). */
export async function voidPendingTokensOf(db: Db, userId: string): Promise<void> {
  await db.updateTable('user_action_token').set({ used_at: new Date() }).where('user_fk', '=', userId).where('used_at', 'is', null).execute();
}

export function setPasswordLink(publicBase: string, token: string): string {
  return `${publicBase}/account/password?token=${encodeURIComponent(token)}`;
}
