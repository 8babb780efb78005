import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { findScriptCredentials, type SysvolScript, type SysvolScripts } from '@burgwall/shared';
import { decodeText } from './text-decoding';

/** Script types Windows runs as logon/startup scripts (and admins keep in NETLOGON). */
export const SCRIPT_EXTENSIONS = ['.bat', '.cmd', '.ps1', '.vbs', '.kix'] as const;

export interface ScriptLimits {
  /** Bytes read per file; the rest of a larger file is not scanned (marked truncated). */
  perFileBytes: number;
  /** Bytes read over all scripts; scripts beyond it are not scanned (reported as readError). */
  totalBytes: number;
}

export const DEFAULT_SCRIPT_LIMITS: ScriptLimits = { perFileBytes: 256 * 1024, totalBytes: 32 * 1024 * 1024 };

/** Scripts with hits listed at most; more would only bloat the snapshot. */
const MAX_LISTED_SCRIPTS = 500;

/** A folder to scan, as path parts below the SYSVOL share root. */
export interface ScriptFolder {
  parts: string[];
  gpoId: string | null;
  /** NETLOGON must exist (a missing one is a read problem); a GPO's Scripts folder usually does not. */
  required: boolean;
}

/** The NETLOGON share is the 'scripts' folder of the domain's SYSVOL; GPOs keep theirs in Machine/User\Scripts. */
export function scriptFolders(dnsDomain: string, gpoFolders: { gpoId: string; parts: string[] }[]): ScriptFolder[] {
  return [
    { parts: [dnsDomain, 'scripts'], gpoId: null, required: true },
    ...gpoFolders.flatMap(({ gpoId, parts }) => [
      { parts: [...parts, 'Machine', 'Scripts'], gpoId, required: false },
      { parts: [...parts, 'User', 'Scripts'], gpoId, required: false },
    ]),
  ];
}

export const isScript = (name: string) => SCRIPT_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

/** Case-insensitive path resolution below root (SYSVOL paths come from AD in any case); null when a part is missing. */
export async function resolveCaseInsensitive(root: string, parts: string[]): Promise<string | null> {
  let current = root;
  for (const part of parts) {
    let names: string[];
    try {
      names = await readdir(current);
    } catch {
      return null;
    }
    const match = names.find((name) => name.toLowerCase() === part.toLowerCase());
    if (!match) return null;
    current = path.join(current, match);
  }
  return current;
}

async function listScripts(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listScripts(folder, relative)));
    else if (entry.isFile() && isScript(entry.name)) files.push(relative);
  }
  return files;
}

/** Reads at most `limit` bytes; returns them and whether the file was longer. */
async function readHead(file: string, limit: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, limit);
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await handle.read(bytes, 0, length, 0);
    return { bytes: bytes.subarray(0, bytesRead), truncated: size > limit };
  } finally {
    await handle.close();
  }
}

/**
 * Scans the script folders below a local SYSVOL root (a mount, the DC's own folder or the smbclient download) for
 * credentials. Only masked excerpts are kept: the secret never leaves this function.
 */
export async function scanSysvolScripts(root: string, folders: ScriptFolder[], limits: ScriptLimits = DEFAULT_SCRIPT_LIMITS): Promise<SysvolScripts> {
  const scripts: SysvolScript[] = [];
  const problems: string[] = [];
  let scannedFiles = 0;
  let bytesRead = 0;
  let overLimit = 0;
  for (const folder of folders) {
    const local = await resolveCaseInsensitive(root, folder.parts);
    const shown = folder.parts.join('/');
    if (!local) {
      if (folder.required) problems.push(`${shown}: Ordner nicht gefunden`);
      continue;
    }
    let files: string[];
    try {
      files = await listScripts(local);
    } catch (error) {
      problems.push(`${shown}: ${(error as Error).message}`);
      continue;
    }
    for (const file of files) {
      if (bytesRead >= limits.totalBytes) {
        overLimit += 1;
        continue;
      }
      try {
        const { bytes, truncated } = await readHead(path.join(local, file), Math.min(limits.perFileBytes, limits.totalBytes - bytesRead));
        bytesRead += bytes.length;
        scannedFiles += 1;
        const hits = findScriptCredentials(decodeText(bytes));
        if (hits.length > 0 && scripts.length < MAX_LISTED_SCRIPTS) scripts.push({ path: `${shown}/${file}`, gpoId: folder.gpoId, truncated, hits });
      } catch (error) {
        problems.push(`${shown}/${file}: ${(error as Error).message}`);
      }
    }
  }
  if (overLimit > 0) problems.push(`Gesamtgrenze von ${Math.round(limits.totalBytes / 1024 / 1024)} MB erreicht, ${overLimit} Skripte nicht geprüft`);
  return { scannedFiles, scripts, readError: problems.length > 0 ? problems.slice(0, 5).join('; ') : null };
}

export function unreadScripts(readError: string): SysvolScripts {
  return { scannedFiles: 0, scripts: [], readError };
}
