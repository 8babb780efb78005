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
    const lists = [snapshot.users, snapshot.computers, snapshot.groups] as const;
    for (const list of lists) {
      for (const principal of list) {
        if (principal.distinguishedName.includes('CNF:') || principal.distinguishedName.includes('cnf:')) affected.push(principalObject(principal, 'Name enthält „CNF:“ (Replikationskonflikt)'));
        else if (principal.sAMAccountName.charCodeAt(0) === 36 && /^\$DUPLICATE-/i.test(principal.sAMAccountName)) affected.push(principalObject(principal, 'sAMAccountName beginnt mit „$DUPLICATE-“'));
      }
    }
    // Two objects with the same sAMAccountName (case-insensitive), e.g. written around the DC's uniqueness check.
    // Counting keeps the first holder of each name (not a number), so the common unique case allocates nothing
    // per object beyond the lower-case key; only names seen twice go into the (small) duplicate set.
    const firstBySam = new Map<string, unknown>();
    const duplicateSams = new Set<string>();
    for (const list of lists) {
      for (const principal of list) {
        const key = principal.sAMAccountName.toLowerCase();
        if (firstBySam.has(key)) duplicateSams.add(key);
        else firstBySam.set(key, principal);
      }
    }
    if (duplicateSams.size > 0) {
      for (const list of lists) {
        for (const principal of list) {
          if (duplicateSams.has(principal.sAMAccountName.toLowerCase())) affected.push(principalObject(principal, `sAMAccountName ${principal.sAMAccountName} ist mehrfach vergeben`));
        }
      }
    }
    const firstByUpn = new Map<string, unknown>();
    const duplicateUpns = new Set<string>();
    for (const user of snapshot.users) {
      if (!user.userPrincipalName) continue;
      const key = user.userPrincipalName.toLowerCase();
      if (firstByUpn.has(key)) duplicateUpns.add(key);
      else firstByUpn.set(key, user);
    }
    if (duplicateUpns.size > 0) {
      for (const user of snapshot.users) {
        if (user.userPrincipalName && duplicateUpns.has(user.userPrincipalName.toLowerCase())) affected.push(principalObject(user, `Benutzerprinzipalname ${user.userPrincipalName} ist mehrfach vergeben`));
      }
    }
    return found(affected);
  },
});
