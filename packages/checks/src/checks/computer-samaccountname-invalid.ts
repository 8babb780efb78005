import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { found } from '../types';

const withoutDollar = (name: string) => name.replace(/\$$/, '').toLowerCase();

/**
 * CHECKS.md §2.2 #9 extension: a computer whose sAMAccountName lacks the trailing „$“, or equals a domain controller's
 * name without it — the noPac / CVE-2021-42278 pattern.
 */
export const computerSamaccountnameInvalid = defineCheck({
  slug: 'computer-samaccountname-invalid',
  title: 'Computerkonto mit ungültigem Kontonamen',
  description: 'Der sAMAccountName eines Computerkontos endet nicht auf „$“ oder entspricht dem Namen eines Domänencontrollers.',
  whyItMatters:
    'Ein Computerkonto ohne „$“ mit dem Namen eines Domänencontrollers ist der erste Schritt des noPac-Angriffs (CVE-2021-42278/42287): Der KDC stellt dann ein Ticket für den Domänencontroller aus, und der Angreifer wird Domänen-Admin.',
  remediation: [
    'Benennen Sie das Konto zurück (Kontoname mit „$“ am Ende) oder löschen Sie es, wenn es unbekannt ist.',
    'Installieren Sie die Updates vom November 2021 auf allen Domänencontrollern und setzen Sie ms-DS-MachineAccountQuota auf 0.',
  ],
  category: 'accounts',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const dcs = index.domainControllers();
    const dcNames = new Map(dcs.map((dc) => [withoutDollar(dc.sAMAccountName), dc]));
    return found(
      snapshot.computers.flatMap((computer) => {
        const reasons: string[] = [];
        if (!computer.sAMAccountName.endsWith('$')) reasons.push('Kontoname endet nicht auf „$“');
        const dc = dcNames.get(withoutDollar(computer.sAMAccountName));
        if (dc && dc !== computer) reasons.push(`entspricht dem Domänencontroller ${dc.sAMAccountName}`);
        return reasons.length > 0 ? [principalObject(computer, `${computer.sAMAccountName}: ${reasons.join(', ')}`)] : [];
      }),
    );
  },
});
