import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, isDnsAdmins } from '../snapshot-index';
import { found } from '../types';

export const dnsadminsMembers = defineCheck({
  slug: 'dnsadmins-members',
  title: 'Nicht-Administratoren in DnsAdmins',
  description: 'Die Gruppe DnsAdmins enthält Konten, die nicht Domänen-Admins sind.',
  whyItMatters: 'Mitglieder von DnsAdmins können den DNS-Dienst auf Domänencontrollern eine beliebige DLL laden lassen und so SYSTEM-Rechte auf dem DC erlangen.',
  remediation: ['Entfernen Sie alle Konten aus DnsAdmins, die nicht ohnehin Domänen-Admins sind.', 'Delegieren Sie DNS-Verwaltung über Zonenberechtigungen.'],
  category: 'privileged-accounts',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    const dnsAdmins = index.snapshot.groups.find(isDnsAdmins);
    const domainAdmins = index.group(RID.DOMAIN_ADMINS);
    if (!dnsAdmins) return found([]);
    const admins = new Set(domainAdmins ? index.transitiveMembers(domainAdmins).map((account) => account.distinguishedName) : []);
    return found(
      index
        .transitiveMembers(dnsAdmins)
        .filter((account) => !admins.has(account.distinguishedName))
        .map((account) => principalObject(account, 'Mitglied von DnsAdmins ohne Domänen-Admin-Rechte')),
    );
  },
});
