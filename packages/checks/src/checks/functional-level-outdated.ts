import { defineCheck } from '../define-check';
import { type AffectedObject, found, threshold } from '../types';

const LEVEL_NAMES: Record<number, string> = { 0: '2000', 1: '2003 interim', 2: '2003', 3: '2008', 4: '2008 R2', 5: '2012', 6: '2012 R2', 7: '2016', 10: '2025' };

export const functionalLevelOutdated = defineCheck({
  slug: 'functional-level-outdated',
  title: 'Veraltete Funktionsebene',
  description: 'Die Funktionsebene der Domäne oder Gesamtstruktur liegt unter dem eingestellten Mindestwert.',
  whyItMatters: 'Niedrige Funktionsebenen verhindern Schutzfunktionen wie „Geschützte Benutzer“ auf DC-Seite, AES-only-Kerberos oder den Papierkorb.',
  remediation: ['Aktualisieren Sie alle Domänencontroller und heben Sie danach die Funktionsebene an.'],
  category: 'domain-configuration',
  criticality: 'low',
  scoreImpact: 2,
  directory: 'ad',
  thresholds: [{ key: 'minLevel', label: 'Mindest-Funktionsebene (7 = Windows Server 2016)', unit: 'Stufe', default: 7, min: 0, max: 10 }],
  detect(snapshot, settings) {
    const minLevel = threshold(this, settings, 'minLevel');
    const { domain } = snapshot;
    const affected: AffectedObject[] = [];
    const name = (level: number) => `Windows Server ${LEVEL_NAMES[level] ?? level}`;
    if (domain.domainFunctionalLevel < minLevel) affected.push({ objectKey: `${domain.objectGuid}:dfl`, objectType: 'domain', name: domain.dnsName, distinguishedName: domain.distinguishedName, evidence: `Domänenfunktionsebene ${name(domain.domainFunctionalLevel)}` });
    if (domain.forestFunctionalLevel < minLevel) affected.push({ objectKey: `${domain.objectGuid}:ffl`, objectType: 'domain', name: domain.dnsName, distinguishedName: domain.distinguishedName, evidence: `Gesamtstrukturfunktionsebene ${name(domain.forestFunctionalLevel)}` });
    return found(affected);
  },
});
