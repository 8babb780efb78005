import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/** Keys look like 'bwc_' + 43 base64url characters (256 bits), so a SHA-256 without salt is safe to store. */
const KEY_PATTERN = /^bwc_[A-Za-z0-9_-]{43}$/;

export function hashCollectorKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface CollectorKeyRecord {
  keyId: string;
  clientId: string;
  machineCode: string | null;
  activatedAt: Date | null;
}

/** Creates a new key for the client and returns it in clear text (the only time it exists unhashed). */
export async function issueCollectorKey(db: Db, clientId: string): Promise<{ keyId: string; key: string }> {
  const key = `bwc_${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('collector_key')
    .values({ client_fk: clientId, key_hash: hashCollectorKey(key), key_prefix: key.slice(0, 10) })
    .returning('collector_key_id_pk')
    .executeTakeFirstOrThrow();
  return { keyId: row.collector_key_id_pk, key };
}

/** The active (not revoked) key record for a presented key, or null. */
export async function findCollectorKey(db: Db, key: string): Promise<CollectorKeyRecord | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const row = await db
    .selectFrom('collector_key')
    .select(['collector_key_id_pk', 'client_fk', 'machine_code', 'activated_at'])
    .where('key_hash', '=', hashCollectorKey(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return { keyId: row.collector_key_id_pk, clientId: row.client_fk, machineCode: row.machine_code, activatedAt: row.activated_at };
}

/**
 * The key from an `Authorization` header: 'ApiKey <key>', 'Key <key>' or the bare key
 * (SPEC §6: an API-key style Authorization value).
 */
export function keyFromAuthorization(header: string | undefined): string | null {
  if (!header) return null;
  const match = header.trim().match(/^(?:(?:ApiKey|Key)\s+)?(\S+)$/i);
  return match?.[1] ?? null;
}
