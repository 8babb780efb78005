/**
 * The shared test of a check built on `dc-registry-requirement.ts`: a registry value the domain controllers must get
 * from their effective GPOs. Each such check runs this suite from its own test file with its key, value, weak and
 * strong setting, so the GPO precedence rules (DC OU over domain, enforced links, disabled links and GPO sides) are
 * proven for every one of them.
 */
import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '../types';
import { cleanSnapshot } from './fixtures';
import { enforceDomainPolicy, linkDcOuGpo, setDomainPolicyValue } from './gpo-scenarios';
import { run } from './run';

export interface DcRegistryRequirementCase {
  key: string;
  value: string;
  /** A setting that must raise a finding. */
  weak: number;
  /** The setting the clean fixture gives the domain controllers. */
  strong: number;
}

export function describeDcRegistryRequirement(check: CheckDefinition, { key, value, weak, strong }: DcRegistryRequirementCase): void {
  describe(check.slug, () => {
    it('does not trigger when the domain controllers get the required setting', () => {
      expect(run(check, cleanSnapshot()).affected).toEqual([]);
    });

    it('triggers on the GPO that sets the weak value, and on the domain when no GPO sets it', () => {
      const weakSnapshot = cleanSnapshot();
      const policy = setDomainPolicyValue(weakSnapshot, key, value, weak);
      expect(run(check, weakSnapshot).affected).toEqual([
        expect.objectContaining({ objectType: 'gpo', name: policy.displayName, evidence: expect.stringContaining(`${value} = ${weak}`) }),
      ]);
      const unset = cleanSnapshot();
      setDomainPolicyValue(unset, key, value, null);
      expect(run(check, unset).affected).toEqual([
        expect.objectContaining({ objectType: 'domain', evidence: expect.stringContaining('Keine für die Domänencontroller wirksame GPO') }),
      ]);
    });

    it('does not trigger when a GPO on the Domain Controllers OU overrides a weak domain GPO; triggers when the domain link is enforced', () => {
      const snapshot = cleanSnapshot();
      setDomainPolicyValue(snapshot, key, value, weak);
      linkDcOuGpo(snapshot, key, value, strong);
      expect(run(check, snapshot).affected).toEqual([]);
      enforceDomainPolicy(snapshot);
      expect(run(check, snapshot).affected).toHaveLength(1);
    });

    it('does not trigger from a disabled link or a GPO whose computer side is disabled', () => {
      for (const [options, flags] of [[1, 0], [0, 2]] as const) {
        const snapshot = cleanSnapshot();
        linkDcOuGpo(snapshot, key, value, weak, options, flags);
        expect(run(check, snapshot).affected, `options ${options}, flags ${flags}`).toEqual([]);
      }
    });
  });
}
