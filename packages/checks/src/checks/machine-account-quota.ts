import { defineCheck } from '../define-check';
import { found, threshold } from '../types';

export const machineAccountQuota = defineCheck({
  slug: 'machine-account-quota',
  title: 'Benutzer dürfen Computer zur Domäne hinzufügen',
  description: 'ms-DS-MachineAccountQuota erlaubt jedem Benutzer, Computerkonten anzulegen (Standard: 10).',
  whyItMatters: 'Angreifer legen mit einem beliebigen Benutzerkonto eigene Computerkonten an und nutzen sie für Delegierungs- und Relay-Angriffe (z. B. RBCD, noPac).',
  remediation: ['Setzen Sie ms-DS-MachineAccountQuota auf 0.', 'Delegieren Sie das Hinzufügen von Computern gezielt an eine Gruppe.'],
  category: 'domain-configuration',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [{ key: 'maxQuota', label: 'Höchster erlaubter Wert', unit: 'Anzahl', default: 0, min: 0, max: 10 }],
  detect(snapshot, settings) {
    const { domain } = snapshot;
    if (domain.machineAccountQuota <= threshold(this, settings, 'maxQuota')) return found([]);
    return found([{ objectKey: `${domain.objectGuid}:maq`, objectType: 'domain', name: domain.dnsName, distinguishedName: domain.distinguishedName, evidence: `ms-DS-MachineAccountQuota = ${domain.machineAccountQuota}` }]);
  },
});
