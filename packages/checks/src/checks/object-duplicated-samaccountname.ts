import { principalObject } from '../affected';
import { caseInsensitiveDuplicates } from '../case-insensitive-duplicates';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';

/** CHECKS.md §2.2 #9: replication-conflict objects (CNF: / $DUPLICATE-) and duplicate UPNs. */
export const objectDuplicatedSamaccountname = defineCheck({
  slug: 'object-duplicated-samaccountname',
  title: 'Doppelte Objekte durch Replikationskonflikte',
  description:
    'Es gibt Konten, die Active Directory bei einem Replikationskonflikt umbenannt hat („CNF:“ im Namen, sAMAccountName „$DUPLICATE-…“), oder mehrere Konten mit demselben Benutzerprinzipalnamen.',
  whyItMatters:
    'Konfliktobjekte führen zu Anmeldefehlern, falschen Berechtigungen und verwaisten Konten, die niemand verwaltet. Doppelte UPNs verhindern die Kerberos-Anmeldung.',
  remediation: [
    'Suchen Sie die Objekte mit „Get-ADObject -LDAPFilter "(cn=*CNF:*)"“ und „(sAMAccountName=$DUPLICATE*)“.',
    'Prüfen Sie, welches Objekt das richtige ist, und löschen Sie das Duplikat.',
    'Vergeben Sie eindeutige Benutzerprinzipalnamen.',
  ],
  category: 'accounts',
  criticality: 'low',
  scoreImpact: 2,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    const affected: AffectedObject[] = [];
    const lists = [snapshot.users, snapshot.computers, snapshot.groups] as const;
    for (const list of lists) {
      for (const principal of list) {
        const dn = principal.distinguishedName;
        // Searching one character is much cheaper than two substring searches, and almost no DN has a colon.
        if (dn.indexOf(':') !== -1 && (dn.includes('CNF:') || dn.includes('cnf:'))) affected.push(principalObject(principal, 'Name enthält „CNF:“ (Replikationskonflikt)'));
        else if (principal.sAMAccountName.charCodeAt(0) === 36 && /^\$DUPLICATE-/i.test(principal.sAMAccountName)) affected.push(principalObject(principal, 'sAMAccountName beginnt mit „$DUPLICATE-“'));
      }
    }
    // Two objects with the same sAMAccountName (case-insensitive), e.g. written around the DC's uniqueness check.
    const principals: Array<(typeof lists)[number][number]> = [];
    for (const list of lists) for (const principal of list) principals.push(principal);
    const samDuplicates = caseInsensitiveDuplicates(principals.map((principal) => principal.sAMAccountName));
    for (let position = 0; position < principals.length; position++) {
      if (samDuplicates[position] !== 1) continue;
      const principal = principals[position] as (typeof principals)[number];
      affected.push(principalObject(principal, `sAMAccountName ${principal.sAMAccountName} ist mehrfach vergeben`));
    }
    const upnDuplicates = caseInsensitiveDuplicates(snapshot.users.map((user) => user.userPrincipalName || null));
    for (let position = 0; position < snapshot.users.length; position++) {
      if (upnDuplicates[position] !== 1) continue;
      const user = snapshot.users[position] as (typeof snapshot.users)[number];
      affected.push(principalObject(user, `Benutzerprinzipalname ${user.userPrincipalName} ist mehrfach vergeben`));
    }
    return found(affected);
  },
});
