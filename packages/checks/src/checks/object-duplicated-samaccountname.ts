import { principalObject } from '../affected';
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
    const principals = [...snapshot.users, ...snapshot.computers, ...snapshot.groups];
    for (const principal of principals) {
      if (principal.distinguishedName.includes('CNF:') || principal.distinguishedName.includes('cnf:')) affected.push(principalObject(principal, 'Name enthält „CNF:“ (Replikationskonflikt)'));
      else if (principal.sAMAccountName.charCodeAt(0) === 36 && /^\$DUPLICATE-/i.test(principal.sAMAccountName)) affected.push(principalObject(principal, 'sAMAccountName beginnt mit „$DUPLICATE-“'));
    }
    // Two objects with the same sAMAccountName (case-insensitive), e.g. written around the DC's uniqueness check.
    const lower = (text: string) => text.toLowerCase();
    const bySam = new Map<string, number>();
    const samKeys = principals.map((principal) => lower(principal.sAMAccountName));
    for (const key of samKeys) bySam.set(key, (bySam.get(key) ?? 0) + 1);
    for (const [position, principal] of principals.entries()) {
      if ((bySam.get(samKeys[position] as string) ?? 0) > 1) {
        affected.push(principalObject(principal, `sAMAccountName ${principal.sAMAccountName} ist mehrfach vergeben`));
      }
    }
    const byUpn = new Map<string, number>();
    const upnKeys = snapshot.users.map((user) => (user.userPrincipalName ? lower(user.userPrincipalName) : null));
    for (const upn of upnKeys) if (upn) byUpn.set(upn, (byUpn.get(upn) ?? 0) + 1);
    for (const [position, user] of snapshot.users.entries()) {
      const upn = upnKeys[position];
      if (upn && (byUpn.get(upn) ?? 0) > 1) affected.push(principalObject(user, `Benutzerprinzipalname ${user.userPrincipalName} ist mehrfach vergeben`));
    }
    return found(affected);
  },
});
