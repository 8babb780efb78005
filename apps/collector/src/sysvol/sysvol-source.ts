import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GpoFiles, SysvolScripts } from '@burgwall/shared';
import { emptyFiles, readGpoFolder } from './gpo-folder';
import { resolveCaseInsensitive, SCRIPT_EXTENSIONS, scanSysvolScripts, scriptFolders, unreadScripts } from './sysvol-scripts';

const run = promisify(execFile);

export type SysvolConfig =
  | { mode: 'none' }
  /** root = the SYSVOL share root (holds '<dns domain>/Policies'), e.g. a cifs mount or C:\Windows\SYSVOL\sysvol. */
  | { mode: 'path'; root: string }
  | { mode: 'smb'; host: string; share: string; username: string; password: string; domain: string; smbclientPath: string };

export interface GpoLocation {
  /** The GPO's '{GUID}' folder name. */
  gpoId: string;
  /** gPCFileSysPath, '\\lab.example\sysvol\lab.example\Policies\{GUID}'. */
  fileSysPath: string | null;
}

/** Path below the share root: '\\host\share\a\b' -> ['a','b']; falls back to '<domain>/Policies/{GUID}'. */
export function pathInsideShare(location: GpoLocation, dnsDomain: string): string[] {
  const parts = (location.fileSysPath ?? '').split(/[\\/]+/).filter(Boolean);
  if (parts.length >= 3) return parts.slice(2);
  return [dnsDomain, 'Policies', location.gpoId];
}

/** What one SYSVOL read yields: the GPO files by gpoId and the scan of the logon/startup scripts. */
export interface SysvolRead {
  gpoFiles: Map<string, GpoFiles>;
  scripts: SysvolScripts;
}

async function readFromRoot(root: string, locations: GpoLocation[], dnsDomain: string): Promise<SysvolRead> {
  const gpoFiles = new Map<string, GpoFiles>();
  for (const location of locations) {
    const folder = await resolveCaseInsensitive(root, pathInsideShare(location, dnsDomain));
    gpoFiles.set(location.gpoId, folder ? await readGpoFolder(folder) : emptyFiles('GPO-Ordner im SYSVOL nicht gefunden'));
  }
  const gpoFolders = locations.map((location) => ({ gpoId: location.gpoId, parts: pathInsideShare(location, dnsDomain) }));
  const scripts = await scanSysvolScripts(root, scriptFolders(dnsDomain, gpoFolders));
  return { gpoFiles, scripts };
}

/**
 * Downloads the GPO folders and the scripts of the NETLOGON folder with one `smbclient` run (the pure-JS SMB clients fail against a DC's
 * mandatory signing) into a temporary folder, then reads them like a mounted SYSVOL.
 */
async function readOverSmb(config: Extract<SysvolConfig, { mode: 'smb' }>, locations: GpoLocation[], dnsDomain: string): Promise<SysvolRead> {
  const temp = await mkdtemp(path.join(tmpdir(), 'burgwall-sysvol-'));
  try {
    const authFile = path.join(temp, 'auth');
    // An auth file keeps the password out of the process list.
    await writeFile(authFile, `username=${config.username}\npassword=${config.password}\ndomain=${config.domain}\n`, { mode: 0o600 });
    const root = path.join(temp, 'share');
    const commands = ['prompt OFF', 'recurse ON'];
    for (const location of locations) {
      const inside = pathInsideShare(location, dnsDomain);
      const local = path.join(root, ...inside);
      await mkdir(local, { recursive: true });
      commands.push(`lcd "${local}"`, `cd "/${inside.join('/')}"`, 'mget *');
    }
    // NETLOGON holds installers and tools too: fetch only the script types (the mask filters files, mget * recurses).
    const netlogon = path.join(root, dnsDomain, 'scripts');
    await mkdir(netlogon, { recursive: true });
    commands.push(`lcd "${netlogon}"`, `cd "/${dnsDomain}/scripts"`);
    for (const extension of SCRIPT_EXTENSIONS) commands.push(`mask *${extension}`, 'mget *');
    let smbError: string | null = null;
    try {
      await run(config.smbclientPath, [`//${config.host}/${config.share}`, '-A', authFile, '-c', commands.join('; ')], {
        maxBuffer: 64 * 1024 * 1024,
        timeout: 300_000,
      });
    } catch (error) {
      const detail = (error as { stderr?: string; stdout?: string }).stderr || (error as { stdout?: string }).stdout || String(error);
      smbError = `smbclient: ${detail.trim().split('\n').slice(-3).join(' ')}`;
    }
    const { gpoFiles: files, scripts } = await readFromRoot(root, locations, dnsDomain);
    if (smbError) {
      for (const [gpoId, gpoFiles] of files) {
        const nothing = !gpoFiles.gptTmpl && gpoFiles.machineRegistryPol.length === 0 && Object.keys(gpoFiles.preferences).length === 0;
        if (nothing) files.set(gpoId, { ...gpoFiles, readError: smbError });
      }
    }
    // Any smbclient failure may have left scripts behind: then the script scan is incomplete, never "kein Befund".
    return { gpoFiles: files, scripts: smbError ? { ...scripts, readError: [scripts.readError, smbError].filter(Boolean).join('; ') } : scripts };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** GPO files by gpoId and the script scan, from wherever the config says SYSVOL is. */
export async function readSysvol(config: SysvolConfig, locations: GpoLocation[], dnsDomain: string): Promise<SysvolRead> {
  if (config.mode === 'none') {
    const reason = 'SYSVOL-Zugriff ist nicht konfiguriert';
    return { gpoFiles: new Map(locations.map((l) => [l.gpoId, emptyFiles(reason)])), scripts: unreadScripts(reason) };
  }
  if (config.mode === 'path') return readFromRoot(config.root, locations, dnsDomain);
  return readOverSmb(config, locations, dnsDomain);
}
