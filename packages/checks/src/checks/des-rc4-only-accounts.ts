import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { isEnabled } from '../snapshot-index';
import { found } from '../types';
import { UAC, hasUacFlag } from '@burgwall/shared';

const DES = 0x3;

export const desRc4OnlyAccounts = defineCheck({
  slug: 'des-rc4-only-accounts',
  title: 'Konten mit DES-Verschlüsselung',
  description: 'Aktive Konten erlauben Kerberos mit DES („Nur Kerberos-DES-Verschlüsselungstypen“ oder DES in msDS-SupportedEncryptionTypes).',
  whyItMatters: 'DES ist seit Jahrzehnten gebrochen. Tickets mit DES lassen sich in kurzer Zeit entschlüsseln.',
  remediation: ['Entfernen Sie die Option „Nur Kerberos-DES-Verschlüsselungstypen“.', 'Setzen Sie msDS-SupportedEncryptionTypes auf AES (0x18).'],
  category: 'kerberos',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    return found(
      index.accounts
        .filter((account) => isEnabled(account))
        .filter((account) => hasUacFlag(account.userAccountControl, UAC.USE_DES_KEY_ONLY) || ((account.supportedEncryptionTypes ?? 0) & DES) !== 0)
        .map((account) => principalObject(account, hasUacFlag(account.userAccountControl, UAC.USE_DES_KEY_ONLY) ? 'USE_DES_KEY_ONLY gesetzt' : `msDS-SupportedEncryptionTypes = 0x${(account.supportedEncryptionTypes ?? 0).toString(16)}`)),
    );
  },
});
