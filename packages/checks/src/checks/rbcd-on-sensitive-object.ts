import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { found } from '../types';

export const rbcdOnSensitiveObject = defineCheck({
  slug: 'rbcd-on-sensitive-object',
  title: 'Ressourcenbasierte Delegierung auf privilegierten Konten',
  description: 'Auf einem privilegierten Konto oder einem Domänencontroller ist msDS-AllowedToActOnBehalfOfOtherIdentity (RBCD) gesetzt.',
  whyItMatters: 'Die eingetragenen Konten können sich gegenüber diesem Objekt als beliebiger Benutzer ausgeben, auch als Domänen-Admin.',
  remediation: ['Leeren Sie msDS-AllowedToActOnBehalfOfOtherIdentity auf dem Objekt.', 'Prüfen Sie, wer das Attribut gesetzt hat.'],
  category: 'kerberos',
  criticality: 'critical',
  scoreImpact: 12,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const dcs = new Set(index.domainControllers().map((dc) => dc.distinguishedName));
    return found(
      index.accounts
        .filter((account) => account.allowedToActOnBehalfOf.length > 0 && (dcs.has(account.distinguishedName) || index.isPrivileged(account)))
        .map((account) => principalObject(account, `RBCD für ${account.allowedToActOnBehalfOf.map((sid) => index.nameOfSid(sid)).join(', ')}`)),
    );
  },
});
