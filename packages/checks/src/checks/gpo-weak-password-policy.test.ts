import { passwordSettingsSchema } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { DOMAIN_DN, cleanSnapshot, guid } from '../testing/fixtures';
import { run } from '../testing/run';
import { gpoWeakPasswordPolicy as check } from './gpo-weak-password-policy';

describe('gpo-weak-password-policy', () => {
  it('does not trigger on a 14-character, complex, locking policy', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers at 11 characters but not at 12 (default edge)', () => {
    const weak = cleanSnapshot();
    weak.domain.minPasswordLength = 11;
    expect(run(check, weak).affected[0]?.evidence).toContain('Minimale Kennwortlänge 11');
    const edge = cleanSnapshot();
    edge.domain.minPasswordLength = 12;
    expect(run(check, edge).affected).toEqual([]);
    expect(run(check, edge, { minPasswordLength: 14 }).affected).toHaveLength(1);
  });

  it('triggers on no lockout and reversible encryption', () => {
    const snapshot = cleanSnapshot();
    snapshot.domain.lockoutThreshold = 0;
    snapshot.domain.passwordProperties = 1 | 16;
    const evidence = run(check, snapshot).affected[0]?.evidence ?? '';
    expect(evidence).toContain('Keine Kontosperrung');
    expect(evidence).toContain('Umkehrbare Verschlüsselung');
  });

  it('triggers on a weak domain-root GPO and a weak PSO', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy?.files.gptTmpl?.['System Access']) policy.files.gptTmpl['System Access'].MinimumPasswordLength = '7';
    snapshot.passwordSettings.push(
      passwordSettingsSchema.parse({ objectGuid: guid(), distinguishedName: `CN=Service-PSO,CN=Password Settings Container,CN=System,${DOMAIN_DN}`, name: 'Service-PSO', precedence: 1, minPasswordLength: 6, passwordHistoryLength: 0, complexityEnabled: false, reversibleEncryptionEnabled: true, maxPasswordAgeDays: null, lockoutThreshold: 0, appliesTo: ['CN=svc,DC=test,DC=local'] }),
    );
    const outcome = run(check, snapshot);
    expect(outcome.affected.map((item) => item.objectType).sort()).toEqual(['gpo', 'password-settings']);
  });

  it('triggers on a domain-root GPO that disables complexity or keeps a short history (configured history threshold)', () => {
    const snapshot = cleanSnapshot();
    const access = snapshot.gpos[0]?.files.gptTmpl?.['System Access'] as Record<string, string>;
    access.MinimumPasswordLength = '8';
    access.PasswordComplexity = '0';
    access.PasswordHistorySize = '3';
    const evidence = run(check, snapshot, { minPasswordLength: 8 }).affected.map((item) => item.evidence);
    expect(evidence).toEqual(['PasswordComplexity = 0; PasswordHistorySize = 3']);
    expect(run(check, snapshot, { minPasswordLength: 8, minHistoryLength: 3 }).affected.map((item) => item.evidence)).toEqual(['PasswordComplexity = 0']);
  });

  it('triggers on a short domain password history; a 12+ character policy needs no complexity', () => {
    const snapshot = cleanSnapshot();
    snapshot.domain.passwordHistoryLength = 0;
    snapshot.domain.passwordProperties = 0;
    expect(run(check, snapshot).affected[0]?.evidence).toBe('Kennwortchronik 0 (< 10)');
  });

  it('is skipped (Nicht geprüft) with the reason when a domain-root GPO could not be read from SYSVOL', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy) policy.files = { ...policy.files, gptTmpl: null, readError: 'NT_STATUS_ACCESS_DENIED' };
    expect(run(check, snapshot)).toEqual({ affected: [], skippedReason: 'SYSVOL-Dateien nicht lesbar: „Default Domain Policy“ (NT_STATUS_ACCESS_DENIED)' });
  });
});
