/** Snapshot changes for GPO checks: a setting in the domain policy, and a GPO linked to the Domain Controllers OU. */
import { type Gpo, type Snapshot, organizationalUnitSchema } from '@burgwall/shared';
import { DOMAIN_DN, gpo, guid } from './fixtures';

const registryPath = (key: string, valueName: string) => `MACHINE\\${key}\\${valueName}`;

/** Sets (or with `null` removes) a DWORD registry value in the fixture's Default Domain Policy. */
export function setDomainPolicyValue(snapshot: Snapshot, key: string, valueName: string, value: number | null): Gpo {
  const policy = snapshot.gpos[0] as Gpo;
  const values = policy.files.gptTmpl?.['Registry Values'] as Record<string, string>;
  if (value === null) delete values[registryPath(key, valueName)];
  else values[registryPath(key, valueName)] = `4,${value}`;
  return policy;
}

/** Links a new GPO setting one DWORD value to OU=Domain Controllers (`options`: 1 disabled link, 2 enforced). */
export function linkDcOuGpo(snapshot: Snapshot, key: string, valueName: string, value: number, options = 0, flags = 0): Gpo {
  const dcPolicy = gpo({ displayName: 'DC-Härtung', flags, files: { gptTmpl: { 'Registry Values': { [registryPath(key, valueName)]: `4,${value}` } } } });
  snapshot.gpos.push(dcPolicy);
  snapshot.organizationalUnits.push(
    organizationalUnitSchema.parse({ objectGuid: guid(), distinguishedName: `OU=Domain Controllers,${DOMAIN_DN}`, name: 'Domain Controllers', gpLinks: [{ gpoDistinguishedName: dcPolicy.distinguishedName, options }] }),
  );
  return dcPolicy;
}

/** Marks the domain's link of the Default Domain Policy as enforced. */
export function enforceDomainPolicy(snapshot: Snapshot): void {
  for (const link of snapshot.domain.gpLinks) link.options |= 2;
}
