import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { isEnabled } from '../snapshot-index';
import { found } from '../types';
import { UAC, hasUacFlag } from '@burgwall/shared';

export const userNoPreauth = defineCheck({
  slug: 'user-no-preauth',
  title: 'Konten ohne Kerberos-Vorauthentifizierung (AS-REP-Roasting)',
  description: 'Aktive Konten haben „Keine Kerberos-Vorauthentifizierung erforderlich“ gesetzt.',
  whyItMatters:
    'Für diese Konten kann jeder, auch ohne Kennwort, verschlüsselte Anmeldedaten abrufen und offline knacken (AS-REP-Roasting).',
  remediation: ['Entfernen Sie die Option „Keine Kerberos-Vorauthentifizierung erforderlich“ in den Kontooptionen.'],
  category: 'kerberos',
  criticality: 'medium',
  scoreImpact: 5,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    return found(
      index.accounts
        .filter((account) => isEnabled(account) && hasUacFlag(account.userAccountControl, UAC.DONT_REQ_PREAUTH))
        .map((account) => principalObject(account, `DONT_REQ_PREAUTH gesetzt${index.isPrivileged(account) ? '; privilegiertes Konto' : ''}`)),
    );
  },
});
