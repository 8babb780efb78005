import { describe, expect, it } from 'vitest';
import { cleanSnapshot } from '../testing/fixtures';
import { setDomainPolicyValue } from '../testing/gpo-scenarios';
import { run } from '../testing/run';
import { wdigestEnabled as check } from './wdigest-enabled';

const WDIGEST = 'System\\CurrentControlSet\\Control\\SecurityProviders\\WDigest';
const WINLOGON = 'Software\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon';

describe('wdigest-enabled', () => {
  it('does not trigger for WDigest off and 10 cached logons (default edge)', () => {
    const snapshot = cleanSnapshot();
    setDomainPolicyValue(snapshot, WDIGEST, 'UseLogonCredential', 0);
    setDomainPolicyValue(snapshot, WINLOGON, 'CachedLogonsCount', 10);
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for UseLogonCredential = 1 and for cached logons above the configured threshold', () => {
    const snapshot = cleanSnapshot();
    setDomainPolicyValue(snapshot, WDIGEST, 'UseLogonCredential', 1);
    setDomainPolicyValue(snapshot, WINLOGON, 'CachedLogonsCount', 10);
    expect(run(check, snapshot).affected.map((item) => item.objectKey.split(':').pop())).toEqual(['wdigest']);
    expect(run(check, snapshot, { maxCachedLogons: 2 }).affected.map((item) => item.objectKey.split(':').pop())).toEqual(['wdigest', 'cachedlogons']);
  });
});
