import { findScriptCredentials } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot, gpo } from '../testing/fixtures';
import { run } from '../testing/run';
import { NO_SCRIPT_SCAN, sysvolScriptCredentials as check } from './sysvol-script-credentials';

const SECRET = 'Laufw3rk!2024';

describe('sysvol-script-credentials', () => {
  it('does not trigger when the scanned scripts hold no credentials', () => {
    const snapshot = cleanSnapshot();
    snapshot.sysvolScripts = { scannedFiles: 12, scripts: [], readError: null };
    expect(run(check, snapshot)).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers for a NETLOGON script and a GPO startup script, naming the GPO and showing the masked lines', () => {
    const snapshot = cleanSnapshot();
    const startup = gpo({ displayName: 'Startskripte Filialen' });
    snapshot.gpos.push(startup);
    // What the collector uploads: excerpts masked by the shared helper, never the secret.
    const logon = findScriptCredentials(`@echo off\r\nnet use Z: \\\\fs1\\daten ${SECRET} /user:LAB\\svc-share\r\n`);
    const ps = findScriptCredentials(`$pw = ConvertTo-SecureString "${SECRET}" -AsPlainText -Force`);
    snapshot.sysvolScripts = {
      scannedFiles: 3,
      readError: 'Gesamtgrenze von 32 MB erreicht, 2 Skripte nicht geprüft',
      scripts: [
        { path: 'test.local/scripts/logon.bat', gpoId: null, truncated: false, hits: logon },
        { path: `test.local/Policies/${startup.gpoId}/Machine/Scripts/Startup/setup.ps1`, gpoId: startup.gpoId, truncated: true, hits: ps },
      ],
    };
    const outcome = run(check, snapshot);
    expect(outcome.skippedReason).toBeNull();
    expect(outcome.affected.map((item) => [item.objectType, item.name])).toEqual([
      ['sysvol-file', 'test.local/scripts/logon.bat'],
      ['sysvol-file', `test.local/Policies/${startup.gpoId}/Machine/Scripts/Startup/setup.ps1`],
    ]);
    expect(outcome.affected[0]?.evidence).toBe('Anmeldeskript in NETLOGON: Zeile 2 (net use mit Kennwort): net use Z: \\\\fs1\\daten L••••••••4 /user:LAB\\svc-share');
    expect(outcome.affected[1]?.evidence).toContain('Skript der Gruppenrichtlinie „Startskripte Filialen“ (nur der Anfang der Datei wurde geprüft): Zeile 1 (ConvertTo-SecureString -AsPlainText');
    expect(outcome.affected[1]?.distinguishedName).toBe(startup.distinguishedName);
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
  });

  it('is skipped (Nicht geprüft) with the reason when scripts could not be read', () => {
    const snapshot = cleanSnapshot();
    snapshot.sysvolScripts = { scannedFiles: 0, scripts: [], readError: 'smbclient: NT_STATUS_ACCESS_DENIED' };
    expect(run(check, snapshot)).toEqual({ affected: [], skippedReason: 'Anmeldeskripte nicht vollständig lesbar: smbclient: NT_STATUS_ACCESS_DENIED' });
  });

  it('is skipped for snapshots of collectors that do not read scripts yet', () => {
    const snapshot = cleanSnapshot();
    delete snapshot.sysvolScripts;
    expect(run(check, snapshot)).toEqual({ affected: [], skippedReason: NO_SCRIPT_SCAN });
  });
});

describe('findScriptCredentials (collector side, masks before upload)', () => {
  const excerpts = (text: string) => findScriptCredentials(text).map((hit) => `${hit.line} ${hit.kind}: ${hit.excerpt}`);

  it('triggers on every credential pattern and masks every secret', () => {
    const script = [
      'net use \\\\srv\\share /user:LAB\\admin Geheim-123',
      'NET USE H: "\\\\srv\\home" "Mit Leer zeichen1" /USER:LAB\\svc',
      'New-PSDrive -Name X -Credential (New-Object PSCredential("svc", (ConvertTo-SecureString \'Ps-Geheim9\' -AsPlainText -Force)))',
      'Set-ADAccountPassword -Identity svc -NewPassword x -Password Klartext#1',
      'set DBPASSWORD=Db-Geheim77',
      'sqlcmd -S db1 -U sa -P x "Server=db1;User Id=sa;pwd=Sql-Geheim5;"',
      'cmdkey /add:srv /user:svc /pass:Cmd-Geheim3',
      'psexec \\\\pc1 -u admin -p Psx-Geheim4 cmd',
      'runas /savecred /user:LAB\\admin "cmd.exe"',
      'objNet.MapNetworkDrive "Z:", "\\\\srv\\daten", False, "LAB\\svc", "Vbs-Geheim6"',
      'use h: "\\\\srv\\home" /user:svc /password:Kix-Geheim8',
      '<Properties cpassword="j1Uyj3Vx8TY9LtLZ" userName="x"/>',
    ].join('\r\n');
    const hits = excerpts(script);
    expect(hits).toHaveLength(12);
    for (const secret of ['Geheim-123', 'Mit Leer zeichen1', 'Ps-Geheim9', 'Klartext#1', 'Db-Geheim77', 'Sql-Geheim5', 'Cmd-Geheim3', 'Psx-Geheim4', 'Vbs-Geheim6', 'Kix-Geheim8', 'j1Uyj3Vx8TY9LtLZ']) {
      expect(JSON.stringify(hits), secret).not.toContain(secret);
    }
    expect(hits[0]).toBe('1 net use mit Kennwort: net use \\\\srv\\share /user:LAB\\admin G••••••••3');
    expect(hits[8]).toBe('9 runas /savecred: runas /savecred /user:LAB\\admin "cmd.exe"');
  });

  it('does not trigger on variables, prompts, deletions and ordinary lines', () => {
    const script = [
      'net use Z: \\\\fs1\\daten /persistent:no',
      'net use * /delete /y',
      'net use Z: \\\\fs1\\daten %PASSWORD% /user:%USERNAME%',
      'net use Z: \\\\fs1\\daten * /user:LAB\\svc',
      '$cred = Get-Credential; New-PSDrive -Credential $cred',
      'ConvertTo-SecureString $plain -AsPlainText -Force',
      'Connect-Thing -Password $secret',
      'echo Bitte Kennwort eingeben',
      'set PASSWORD=',
      '$password = Read-Host -AsSecureString',
      '$Kennwort = [System.Web.Security.Membership]::GeneratePassword(16, 4)',
      'copy \\\\srv\\vorlagen\\*.dotx %APPDATA%\\Microsoft\\Templates',
    ].join('\n');
    expect(excerpts(script)).toEqual([]);
  });
});
