import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, isEnabled, ridOf } from '../snapshot-index';
import { found } from '../types';

const AES = 0x18;

export const userSpnKerberoastable = defineCheck({
  slug: 'user-spn-kerberoastable',
  title: 'Kerberoasting-fähige Benutzerkonten',
  description: 'Aktive Benutzerkonten haben einen Dienstprinzipalnamen (SPN) und erlauben RC4-verschlüsselte Dienstttickets.',
  whyItMatters:
    'Jeder Domänenbenutzer kann für diese Konten RC4-Tickets anfordern und das Kennwort offline knacken. Dienstkonten haben oft schwache, nie geänderte Kennwörter und weitreichende Rechte.',
  remediation: [
    'Ersetzen Sie Dienstkonten durch gruppenverwaltete Dienstkonten (gMSA).',
    'Setzen Sie für verbleibende Dienstkonten Kennwörter mit mindestens 25 Zeichen.',
    'Erlauben Sie nur AES (msDS-SupportedEncryptionTypes = 0x18).',
  ],
  category: 'kerberos',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    return found(
      snapshot.users
        .filter((user) => isEnabled(user) && user.servicePrincipalNames.length > 0 && ridOf(user.objectSid) !== RID.KRBTGT)
        .filter((user) => user.supportedEncryptionTypes === null || user.supportedEncryptionTypes === 0 || (user.supportedEncryptionTypes & AES) === 0 || (user.supportedEncryptionTypes & 0x4) !== 0)
        .map((user) => principalObject(user, `SPN ${user.servicePrincipalNames[0]}${user.servicePrincipalNames.length > 1 ? ` (+${user.servicePrincipalNames.length - 1})` : ''}; RC4 erlaubt`)),
    );
  },
});
