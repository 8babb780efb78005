import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * Activation keys shipped inside an installer. Format and hashing match the
 * collector keys of the collector feature ('bwc_' + 43 base64url characters,
 * SHA-256 hex), so that feature can verify them: connect its own issuer with
 * `connectActivationKeyIssuer(issueCollectorKey)` to keep a single key table.
 */
export type ActivationKeyIssuer = (db: Db, clientId: string) => Promise<{ key: string }>;

export const ACTIVATION_KEY_PATTERN = /^bwc_[A-Za-z0-9_-]{43}$/;

export const hashActivationKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

const defaultIssuer: ActivationKeyIssuer = async (db, clientId) => {
  const key = `bwc_${randomBytes(32).toString('base64url')}`;
  await db.insertInto('collector_activation_key').values({ key_hash: hashActivationKey(key), client_fk: clientId }).execute();
  return { key };
};

let issuer: ActivationKeyIssuer = defaultIssuer;

export function connectActivationKeyIssuer(next: ActivationKeyIssuer): void {
  issuer = next;
}

export function issueActivationKey(db: Db, clientId: string): Promise<{ key: string }> {
  return issuer(db, clientId);
}

/** Whether the key was issued (by the default issuer) for exactly this client and is not revoked. */
export async function verifyActivationKey(db: Db, clientId: string, key: string): Promise<boolean> {
  if (!ACTIVATION_KEY_PATTERN.test(key)) return false;
  const row = await db
    .selectFrom('collector_activation_key')
    .select('client_fk')
    .where('key_hash', '=', hashActivationKey(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.client_fk === clientId;
}
