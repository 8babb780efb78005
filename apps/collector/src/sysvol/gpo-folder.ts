import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GpoFiles } from '@burgwall/shared';
import { parseGptTmpl } from './gpt-tmpl';
import { parseRegistryPol } from './registry-pol';
import { decodeText } from './text-decoding';

/** All files below a folder as 'a/b/c' relative paths (SYSVOL is case-insensitive, so callers compare in lower case). */
async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(root, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

const GPT_TMPL = 'machine/microsoft/windows nt/secedit/gpttmpl.inf';
const MACHINE_POL = 'machine/registry.pol';
const USER_POL = 'user/registry.pol';
const PREFERENCES = /^(machine|user)\/preferences\/.+\.xml$/;

/** Reads GptTmpl.inf, both Registry.pol files and the Preferences XML of one GPO folder. */
export async function readGpoFolder(folder: string): Promise<GpoFiles> {
  let files: string[];
  try {
    files = await listFiles(folder);
  } catch (error) {
    return emptyFiles(`GPO-Ordner nicht lesbar: ${(error as Error).message}`);
  }
  const byLowerCase = new Map(files.map((file) => [file.toLowerCase(), file]));
  const problems: string[] = [];
  const read = async <T>(lower: string, parse: (buffer: Buffer) => T): Promise<T | null> => {
    const actual = byLowerCase.get(lower);
    if (!actual) return null;
    try {
      return parse(await readFile(path.join(folder, actual)));
    } catch (error) {
      problems.push(`${actual}: ${(error as Error).message}`);
      return null;
    }
  };
  const preferences: Record<string, string> = {};
  for (const file of files) {
    if (!PREFERENCES.test(file.toLowerCase())) continue;
    const text = await read(file.toLowerCase(), decodeText);
    if (text !== null) preferences[file] = text;
  }
  return {
    gptTmpl: await read(GPT_TMPL, parseGptTmpl),
    machineRegistryPol: (await read(MACHINE_POL, parseRegistryPol)) ?? [],
    userRegistryPol: (await read(USER_POL, parseRegistryPol)) ?? [],
    preferences,
    readError: problems.length > 0 ? problems.join('; ') : null,
  };
}

export function emptyFiles(readError: string | null): GpoFiles {
  return { gptTmpl: null, machineRegistryPol: [], userRegistryPol: [], preferences: {}, readError };
}
