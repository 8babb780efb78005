import type { Snapshot } from '@burgwall/shared';
import type { LdapConnectionOptions } from '../ldap/ldap-session';
import { LdapSession } from '../ldap/ldap-session';
import { readGpoFiles, type SysvolConfig } from '../sysvol/sysvol-source';
import { buildSnapshot, dnsNameOf, gpoIdOf } from './build-snapshot';
import { type DirectoryRead, readDirectory, readRootDse } from './read-directory';

export interface FullCollection {
  snapshot: Snapshot;
  read: DirectoryRead;
}

/**
 * One full collection: LDAP read + SYSVOL files -> snapshot. highestUsn is taken
 * before the read, so changes made during it are seen again by the next incremental run.
 */
export async function collectSnapshot(
  ldap: LdapConnectionOptions,
  sysvol: SysvolConfig,
  collectorVersion: string,
): Promise<FullCollection> {
  const session = await LdapSession.open(ldap);
  try {
    const collectedAt = new Date();
    const rootDse = await readRootDse(session);
    const read = await readDirectory(session, { rootDse });
    const locations = read.gpos.map((entry) => ({ gpoId: gpoIdOf(entry), fileSysPath: entry.string('gPCFileSysPath') ?? null }));
    const files = await readGpoFiles(sysvol, locations, dnsNameOf(rootDse.defaultNamingContext));
    const snapshot = buildSnapshot(read, files, { collectorVersion, collectedAt, highestUsn: rootDse.highestCommittedUsn });
    return { snapshot, read };
  } finally {
    await session.close();
  }
}
