import type { IoaDetector } from '../types';
import { defaults, finding, isProperty, numberValue } from '../values';

const COMPLEXITY = 0x1;
const REVERSIBLE = 0x10;

/** Why a change of a domain-head policy attribute weakens the domain; null when it does not. */
function weakening(property: string, before: number | null, after: number | null): string | null {
  const name = property.toLowerCase();
  if (after === null) return null;
  if (name === 'ms-ds-machineaccountquota' && after > (before ?? 0)) return `Jeder Benutzer darf jetzt ${after} Computer hinzufügen (vorher ${before ?? 0})`;
  if (name === 'minpwdlength' && before !== null && after < before) return `Minimale Kennwortlänge ${before} → ${after}`;
  if (name === 'pwdhistorylength' && before !== null && after < before) return `Kennwortchronik ${before} → ${after}`;
  if (name === 'lockoutthreshold' && before !== null && after !== before && (after === 0 || (before !== 0 && after > before))) {
    return after === 0 ? `Kontosperrung abgeschaltet (vorher ${before})` : `Sperrschwelle ${before} → ${after}`;
  }
  if (name === 'pwdproperties' && before !== null) {
    if ((before & COMPLEXITY) !== 0 && (after & COMPLEXITY) === 0) return 'Kennwortkomplexität abgeschaltet';
    if ((before & REVERSIBLE) === 0 && (after & REVERSIBLE) !== 0) return 'Umkehrbare Verschlüsselung eingeschaltet';
  }
  return null;
}

/** Issue 16 / CHECKS.md §4 #17: machine account quota raised, password or lockout policy weakened on the domain head. */
export const domainPolicyWeakened: IoaDetector = {
  slug: 'domain-policy-weakened',
  title: 'Domänenrichtlinie abgeschwächt',
  description: 'Kennwort-, Sperr- oder Computerkonto-Einstellungen des Domänenobjekts wurden abgeschwächt (z. B. ms-DS-MachineAccountQuota erhöht).',
  severity: 'high',
  defaults: defaults(),
  properties: ['ms-ds-machineaccountquota', 'minpwdlength', 'pwdhistorylength', 'lockoutthreshold', 'pwdproperties'],
  detect(change) {
    if (change.objectClass !== 'domainDNS') return null;
    const reason = weakening(change.propertyName, numberValue(change.oldValue), numberValue(change.newValue));
    if (!reason || !this.properties.some((name) => isProperty(change, name))) return null;
    return finding(this, change, reason, { before: change.oldValue, after: change.newValue });
  },
};
