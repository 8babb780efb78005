import { defineCheck } from '../define-check';
import { found } from '../types';

const QUARANTINED = 0x4;
const FOREST_TRANSITIVE = 0x8;
const TREAT_AS_EXTERNAL = 0x40;
const USES_SID_HISTORY = 0x400;

export const trustSidFilteringDisabled = defineCheck({
  slug: 'trust-sid-filtering-disabled',
  title: 'Vertrauensstellung ohne SID-Filterung',
  description: 'Eine eingehende externe Vertrauensstellung ist nicht unter Quarantäne, oder eine Gesamtstruktur-Vertrauensstellung erlaubt SID-Verlauf.',
  whyItMatters: 'Ohne SID-Filterung kann ein Administrator der vertrauten Domäne über sIDHistory Domänen-Admin-Rechte in Ihrer Domäne erlangen.',
  remediation: ['Aktivieren Sie die SID-Filterung: netdom trust /quarantine:yes bzw. /enablesidhistory:no.'],
  category: 'domain-configuration',
  criticality: 'critical',
  scoreImpact: 12,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    return found(
      snapshot.trusts
        .filter((trust) => (trust.trustDirection & 1) !== 0)
        .filter((trust) => {
          const forest = (trust.trustAttributes & FOREST_TRANSITIVE) !== 0;
          if (forest) return (trust.trustAttributes & (USES_SID_HISTORY | TREAT_AS_EXTERNAL)) !== 0;
          return (trust.trustAttributes & QUARANTINED) === 0;
        })
        .map((trust) => ({ objectKey: trust.objectGuid, objectType: 'trust' as const, name: trust.trustPartner, distinguishedName: trust.distinguishedName, evidence: `trustAttributes = 0x${trust.trustAttributes.toString(16)}, Richtung ${trust.trustDirection}` })),
    );
  },
});
