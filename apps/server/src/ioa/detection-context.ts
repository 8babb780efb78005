import { type AttackPathLookup, type BuiltinAccountEntry, type DetectionContext, DirectoryView, type DirectoryGroupEntry, type WellKnownPrincipalEntry } from '@burgwall/checks/attacks';
import { type Kysely, sql } from 'kysely';
import type { ClientDatabase } from '../db/schema';

/** Before (timestamp, id) ≤ (upTo.timestamp, upTo.id): changes of the same second count in stored order. */
function upToChange(upTo: { id: string; timestamp: Date }) {
  return sql<boolean>`("timestamp", rep_id_pk) <= (${upTo.timestamp}, ${upTo.id}::bigint)`;
}

/** SIDs of the domain's built-in accounts (RID below 1000: Administrator, Guest, krbtgt …), looked up by the SID index. */
const builtinSids = (domainSid: string) => Array.from({ length: 1000 }, (_, rid) => `${domainSid}-${rid}`);

/**
 * The newest snapshot's domain SID and groups (only what detectors need), read from its `directory_object` rows: groups
 * by kind, built-in accounts and trustees by SID (indexes of migration 0300), so no whole snapshot is read.
 */
async function loadDirectory(table: Kysely<ClientDatabase>): Promise<DirectoryView | null> {
  const head = await table
    .selectFrom('snapshot')
    .select(['snapshot_id_pk', sql<string>`data->'domain'->>'objectSid'`.as('domain_sid')])
    // Samba adds Anonymous Logon, Everyone … as these objects (Windows as foreign security principals).
    .select(sql<WellKnownPrincipalEntry[]>`coalesce(data->'wellKnownPrincipals', '[]'::jsonb)`.as('well_known_principals'))
    .where('state', '=', 'complete')
    .orderBy('collected_at', 'desc')
    .orderBy('snapshot_id_pk', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!head) return null;
  const snapshotId = head.snapshot_id_pk;
  const objects = table.selectFrom('directory_object').where('snapshot_fk', '=', snapshotId);
  const [groups, builtinAccounts] = await Promise.all([
    objects
      .select([
        'object_guid as objectGuid',
        'distinguished_name as distinguishedName',
        sql<string>`coalesce(object_sid, '')`.as('objectSid'),
        sql<string>`coalesce(sam_account_name, '')`.as('sAMAccountName'),
        sql<string[]>`coalesce(data->'members', '[]'::jsonb)`.as('members'),
      ])
      .where('kind', '=', 'groups')
      .execute(),
    // Built-in accounts are few; detectors recognise them by SID.
    objects
      .select(['object_guid as objectGuid', sql<string>`object_sid`.as('objectSid'), sql<string>`coalesce(sam_account_name, '')`.as('sAMAccountName')])
      .where('kind', '=', 'users')
      .where('object_sid', 'in', builtinSids(head.domain_sid))
      .execute() as Promise<BuiltinAccountEntry[]>,
  ]);
  // Users and computers are many: a trustee SID is looked up only when a detector names one.
  const resolveSid = async (sid: string): Promise<string | null> => {
    const found = await objects.select('sam_account_name').where('object_sid', '=', sid).where('kind', 'in', ['users', 'computers']).limit(1).executeTakeFirst();
    return found?.sam_account_name ?? null;
  };
  return new DirectoryView(head.domain_sid, groups as DirectoryGroupEntry[], resolveSid, builtinAccounts, head.well_known_principals);
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
