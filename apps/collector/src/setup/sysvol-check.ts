import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SysvolConfig } from '../sysvol/sysvol-source';
import { failed, passed, type CheckResult } from './check-result';

const run = promisify(execFile);
const STEP = 'SYSVOL';

/** SYSVOL lists (the GPO files come from there): over SMB with smbclient, or a mounted/UNC path. */
export async function checkSysvol(config: SysvolConfig): Promise<CheckResult> {
  if (config.mode === 'none') return passed(STEP, 'nicht konfiguriert (Gruppenrichtlinien-Dateien werden nicht gelesen)');
  if (config.mode === 'path') {
    try {
      const names = await readdir(config.root);
      return passed(STEP, `${config.root} lesbar (${names.length} Einträge)`);
    } catch (error) {
      return failed(STEP, `${config.root} ist nicht lesbar (${(error as NodeJS.ErrnoException).code ?? 'Fehler'}).`, 'Pfad prüfen (z. B. \\\\dc01.firma.local\\SYSVOL) und dem Dienstkonto Leserecht geben; das Computerkonto eines Domänenmitglieds darf SYSVOL lesen.');
    }
  }
  const temp = await mkdtemp(path.join(tmpdir(), 'burgwall-doctor-'));
  try {
    const auth = path.join(temp, 'auth');
    await writeFile(auth, `username=${config.username}\npassword=${config.password}\ndomain=${config.domain}\n`, { mode: 0o600 });
    await run(config.smbclientPath, [`//${config.host}/${config.share}`, '-A', auth, '-c', 'ls'], { timeout: 30_000 });
    return passed(STEP, `\\\\${config.host}\\${config.share} lesbar`);
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string; stdout?: string };
    if (failure.code === 'ENOENT') {
      return failed(STEP, `${config.smbclientPath} ist nicht installiert.`, 'smbclient installieren (Debian/Ubuntu: apt install smbclient, RHEL: dnf install samba-client).');
    }
    const detail = `${failure.stderr ?? ''}${failure.stdout ?? ''}`.trim().split('\n').pop() ?? failure.message;
    return failed(
      STEP,
      `\\\\${config.host}\\${config.share} ist nicht lesbar: ${detail}`,
      'TCP 445 zum Domänencontroller freigeben und prüfen, ob das LDAP-Konto SYSVOL lesen darf (Standard: alle authentifizierten Benutzer).',
    );
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
