import { gpoObject } from '../affected';
import { defineCheck } from '../define-check';
import { domainRootGpos, gpoOutcome } from '../gpo-helpers';
import { type AffectedObject, threshold } from '../types';

const COMPLEXITY = 0x1;
const REVERSIBLE = 0x10;
/** Below this length missing complexity counts as weak (long passphrases need no character classes). */
const PASSPHRASE_LENGTH = 12;

/**
 * CHECKS.md §2.2 #5: the domain policy (authoritative), domain-root GPOs and
 * fine-grained password settings. "Never expires" is deliberately not penalised.
 */
export const gpoWeakPasswordPolicy = defineCheck({
  slug: 'gpo-weak-password-policy',
  title: 'Schwache Kennwort- oder Sperrrichtlinie',
  description:
    'Die wirksame Kennwortrichtlinie der Domäne, eine auf Domänenebene verknüpfte Gruppenrichtlinie oder eine differenzierte Kennwortrichtlinie (PSO) ist zu schwach.',
  whyItMatters:
    'Kurze Kennwörter ohne Komplexität und ohne Kontosperrung lassen sich durch Raten (Password Spraying) oder Offline-Knacken schnell ermitteln. Umkehrbar gespeicherte Kennwörter sind praktisch Klartext.',
  remediation: [
    'Setzen Sie die minimale Kennwortlänge auf mindestens 12, besser 14 Zeichen.',
    'Aktivieren Sie die Kennwortkomplexität oder verlangen Sie lange Passphrasen.',
    'Setzen Sie eine Kontosperrschwelle (z. B. 10 Fehlversuche).',
    'Merken Sie sich mindestens die letzten 24 Kennwörter (Kennwortchronik), damit alte Kennwörter nicht sofort wieder gelten.',
    'Deaktivieren Sie „Kennwörter mit umkehrbarer Verschlüsselung speichern“.',
  ],
  category: 'domain-configuration',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [
    { key: 'minPasswordLength', label: 'Minimale Kennwortlänge', unit: 'Zeichen', default: 12, min: 6, max: 32 },
    { key: 'minHistoryLength', label: 'Mindestlänge der Kennwortchronik', unit: 'Anzahl', default: 10, min: 0, max: 24 },
  ],
  detect(snapshot, settings) {
    const minLength = threshold(this, settings, 'minPasswordLength');
    const minHistory = threshold(this, settings, 'minHistoryLength');
    const affected: AffectedObject[] = [];
    const { domain } = snapshot;
    const reasons: string[] = [];
    if (domain.minPasswordLength < minLength) reasons.push(`Minimale Kennwortlänge ${domain.minPasswordLength} (< ${minLength})`);
    if ((domain.passwordProperties & COMPLEXITY) === 0 && domain.minPasswordLength < PASSPHRASE_LENGTH) reasons.push('Komplexität deaktiviert');
    if (domain.passwordHistoryLength < minHistory) reasons.push(`Kennwortchronik ${domain.passwordHistoryLength} (< ${minHistory})`);
    if (domain.lockoutThreshold === 0) reasons.push('Keine Kontosperrung (Sperrschwelle 0)');
    if ((domain.passwordProperties & REVERSIBLE) !== 0) reasons.push('Umkehrbare Verschlüsselung aktiviert');
    if (reasons.length > 0) {
      affected.push({ objectKey: `${domain.objectGuid}:password-policy`, objectType: 'domain', name: domain.dnsName, distinguishedName: domain.distinguishedName, evidence: reasons.join('; ') });
    }
    const rootGpos = domainRootGpos(snapshot);
    for (const gpo of rootGpos) {
      const access = gpo.files.gptTmpl?.['System Access'];
      if (!access) continue;
      const gpoReasons: string[] = [];
      const length = access.MinimumPasswordLength;
      if (length !== undefined && Number(length) < minLength) gpoReasons.push(`MinimumPasswordLength = ${length}`);
      if (access.ClearTextPassword === '1') gpoReasons.push('ClearTextPassword = 1');
      if (access.LockoutBadCount === '0') gpoReasons.push('LockoutBadCount = 0');
      const gpoLength = length !== undefined ? Number(length) : domain.minPasswordLength;
      if (access.PasswordComplexity === '0' && gpoLength < PASSPHRASE_LENGTH) gpoReasons.push('PasswordComplexity = 0');
      const history = access.PasswordHistorySize;
      if (history !== undefined && Number(history) < minHistory) gpoReasons.push(`PasswordHistorySize = ${history}`);
      if (gpoReasons.length > 0) affected.push(gpoObject(gpo, gpoReasons.join('; ')));
    }
    for (const pso of snapshot.passwordSettings) {
      const psoReasons: string[] = [];
      if (pso.minPasswordLength < minLength) psoReasons.push(`Minimale Länge ${pso.minPasswordLength}`);
      if (pso.reversibleEncryptionEnabled) psoReasons.push('Umkehrbare Verschlüsselung');
      if (pso.lockoutThreshold === 0) psoReasons.push('Keine Kontosperrung');
      if (!pso.complexityEnabled && pso.minPasswordLength < PASSPHRASE_LENGTH) psoReasons.push('Komplexität deaktiviert');
      if (pso.passwordHistoryLength < minHistory) psoReasons.push(`Kennwortchronik ${pso.passwordHistoryLength}`);
      if (psoReasons.length > 0) {
        affected.push({ objectKey: pso.objectGuid, objectType: 'password-settings', name: pso.name, distinguishedName: pso.distinguishedName, evidence: `PSO (gilt für ${pso.appliesTo.length} Objekte): ${psoReasons.join('; ')}` });
      }
    }
    return gpoOutcome(affected, rootGpos);
  },
});
