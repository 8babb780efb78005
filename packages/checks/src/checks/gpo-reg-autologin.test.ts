import { describe, expect, it } from 'vitest';
import { cleanSnapshot, gpo } from '../testing/fixtures';
import { run } from '../testing/run';
import { gpoRegAutologin as check } from './gpo-reg-autologin';

const registryXml = (items: Array<[string, string]>) =>
  `<?xml version="1.0"?><RegistrySettings>${items
    .map(([name, value]) => `<Registry name="${name}"><Properties action="U" hive="HKEY_LOCAL_MACHINE" key="SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" name="${name}" type="REG_SZ" value="${value}"/></Registry>`)
    .join('')}</RegistrySettings>`;

describe('gpo-reg-autologin', () => {
  it('does not trigger on a clean domain', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers on DefaultPassword in Registry.xml, even in a disabled GPO, and masks the password', () => {
    const snapshot = cleanSnapshot();
    snapshot.gpos.push(gpo({ displayName: 'Kiosk', flags: 3, files: { preferences: { 'Machine/Preferences/Registry/Registry.xml': registryXml([['AutoAdminLogon', '1'], ['DefaultUserName', 'kiosk'], ['DefaultPassword', 'Sommer2024!']]) } } }));
    const outcome = run(check, snapshot);
    expect(outcome.affected).toHaveLength(1);
    expect(outcome.affected[0]?.name).toBe('Kiosk');
    expect(outcome.affected[0]?.evidence).toContain('Benutzer kiosk');
    expect(outcome.affected[0]?.evidence).not.toContain('Sommer2024!');
    expect(outcome.affected[0]?.evidence).toMatch(/S•+!/);
  });

  it('triggers on AutoAdminLogon=1 without password via GptTmpl.inf and Registry.pol', () => {
    const snapshot = cleanSnapshot();
    snapshot.gpos.push(gpo({ displayName: 'Inf', files: { gptTmpl: { 'Registry Values': { 'MACHINE\\Software\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\\AutoAdminLogon': '1,"1"' } } } }));
    snapshot.gpos.push(gpo({ displayName: 'Pol', files: { machineRegistryPol: [{ key: 'Software\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon', valueName: 'DefaultPassword', type: 1, data: 'geheim123' }] } }));
    const outcome = run(check, snapshot);
    expect(outcome.affected.map((item) => item.name).sort()).toEqual(['Inf', 'Pol']);
  });

  it('ignores an empty DefaultPassword, AutoAdminLogon=0 and deleted preference items', () => {
    const snapshot = cleanSnapshot();
    snapshot.gpos.push(gpo({ displayName: 'Off', files: { preferences: { 'Machine/Preferences/Registry/Registry.xml': registryXml([['AutoAdminLogon', '0'], ['DefaultPassword', '']]) } } }));
    snapshot.gpos.push(gpo({ displayName: 'Deleted', files: { preferences: { 'Machine/Preferences/Registry/Registry.xml': registryXml([['DefaultPassword', 'x']]).replace('action="U"', 'action="D"') } } }));
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('is skipped (Nicht geprüft) with the reason when a GPO could not be read from SYSVOL', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy) policy.files = { ...policy.files, gptTmpl: null, readError: 'Zeitüberschreitung beim Lesen' };
    expect(run(check, snapshot)).toEqual({ affected: [], skippedReason: 'SYSVOL-Dateien nicht lesbar: „Default Domain Policy“ (Zeitüberschreitung beim Lesen)' });
  });
});
