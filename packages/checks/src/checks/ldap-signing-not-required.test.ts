import { describe, expect, it } from 'vitest';
import { cleanSnapshot } from '../testing/fixtures';
import { enforceDomainPolicy, linkDcOuGpo, setDomainPolicyValue } from '../testing/gpo-scenarios';
import { run } from '../testing/run';
import { ldapSigningNotRequired as check } from './ldap-signing-not-required';

const KEY = 'System\\CurrentControlSet\\Services\\NTDS\\Parameters';
const VALUE = 'LDAPServerIntegrity';

describe('ldap-signing-not-required', () => {
  it('does not trigger when the domain controllers get LDAPServerIntegrity = 2', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers on the GPO that sets LDAPServerIntegrity = 1, and on the domain when no GPO sets it', () => {
    const weak = cleanSnapshot();
    const policy = setDomainPolicyValue(weak, KEY, VALUE, 1);
    expect(run(check, weak).affected).toEqual([expect.objectContaining({ objectType: 'gpo', name: policy.displayName, evidence: expect.stringContaining(`${VALUE} = 1`) })]);
    const unset = cleanSnapshot();
    setDomainPolicyValue(unset, KEY, VALUE, null);
    expect(run(check, unset).affected).toEqual([expect.objectContaining({ objectType: 'domain', evidence: expect.stringContaining('Keine für die Domänencontroller wirksame GPO') })]);
  });

  it('does not trigger when a GPO on the Domain Controllers OU overrides a weak domain GPO; triggers when the domain link is enforced', () => {
    const snapshot = cleanSnapshot();
    setDomainPolicyValue(snapshot, KEY, VALUE, 1);
    linkDcOuGpo(snapshot, KEY, VALUE, 2);
    expect(run(check, snapshot).affected).toEqual([]);
    enforceDomainPolicy(snapshot);
    expect(run(check, snapshot).affected).toHaveLength(1);
  });

  it('does not trigger from a disabled link or a GPO whose computer side is disabled', () => {
    for (const [options, flags] of [[1, 0], [0, 2]] as const) {
      const snapshot = cleanSnapshot();
      linkDcOuGpo(snapshot, KEY, VALUE, 1, options, flags);
      expect(run(check, snapshot).affected, `options ${options}, flags ${flags}`).toEqual([]);
    }
  });
});
