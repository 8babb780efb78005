import { type AttackPathLookup, type DetectionContext, DirectoryView, type WellKnownPrincipalEntry } from '@burgwall/checks/attacks';
import { type Kysely, sql } from 'kysely';
import type { ClientDatabase } from '../db/schema';

/** Before (timestamp, id) ≤ (upTo.timestamp, upTo.id): changes of the same second count in stored order. */
function upToChange(upTo: { id: string; timestamp: Date }) {
  return sql<boolean>`("timestamp", rep_id_pk) <= (${upTo.timestamp}, ${upTo.id}::bigint)`;
}

/** RIDs below this are the domain's built-in accounts (Administrator 500, Guest 501, krbtgt 502 …). */
const FIRST_ORDINARY_RID = 1000;

/**
 * The current snapshot's domain SID, groups and built-in accounts (only what detectors need), from its head and its
 * object rows (kept current by change batches). Groups are read whole (detectors follow nesting); users and computers
 * are many and only looked up by SID when a detector names one.
 */
async function loadDirectory(table: Kysely<ClientDatabase>): Promise<DirectoryView | null> {
  const snapshot = await table
    .selectFrom('snapshot')
    .select(['snapshot_id_pk', sql<string>`data->'domain'->>'objectSid'`.as('domain_sid')])
    // Samba adds Anonymous Logon, Everyone … as these objects (Windows as foreign security principals).
    .select(sql<WellKnownPrincipalEntry[]>`coalesce(data->'wellKnownPrincipals', '[]'::jsonb)`.as('well_known_principals'))
    .where('state', '=', 'complete')
    .orderBy('collected_at', 'desc')
    .orderBy('snapshot_id_pk', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!snapshot) return null;
  const snapshotId = snapshot.snapshot_id_pk;
  const objects = () => table.selectFrom('directory_object').where('snapshot_fk', '=', snapshotId);
  const builtinSids = Array.from({ length: FIRST_ORDINARY_RID }, (_, rid) => `${snapshot.domain_sid}-${rid}`);
  const [groups, builtinAccounts] = await Promise.all([
    objects()
      .select([
        'object_guid as objectGuid',
        'distinguished_name as distinguishedName',
        sql<string>`object_sid`.as('objectSid'),
        sql<string>`sam_account_name`.as('sAMAccountName'),
        sql<string[]>`coalesce(data->'members', '[]'::jsonb)`.as('members'),
      ])
      .where('kind', '=', 'groups')
      .execute(),
    // By the SID index: the RIDs below 1000 of the domain SID, not a scan of every account.
    objects()
      .select(['object_guid as objectGuid', sql<string>`object_sid`.as('objectSid'), sql<string>`sam_account_name`.as('sAMAccountName')])
      .where('kind', '=', 'users')
      .where('object_sid', '=', sql<string>`ANY(${builtinSids}::text[])`)
      .execute(),
  ]);
  const resolveSid = async (sid: string): Promise<string | null> => {
    const found = await objects().select('sam_account_name').where('object_sid', '=', sid).where('kind', 'in', ['users', 'computers']).limit(1).executeTakeFirst();
    return found?.sam_account_name ?? null;
  };
  return new DirectoryView(snapshot.domain_sid, groups, resolveSid, builtinAccounts, snapshot.well_known_principals);
}

/** The detectors' view of one client's stored changes, IoA events and newest snapshot. */
export function detectionContext(table: Kysely<ClientDatabase>, attackPaths?: () => Promise<AttackPathLookup | null>): DetectionContext {
  let directory: Promise<DirectoryView | null> | null = null;
  let paths: Promise<AttackPathLookup | null> | null = null;
  return {
    countRecentNonZero: async (propertyName, since, upTo) => {
      const row = await table
        .selectFrom('change')
        .select(sql<string>`count(DISTINCT object_guid)`.as('count'))
        .where(sql<boolean>`lower(property_name) = lower(${propertyName})`)
        .where('timestamp', '>=', since)
        .where(upToChange(upTo))
        .where(sql<boolean>`coalesce(new_value, '0') NOT IN ('0', '')`)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    countRecentChangedObjects: async (propertyNames, since, upTo) => {
      const row = await table
        .selectFrom('change')
        .select(sql<string>`count(DISTINCT object_guid)`.as('count'))
        .where(sql<boolean>`lower(property_name) = ANY(${propertyNames.map((name) => name.toLowerCase())}::text[])`)
        .where('timestamp', '>=', since)
        .where(upToChange(upTo))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    hasFindingSince: async (detector, since) => {
      const row = await table
        .selectFrom('ioa_event')
        .select('ioa_event_id_pk')
        .where('detector', '=', detector)
        .where('occurred_at', '>=', since)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    directory: () => (directory ??= loadDirectory(table)),
    ...(attackPaths ? { attackPaths: () => (paths ??= attackPaths()) } : {}),
  };
}
