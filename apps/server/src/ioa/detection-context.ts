import { type AttackPathLookup, type BuiltinAccountEntry, type DetectionContext, DirectoryView, type DirectoryGroupEntry, type WellKnownPrincipalEntry } from '@burgwall/checks/attacks';
import { type Kysely, sql } from 'kysely';
import type { ClientDatabase } from '../db/schema';

/** Before (timestamp, id) ≤ (upTo.timestamp, upTo.id): changes of the same second count in stored order. */
function upToChange(upTo: { id: string; timestamp: Date }) {
  return sql<boolean>`("timestamp", rep_id_pk) <= (${upTo.timestamp}, ${upTo.id}::bigint)`;
}

/** The newest snapshot's domain SID and groups (only what detectors need, read from the jsonb in PostgreSQL). */
async function loadDirectory(table: Kysely<ClientDatabase>): Promise<DirectoryView | null> {
  const row = await table
    .selectFrom('snapshot')
    .select([sql<string>`data->'domain'->>'objectSid'`.as('domain_sid'), 'snapshot_id_pk'])
    .select(
      sql<DirectoryGroupEntry[]>`(SELECT coalesce(jsonb_agg(jsonb_build_object(
        'objectGuid', g->>'objectGuid', 'distinguishedName', g->>'distinguishedName', 'objectSid', g->>'objectSid',
        'sAMAccountName', g->>'sAMAccountName', 'members', coalesce(g->'members', '[]'::jsonb))), '[]'::jsonb)
        FROM jsonb_array_elements(data->'groups') g)`.as('groups'),
    )
    // Built-in accounts (RID below 1000: Administrator, Guest, krbtgt) are few; detectors recognise them by SID.
    .select(
      sql<BuiltinAccountEntry[]>`(SELECT coalesce(jsonb_agg(jsonb_build_object(
        'objectGuid', a->>'objectGuid', 'objectSid', a->>'objectSid', 'sAMAccountName', a->>'sAMAccountName')), '[]'::jsonb)
        FROM jsonb_array_elements(data->'users') a WHERE a->>'objectSid' ~ '-[0-9]{1,3}$')`.as('builtin_accounts'),
    )
    // Samba adds Anonymous Logon, Everyone … as these objects (Windows as foreign security principals).
    .select(sql<WellKnownPrincipalEntry[]>`coalesce(data->'wellKnownPrincipals', '[]'::jsonb)`.as('well_known_principals'))
    .orderBy('collected_at', 'desc')
    .orderBy('snapshot_id_pk', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const snapshotId = row.snapshot_id_pk;
  // Users and computers are many: a trustee SID is looked up in the stored snapshot only when a detector names one.
  const resolveSid = async (sid: string): Promise<string | null> => {
    const found = await table
      .selectFrom('snapshot')
      .select(
        sql<string | null>`(SELECT a->>'sAMAccountName' FROM jsonb_array_elements((data->'users') || (data->'computers')) a
          WHERE a->>'objectSid' = ${sid} LIMIT 1)`.as('name'),
      )
      .where('snapshot_id_pk', '=', snapshotId)
      .executeTakeFirst();
    return found?.name ?? null;
  };
  return new DirectoryView(row.domain_sid, row.groups, resolveSid, row.builtin_accounts, row.well_known_principals);
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
