import { describe, expect, it } from 'vitest';
import { evaluateChecks } from './evaluate';
import { cleanSnapshot, group, sid } from './testing/fixtures';
import { windows2022AdminSdHolderAcl, windows2022DomainHeadAcl } from './testing/windows-2022-default-acl';

describe('Microsoft default ACLs', () => {
  it('raise no finding in any check on a default Windows Server 2022 domain (domain head and AdminSDHolder)', () => {
    const snapshot = cleanSnapshot();
    snapshot.domain.securityDescriptor = windows2022DomainHeadAcl(snapshot.domain.objectSid);
    snapshot.adminSdHolder = windows2022AdminSdHolderAcl(snapshot.domain.objectSid);
    const findings = evaluateChecks({ ad: snapshot }).filter(({ outcome }) => outcome.affected.length > 0);
    expect(findings.map(({ check, outcome }) => `${check.slug}: ${outcome.affected.map((item) => item.name).join(', ')}`)).toEqual([]);
  });

  it('allow Exchange property writes but not WriteDacl of „Exchange Windows Permissions“ on the domain head (PrivExchange)', () => {
    const snapshot = cleanSnapshot();
    const exchange = group({ sAMAccountName: 'Exchange Windows Permissions', objectSid: sid(1130) }, 'OU=Microsoft Exchange Security Groups,DC=test,DC=local');
    snapshot.groups.push(exchange);
    snapshot.domain.securityDescriptor?.aces.push({ type: 'allow-object', trustee: exchange.objectSid, accessMask: 0x20, objectType: 'bf967a68-0de6-11d0-a285-00aa003049e2', inheritedObjectType: null, flags: 0 });
    expect(evaluateChecks({ ad: snapshot }).filter(({ outcome }) => outcome.affected.length > 0)).toEqual([]);
    snapshot.domain.securityDescriptor?.aces.push({ type: 'allow', trustee: exchange.objectSid, accessMask: 0x40000, objectType: null, inheritedObjectType: null, flags: 0 });
    const findings = evaluateChecks({ ad: snapshot }).filter(({ outcome }) => outcome.affected.length > 0);
    // Both the weak Tier-0 ACL and the attack path it opens (Exchange Windows Permissions → WriteDacl → domain head).
    expect(findings.map(({ check }) => check.slug).sort()).toEqual(['attack-path-to-tier0', 'tier0-object-acl-weak']);
  });
});
