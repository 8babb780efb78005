import type { Snapshot, Tier0Extra } from '@burgwall/shared';
import type { Kysely } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { ClientDatabase } from '../db/schema';
import { requestIoeEvaluation } from '../ioe/evaluation-jobs';
import type { JobQueue } from '../jobs/job-queue';

/** A directory object that can be made Tier 0, as the attack-path nodes name it. */
export interface Tier0Candidate {
  objectKey: string;
  name: string;
  kind: 'user' | 'computer' | 'group' | 'ou' | 'gpo';
  distinguishedName: string | null;
}

/** Other names a user may give for the object (SID, UPN, host name …). */
type Named = Tier0Candidate & { aliases: string[] };

const named = (kind: Tier0Candidate['kind'], objectKey: string, name: string, distinguishedName: string | null, ...aliases: (string | null)[]): Named => ({
  objectKey,
  name,
  kind,
  distinguishedName,
  aliases: aliases.filter((alias): alias is string => alias !== null && alias !== ''),
});

function candidatesOf(snapshot: Snapshot): Named[] {
  return [
    ...snapshot.users.map((o) => named('user', o.objectGuid, o.sAMAccountName, o.distinguishedName, o.objectSid, o.userPrincipalName, o.displayName)),
    ...snapshot.computers.map((o) => named('computer', o.objectGuid, o.sAMAccountName, o.distinguishedName, o.objectSid, o.dnsHostName, o.sAMAccountName.replace(/\$$/, ''))),
    ...snapshot.groups.map((o) => named('group', o.objectGuid, o.sAMAccountName, o.distinguishedName, o.objectSid)),
    ...snapshot.organizationalUnits.map((o) => named('ou', o.objectGuid, o.name || o.distinguishedName, o.distinguishedName)),
    ...snapshot.gpos.map((o) => named('gpo', o.gpoId, o.displayName, o.distinguishedName, o.objectGuid)),
  ];
}

/**
 * The object a user means by `text` — objectGUID, SID, distinguished name, sAMAccountName, UPN, host name, display name
 * or OU/GPO name, case-insensitive — or the list of objects when the text names several (e.g. a GPO and an OU).
 */
export function findTier0Candidates(snapshot: Snapshot, text: string): Tier0Candidate[] {
  const wanted = text.trim().replace(/^\{|\}$/g, '').toLowerCase();
  const matches = candidatesOf(snapshot).filter(
    (c) => c.objectKey.toLowerCase() === wanted || c.name.toLowerCase() === wanted || c.distinguishedName?.toLowerCase() === wanted || c.aliases.some((alias) => alias.toLowerCase() === wanted),
  );
  return matches.map(({ objectKey, name, kind, distinguishedName }) => ({ objectKey, name, kind, distinguishedName }));
}

/** The client's extra Tier-0 keys, as the control graph takes them. */
export async function extraTier0Keys(db: Db, clientId: string): Promise<string[]> {
  const rows = await clientDb(db, clientId).selectFrom('tier0_extra').select('object_key').orderBy('object_key').execute();
  return rows.map((row) => row.object_key);
}

export async function listTier0Extras(own: Kysely<ClientDatabase>, snapshot: Snapshot | null): Promise<Tier0Extra[]> {
  const present = new Set(snapshot ? candidatesOf(snapshot).map((c) => c.objectKey.toLowerCase()) : []);
  const rows = await own.selectFrom('tier0_extra').selectAll().orderBy('object_name').execute();
  return rows.map((row) => ({
    objectKey: row.object_key,
    name: row.object_name,
    kind: row.object_kind as Tier0Extra['kind'],
    distinguishedName: row.distinguished_name,
    addedBy: row.added_by_email,
    addedAt: row.added_at.toISOString(),
    inSnapshot: present.has(row.object_key.toLowerCase()),
  }));
}

/**
 * Stores or removes an extra Tier-0 object and, in the same transaction, asks for a new evaluation: the check
 * `attack-path-to-tier0` and the score follow the setting. `change` returns false when nothing changed.
 */
export async function changeTier0Extras(db: Db, jobs: JobQueue, clientId: string, change: (own: Kysely<ClientDatabase>) => Promise<boolean>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await change(clientDb(trx, clientId));
    if (changed) await requestIoeEvaluation(jobs, trx, clientId);
    return changed;
  });
}
