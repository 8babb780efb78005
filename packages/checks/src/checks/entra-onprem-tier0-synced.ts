import { defineHybridCheck } from '../define-check';
import { isSynced, userAffected } from '../entra-helpers';
import { RID } from '../snapshot-index';
import { type AffectedObject, found } from '../types';

/**
 * Hybrid: an on-prem Tier-0 account (member of Domain/Enterprise/Schema Admins, Administrators, the operator
 * groups …, or the built-in Administrator / krbtgt) is synchronised to Entra ID. Joined by objectSid.
 */
export const entraOnpremTier0Synced = defineHybridCheck({
  slug: 'entra-onprem-tier0-synced',
  title: 'Tier-0-Konto des lokalen AD wird nach Entra ID synchronisiert',
  description:
    'Ein Konto, das im lokalen Active Directory zu Tier 0 gehört (z. B. Domänen-Admins, Organisations-Admins, Administratoren), ist über Entra Connect in die Cloud synchronisiert.',
  whyItMatters:
    'Das Passwort eines synchronisierten Tier-0-Kontos lässt sich in der Cloud angreifen (Password Spraying, Phishing, Passwort-Hash-Synchronisierung). Ein in Microsoft 365 erbeutetes Passwort öffnet dann die Domäne.',
  remediation: [
    'Nehmen Sie Tier-0-Konten von der Synchronisierung aus (OU- oder Attributfilter in Entra Connect).',
    'Verwenden Sie für Cloud-Arbeit getrennte Alltagskonten.',
  ],
  category: 'entra',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'hybrid',
  needs: ['users'],
  thresholds: [],
  detect(entra, _settings, ad) {
    const tier0 = new Map(ad.index.privilegedUsers().map(({ user, groups }) => [user.objectSid, groups.join(', ')]));
    for (const rid of [RID.ADMINISTRATOR, RID.KRBTGT]) {
      const account = ad.index.accountByRid(rid);
      if (account && !tier0.has(account.objectSid)) tier0.set(account.objectSid, rid === RID.KRBTGT ? 'krbtgt' : 'integriertes Administratorkonto');
    }
    const affected: AffectedObject[] = [];
    for (const user of entra.users) {
      const sid = user.onPremisesSecurityIdentifier;
      const groups = sid ? tier0.get(sid) : undefined;
      // An on-prem SID means the account came from AD, even if its sync was switched off later.
      if (!groups || !sid) continue;
      const adObject = ad.index.bySid(sid);
      affected.push(userAffected(user, `Lokal Tier 0: ${groups}${isSynced(user) ? '' : '; Synchronisierung inzwischen beendet'}`, adObject?.object.distinguishedName ?? null));
    }
    return found(affected);
  },
});
