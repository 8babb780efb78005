import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { INSTALLER_COMMANDS, INSTALLER_FILES, INSTALLER_FOLDER } from '@burgwall/shared';
import { ProblemError } from '../http/problem';
import { REPO_ROOT } from '../paths';
import { COLLECTOR_VERSION } from './collector-version';
import { concatZips, zipOf } from './zip-concat';

export interface InstallerSettings {
  serverUrl: string;
  clientId: string;
  apiKey: string;
  /** Shown to the administrator who installs it (the collector itself ignores them). */
  clientName?: string;
  mode?: string;
}

const COLLECTOR_DIR = path.join(REPO_ROOT, 'apps/collector');
/** Built by `npm run build -w @burgwall/collector` (apps/collector/scripts/build-executables.mjs). */
const BUILT = path.join(COLLECTOR_DIR, 'dist');

/** Where each fixed file of the zip comes from; the config is made per download. */
const FIXED_FILES: Record<string, { from: string; executable: boolean }> = {
  'burgwall-collector.exe': { from: path.join(BUILT, 'burgwall-collector.exe'), executable: true },
  'burgwall-collector-service.exe': { from: path.join(BUILT, 'burgwall-collector-service.exe'), executable: true },
  'burgwall-collector': { from: path.join(BUILT, 'burgwall-collector-linux-x64'), executable: true },
  'install.ps1': { from: path.join(COLLECTOR_DIR, 'installer/install.ps1'), executable: false },
  'install.sh': { from: path.join(COLLECTOR_DIR, 'installer/install.sh'), executable: true },
};
const CONFIG_FILE = 'burgwall-collector.json';

/** The built executables of the zip and where this server reads them (GET /saas/services/executables hashes them). */
export const COLLECTOR_EXECUTABLES = (['burgwall-collector.exe', 'burgwall-collector-service.exe', 'burgwall-collector'] as const).map((name) => ({
  name,
  from: FIXED_FILES[name]!.from,
  system: name.endsWith('.exe') ? ('Windows' as const) : ('Linux' as const),
}));
const README_FILE = 'LIESMICH.txt';

/** LIESMICH.txt: the template with version, file list and the install commands of the download pages. */
export async function installerReadme(): Promise<string> {
  const template = await readFile(path.join(COLLECTOR_DIR, 'installer/LIESMICH.txt'), 'utf8');
  const files = INSTALLER_FILES.map((file) => `  ${file.name.padEnd(32)}${file.description} (${file.system})`).join('\n');
  return template
    .replace('{{VERSION}}', COLLECTOR_VERSION)
    .replace('{{FILES}}', files)
    .replace('{{WINDOWS_COMMAND}}', INSTALLER_COMMANDS.Windows)
    .replace('{{LINUX_COMMAND}}', INSTALLER_COMMANDS.Linux)
    .replace(/\r?\n/g, '\r\n'); // Notepad on older Windows shows LF-only text as one line
}

/**
 * The part every client's zip shares (executables ~170 MB): compressed once per build and kept in memory (~65 MB), so
 * a download only adds its config (zip-concat.ts).
 */
let baseZip: { stamp: string; zip: Promise<Buffer> } | undefined;

async function buildStamp(): Promise<string> {
  const times = await Promise.all(
    Object.entries(FIXED_FILES).map(async ([name, { from }]) => {
      try {
        return (await stat(from)).mtimeMs;
      } catch {
        throw new ProblemError(
          503,
          `Das Installationspaket ist auf diesem Server nicht vollständig (${name} fehlt). Der Betreiber muss den Collector mit „npm run build -w @burgwall/collector“ bauen.`,
        );
      }
    }),
  );
  return times.join(':');
}

/** Compressed with Node's native zlib: JSZip's JavaScript deflate needs minutes for the ~170 MB. */
async function compressBase(): Promise<Buffer> {
  const entries = await Promise.all(
    Object.entries(FIXED_FILES).map(async ([name, { from, executable }]) => ({
      name: `${INSTALLER_FOLDER}/${name}`,
      content: await readFile(from),
      mode: executable ? 0o100755 : 0o100644,
    })),
  );
  entries.push({ name: `${INSTALLER_FOLDER}/${README_FILE}`, content: Buffer.from(await installerReadme()), mode: 0o100644 });
  return zipOf(entries);
}

async function sharedPart(): Promise<Buffer> {
  const stamp = await buildStamp();
  if (baseZip?.stamp !== stamp) {
    const zip = compressBase();
    baseZip = { stamp, zip };
    zip.catch(() => {
      if (baseZip?.zip === zip) baseZip = undefined;
    });
  }
  return baseZip.zip;
}

/** The prefilled config: server, client and key; the LDAP part is completed by `burgwall-collector setup`. */
export function installerConfig(settings: InstallerSettings): string {
  const config = {
    serverUrl: settings.serverUrl,
    clientId: settings.clientId,
    clientName: settings.clientName,
    mode: settings.mode,
    apiKey: settings.apiKey,
    ldap: { url: '', bindDn: '', password: '', startTls: false },
    sysvol: { mode: 'smb' },
    stateDir: './state',
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The installer zip (INSTALLER_FILES in @burgwall/shared): executables, install scripts, LIESMICH.txt and the config. */
export async function buildInstallerZip(settings: InstallerSettings): Promise<Buffer> {
  const config = await zipOf([{ name: `${INSTALLER_FOLDER}/${CONFIG_FILE}`, content: Buffer.from(installerConfig(settings)), mode: 0o100600 }]);
  return concatZips(await sharedPart(), config);
}
