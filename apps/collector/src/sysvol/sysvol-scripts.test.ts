import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSysvol } from './sysvol-source';
import { scanSysvolScripts, scriptFolders } from './sysvol-scripts';

const GPO = '{31B2F340-016D-11D2-945F-00C04FB984F9}';
const SECRET = 'Anm3ldung!Netz';
let root: string;

async function put(relative: string, content: string | Buffer) {
  const file = path.join(root, ...relative.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'burgwall-scripts-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('SYSVOL script scan', () => {
  it('reads NETLOGON (with subfolders, any case) and GPO Scripts folders, keeps only masked excerpts', async () => {
    await put('Lab.Example/Scripts/logon.BAT', `@echo off\r\nnet use Z: \\\\fs1\\daten ${SECRET} /user:LAB\\svc\r\n`);
    await put('Lab.Example/Scripts/clean.cmd', 'net use Z: \\\\fs1\\daten /persistent:no\r\n');
    await put('Lab.Example/Scripts/tools/setup.exe', `password=${SECRET}`);
    await put('Lab.Example/Scripts/tools/map.vbs', `objNet.MapNetworkDrive "Z:", "\\\\srv\\d", False, "LAB\\svc", "${SECRET}"`);
    // PowerShell ISE saves UTF-16LE with BOM.
    await put(`Lab.Example/Policies/${GPO}/Machine/Scripts/Startup/start.ps1`, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`$p = ConvertTo-SecureString "${SECRET}" -AsPlainText -Force`, 'utf16le')]));
    const { scripts, gpoFiles } = await readSysvol({ mode: 'path', root }, [{ gpoId: GPO, fileSysPath: `\\\\lab.example\\sysvol\\lab.example\\Policies\\${GPO}` }], 'lab.example');
    expect(gpoFiles.get(GPO)?.readError).toBeNull();
    expect(scripts.readError).toBeNull();
    expect(scripts.scannedFiles).toBe(4);
    expect(scripts.scripts.map((script) => [script.path, script.gpoId, script.hits.map((hit) => hit.line)])).toEqual([
      ['lab.example/scripts/logon.BAT', null, [2]],
      ['lab.example/scripts/tools/map.vbs', null, [1]],
      [`lab.example/Policies/${GPO}/Machine/Scripts/Startup/start.ps1`, GPO, [1]],
    ]);
    expect(scripts.scripts[0]?.hits[0]?.excerpt).toBe('net use Z: \\\\fs1\\daten A••••••••z /user:LAB\\svc');
    expect(JSON.stringify(scripts)).not.toContain(SECRET);
  });

  it('scans only the head of a large file and stops at the total limit, saying what was not scanned', async () => {
    await put('lab.example/scripts/a-big.bat', `${'rem fill\r\n'.repeat(200)}net use Z: \\\\fs\\d ${SECRET}\r\n`);
    await put('lab.example/scripts/b.bat', `net use Z: \\\\fs\\d ${SECRET}\r\n`);
    await put('lab.example/scripts/c.bat', `net use Z: \\\\fs\\d ${SECRET}\r\n`);
    const limited = await scanSysvolScripts(root, scriptFolders('lab.example', []), { perFileBytes: 1000, totalBytes: 1034 });
    // a-big.bat: first 1000 bytes only (the secret line is beyond), b.bat: its 34 bytes fit exactly, c.bat: not read.
    expect(limited.scannedFiles).toBe(2);
    expect(limited.scripts.map((script) => [script.path, script.truncated])).toEqual([['lab.example/scripts/b.bat', false]]);
    expect(limited.readError).toBe('Gesamtgrenze von 0 MB erreicht, 1 Skripte nicht geprüft');
  });

  it('reports a missing NETLOGON folder and an unconfigured SYSVOL as read errors, never as a clean result', async () => {
    const missing = await scanSysvolScripts(root, scriptFolders('lab.example', [{ gpoId: GPO, parts: ['lab.example', 'Policies', GPO] }]));
    expect(missing).toEqual({ scannedFiles: 0, scripts: [], readError: 'lab.example/scripts: Ordner nicht gefunden' });
    const none = await readSysvol({ mode: 'none' }, [], 'lab.example');
    expect(none.scripts.readError).toBe('SYSVOL-Zugriff ist nicht konfiguriert');
  });
});
