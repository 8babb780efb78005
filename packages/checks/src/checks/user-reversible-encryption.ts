import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { found } from '../types';
import { UAC, hasUacFlag } from '@burgwall/shared';

export const userReversibleEncryption = defineCheck({
  slug: 'user-reversible-encryption',
  title: 'Kennwörter mit umkehrbarer Verschlüsselung',
  description: 'Konten haben „Kennwort mit umkehrbarer Verschlüsselung speichern“ aktiviert.',
  whyItMatters: 'Das Kennwort wird so gespeichert, dass es sich aus der Datenbank im Klartext zurückgewinnen lässt, etwa per DCSync oder aus einer Sicherung.',
  remediation: [
    'Deaktivieren Sie die Option in den Kontooptionen.',
    'Lassen Sie das Kennwort danach ändern, damit die umkehrbare Kopie verschwindet.',
  ],
  category: 'accounts',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    return found(
      snapshot.users
        .filter((user) => hasUacFlag(user.userAccountControl, UAC.ENCRYPTED_TEXT_PWD_ALLOWED))
        .map((user) => principalObject(user, 'ENCRYPTED_TEXT_PWD_ALLOWED gesetzt')),
    );
  },
});
