import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { type AffectedObject, found } from '../types';
import { UAC, hasUacFlag } from '@burgwall/shared';

/** Host part of an SPN like "ldap/dc01.test.local:389/test.local", lower case. */
export function spnHost(spn: string): string {
  return (spn.split('/')[1] ?? '').split(':')[0]?.toLowerCase() ?? '';
}

/** CHECKS.md §2.2 #12: constrained delegation (KCD) to a DC, or RBCD configured on a DC. */
export const computerDcNoConstrainedDelegation = defineCheck({
  slug: 'computer-dc-no-constrained-delegation',
  title: 'Delegierung an einen Domänencontroller',
  description:
    'Ein Konto darf per eingeschränkter Delegierung (KCD) Dienste eines Domänencontrollers im Namen beliebiger Benutzer nutzen, oder auf einem Domänencontroller ist ressourcenbasierte Delegierung (RBCD) eingetragen.',
  whyItMatters:
    'Wer ein solches Konto kontrolliert, kann sich gegenüber dem Domänencontroller als Domänen-Admin ausgeben (z. B. für LDAP oder CIFS) und damit die Domäne übernehmen. Der Dienstname wird dabei nicht geprüft.',
  remediation: [
    'Entfernen Sie Domänencontroller-SPNs aus msDS-AllowedToDelegateTo aller Konten.',
    'Leeren Sie msDS-AllowedToActOnBehalfOfOtherIdentity auf den Domänencontrollern.',
    'Wenn Delegierung nötig ist, delegieren Sie an Mitgliedsserver, nie an Domänencontroller.',
  ],
  category: 'kerberos',
  criticality: 'critical',
  scoreImpact: 15,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const dcs = index.domainControllers();
    const dcHosts = new Set<string>();
    for (const dc of dcs) {
      if (dc.dnsHostName) dcHosts.add(dc.dnsHostName.toLowerCase());
      dcHosts.add(dc.name.toLowerCase());
      dcHosts.add(dc.sAMAccountName.replace(/\$$/, '').toLowerCase());
    }
    const affected: AffectedObject[] = [];
    for (const account of index.accounts) {
      if (account.allowedToDelegateTo.length === 0) continue;
      const toDc = account.allowedToDelegateTo.filter((spn) => dcHosts.has(spnHost(spn)));
      if (toDc.length === 0) continue;
      const transition = hasUacFlag(account.userAccountControl, UAC.TRUSTED_TO_AUTH_FOR_DELEGATION) ? ' mit Protokollübergang' : '';
      affected.push(principalObject(account, `Delegierung${transition} an ${toDc.join(', ')}`));
    }
    for (const dc of dcs) {
      if (dc.allowedToActOnBehalfOf.length === 0) continue;
      affected.push(principalObject(dc, `RBCD auf Domänencontroller für ${dc.allowedToActOnBehalfOf.map((sid) => index.nameOfSid(sid)).join(', ')}`));
    }
    return found(affected);
  },
});
