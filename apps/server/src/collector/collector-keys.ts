import { createHash, randomBytes } from 'node:crypto';
import type { CollectorKey } from '@burgwall/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** Keys look like 'bwc_' + 43 base64url characters (256 bits), so a SHA-256 without salt is safe to store. */
const KEY_PATTERN = /^bwc_[A-Za-z0-9_-]{43}$/;

/** The collector's machine code on every call (the key is bound to one machine). */
export const MACHINE_HEADER = 'x-burgwall-machine';

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
export async function issueCollectorKey(db: Db, clientId: string, issuedByUserId: string | null = null): Promise<{ keyId: string; key: string }> {
  const key = `bwc_${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('collector_key')
    .values({ client_fk: clientId, key_hash: hashCollectorKey(key), key_prefix: key.slice(0, 10), issued_by_user_fk: issuedByUserId })
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

export async function listCollectorKeys(db: Db, clientId: string): Promise<CollectorKey[]> {
  const rows = await db
    .selectFrom('collector_key')
    .select(['collector_key_id_pk', 'key_prefix', 'created_at', 'activated_at', 'last_used_at', 'machine_code', 'revoked_at'])
    .where('client_fk', '=', clientId)
    .orderBy('created_at', 'desc')
    .execute();
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return rows.map((row) => ({
    keyId: row.collector_key_id_pk,
    prefix: row.key_prefix,
    createdAt: (row.created_at as unknown as Date).toISOString(),
    activatedAt: iso(row.activated_at),
    lastUsedAt: iso(row.last_used_at),
    machineCode: row.machine_code,
    revokedAt: iso(row.revoked_at),
  }));
}

/** Revokes an active key of the client; false when there is none with that id. */
export async function revokeCollectorKey(db: Db, clientId: string, keyId: string): Promise<boolean> {
  const result = await db
    .updateTable('collector_key')
    .set({ revoked_at: sql<Date>`now()` })
    .where('collector_key_id_pk', '=', keyId)
    .where('client_fk', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes the key and issues its successor in one transaction; the new key exists in clear text only here. */
export async function rotateCollectorKey(db: Db, clientId: string, keyId: string): Promise<{ keyId: string; key: string } | null> {
  return db.transaction().execute(async (trx) => ((await revokeCollectorKey(trx, clientId, keyId)) ? issueCollectorKey(trx, clientId) : null));
}

/** Records that a key was used (at most once a minute per key, so uploads do not each write a row). */
export async function touchCollectorKey(db: Db, keyId: string): Promise<void> {
  await db
    .updateTable('collector_key')
    .set({ last_used_at: sql<Date>`now()` })
    .where('collector_key_id_pk', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .execute();
}

/**
 * A removed user's keys that never ran: revoked, so an installer taken along cannot be activated on another machine.
 * Runs in the transaction that deletes the user.
 */
export async function revokeUnboundKeysIssuedBy(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('collector_key')
    .set({ revoked_at: sql<Date>`now()` })
    .where('issued_by_user_fk', '=', userId)
    .where('machine_code', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
