import type { AttributeChange, ChangedObjectsInput } from '@burgwall/shared';
import { changedObjectsOf } from '../directory/changed-objects';
import { generalizedTimeToIso } from '../ldap/decode';
import type { LdapConnectionOptions } from '../ldap/ldap-session';
import { LdapSession } from '../ldap/ldap-session';
import { readDeletedSince, readDirectory, readRootDse } from '../directory/read-directory';
import type { CollectorState } from './state-store';
import { withReplicationTimes } from './replication-times';
import { trackChanges } from './track-changes';
import { trackedObjectsOf } from './tracked-values';

/**
 * Incremental read: only objects with uSNChanged above the state's highest USN (plus tombstones),
 * compared with their last seen values. The USN ceiling is read first, so nothing written during
 * the read is skipped next time. Change times come from the replication metadata (replication-times.ts). The changed
 * objects come along in their snapshot form, for the server to bring its stored directory up to date.
 */
export async function collectChanges(
  ldap: LdapConnectionOptions,
  state: CollectorState,
  now = new Date(),
): Promise<{ changes: AttributeChange[]; state: CollectorState; objects?: ChangedObjectsInput }> {
  const session = await LdapSession.open(ldap);
  try {
    const rootDse = await readRootDse(session);
    if (rootDse.highestCommittedUsn <= state.highestUsn) return { changes: [], state };
    const [read, deleted] = await Promise.all([
      readDirectory(session, { sinceUsn: state.highestUsn, rootDse }),
      readDeletedSince(session, rootDse.defaultNamingContext, state.highestUsn).catch(() => []),
    ]);
    const tracked = trackChanges(state, trackedObjectsOf(read), {
      highestUsn: rootDse.highestCommittedUsn,
      now,
      complete: false,
      deleted: deleted.map((entry) => ({
        objectGuid: entry.guid(),
        distinguishedName: entry.dn,
        usn: entry.int('uSNChanged') ?? rootDse.highestCommittedUsn,
        changedAt: generalizedTimeToIso(entry.string('whenChanged')),
      })),
    });
    return { changes: await withReplicationTimes(session, tracked.changes), state: tracked.state, objects: changedObjectsOf(read) };
  } finally {
    await session.close();
  }
}
