import type { Snapshot } from '@burgwall/shared';
import type { LdapEntry } from '../ldap/ldap-entry';
import type { LdapConnectionOptions } from '../ldap/ldap-session';
import { LdapSession } from '../ldap/ldap-session';
import { readSysvol, type SysvolConfig, type SysvolRead } from '../sysvol/sysvol-source';
import { buildSnapshot, dnsNameOf, gpoIdOf } from './build-snapshot';
import { type DirectoryRead, readDirectory, readRootDse } from './read-directory';

export interface FullCollection {
  snapshot: Snapshot;
  read: DirectoryRead;
}

/**
 * One full collection: LDAP read + SYSVOL files -> snapshot. The SYSVOL download starts as soon as the GPO search is
 * done and runs alongside the big LDAP searches (DC-side search time and the smbclient transfer overlap). highestUsn
 * is taken before the read, so changes made during it are seen again by the next incremental run.
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
    const dnsDomain = dnsNameOf(rootDse.defaultNamingContext);
    const filesOf = (gpos: LdapEntry[]) => readSysvol(sysvol, gpos.map((entry) => ({ gpoId: gpoIdOf(entry), fileSysPath: entry.string('gPCFileSysPath') ?? null })), dnsDomain);
    let sysvolRead: Promise<SysvolRead> | undefined;
    const read = await readDirectory(session, {
      rootDse,
      onGpos: (gpos) => {
        sysvolRead = filesOf(gpos);
        sysvolRead.catch(() => undefined); // awaited below; an LDAP failure first must not leave it "unhandled"
      },
    });
    const { gpoFiles, scripts } = await (sysvolRead ?? filesOf(read.gpos));
    const snapshot = buildSnapshot(read, gpoFiles, { collectorVersion, collectedAt, highestUsn: rootDse.highestCommittedUsn }, scripts);
    return { snapshot, read };
  } finally {
    await session.close();
  }
}
