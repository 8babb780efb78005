import { gpoObject } from './affected';
import { domainControllerGpos, effectiveDcRegistryValue, gpoOutcome } from './gpo-helpers';
import type { SnapshotIndex } from './snapshot-index';
import type { AffectedObject, CheckOutcome } from './types';
import type { CheckSnapshot } from './check-snapshot';

export interface DcRegistryRequirement {
  /** Registry key below HKLM, e.g. System\CurrentControlSet\Services\NTDS\Parameters. */
  key: string;
  valueName: string;
  /** Whether the effective value is the secure one. */
  secure(value: string): boolean;
  /** German: what the secure value is, e.g. „2 (Signatur erforderlich)“. */
  secureText: string;
  /** German: what Windows does when no GPO sets the value. */
  unsetMeans: string;
}

/**
 * Detect function of a check that requires a machine registry value on the domain controllers: the value after GPO
 * precedence (domainControllerGpos) must be secure. Unset counts as insecure when Windows' default is insecure.
 */
export function requireDcRegistryValue(requirement: DcRegistryRequirement) {
  return (snapshot: CheckSnapshot, _settings: unknown, _index: SnapshotIndex): CheckOutcome => {
    const effective = effectiveDcRegistryValue(snapshot, requirement.key, requirement.valueName);
    const affected: AffectedObject[] = [];
    const name = `${requirement.valueName}`;
    if (!effective) {
      const { domain } = snapshot;
      affected.push({
        objectKey: `${domain.objectGuid}:${name}`,
        objectType: 'domain',
        name: domain.dnsName,
        distinguishedName: domain.distinguishedName,
        evidence: `Keine für die Domänencontroller wirksame GPO setzt ${name}; ${requirement.unsetMeans}. Erforderlich: ${requirement.secureText}.`,
      });
    } else if (!requirement.secure(effective.value)) {
      affected.push(gpoObject(effective.gpo, `Wirksam auf den Domänencontrollern: ${name} = ${effective.value} (${effective.source}); erforderlich: ${requirement.secureText}`, name));
    }
    return gpoOutcome(affected, domainControllerGpos(snapshot));
  };
}
