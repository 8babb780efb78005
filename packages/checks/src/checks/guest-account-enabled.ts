import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, isEnabled } from '../snapshot-index';
import { found } from '../types';

export const guestAccountEnabled = defineCheck({
  slug: 'guest-account-enabled',
  title: 'Gastkonto ist aktiviert',
  description: 'Das integrierte Gastkonto der Domäne ist aktiviert.',
  whyItMatters: 'Das Gastkonto erlaubt eine Anmeldung ohne persönliches Konto und meist ohne Kennwort. Aktionen lassen sich niemandem zuordnen.',
  remediation: ['Deaktivieren Sie das Gastkonto.'],
  category: 'accounts',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const guest = index.accountByRid(RID.GUEST);
    return found(guest && isEnabled(guest) ? [principalObject(guest, 'Konto ist aktiviert')] : []);
  },
});
