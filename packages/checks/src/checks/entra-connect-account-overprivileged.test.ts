import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { entraConnectAccountOverprivileged as check } from './entra-connect-account-overprivileged';

const DESCRIPTION = 'Account created by Microsoft Azure Active Directory Connect with installation identifier 1a2b3c4d running on computer SYNC01 configured to synchronize to tenant test.onmicrosoft.com.';

function withConnector() {
  const snapshot = cleanSnapshot();
  const connector = user({ sAMAccountName: 'MSOL_1a2b3c4d5e6f', description: DESCRIPTION });
  snapshot.users.push(connector);
  const aces = snapshot.domain.securityDescriptor?.aces ?? [];
  aces.push({ type: 'allow-object', trustee: connector.objectSid, accessMask: 0x100, objectType: '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2', inheritedObjectType: null, flags: 0 });
  return { snapshot, connector };
}

describe('entra-connect-account-overprivileged', () => {
  it('does not trigger for a connector with only replication rights', () => {
    expect(run(check, withConnector().snapshot)).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers when the connector is a Domain Admin or has full control of the domain', () => {
    const { snapshot, connector } = withConnector();
    addMember(findGroup(snapshot, 512), connector);
    expect(names(run(check, snapshot))).toEqual(['MSOL_1a2b3c4d5e6f']);
    const second = withConnector();
    second.snapshot.domain.securityDescriptor?.aces.push({ type: 'allow', trustee: second.connector.objectSid, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 });
    expect(run(check, second.snapshot).affected[0]?.evidence).toContain('Vollzugriff');
  });
});
