import { describe, expect, it } from 'vitest';
import { NO_AD_SNAPSHOT } from '../evaluate';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra, syncedUser } from '../testing/entra-fixtures';
import { cleanSnapshot } from '../testing/fixtures';
import { names, runEntra } from '../testing/run';
import { entraOnpremTier0Synced as check } from './entra-onprem-tier0-synced';

describe('entra-onprem-tier0-synced', () => {
  it('is skipped without an AD snapshot and does not trigger when only ordinary users are synced', () => {
    expect(runEntra(check, cleanEntraSnapshot()).skippedReason).toBe(NO_AD_SNAPSHOT);
    const ad = cleanSnapshot();
    expect(runEntra(check, cleanEntraSnapshot(ad), ad)).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers for the synced Domain Admin Administrator, matched by SID', () => {
    const ad = cleanSnapshot();
    const input = cleanEntraInput(ad);
    input.users.push({ ...syncedUser(ad, 'Administrator'), userPrincipalName: 'chef@test.de' });
    const outcome = runEntra(check, parseEntra(input), ad);
    expect(names(outcome)).toEqual(['chef@test.de']);
    expect(outcome.affected[0]?.evidence).toContain('Domain Admins');
    expect(outcome.affected[0]?.distinguishedName).toBe('CN=Administrator,CN=Users,DC=test,DC=local');
  });
});
