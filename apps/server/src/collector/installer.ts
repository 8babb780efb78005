import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { REPO_ROOT } from '../paths';
import { COLLECTOR_VERSION } from './collector-version';

export interface InstallerSettings {
  serverUrl: string;
  clientId: string;
  apiKey: string;
  /** Shown to the administrator who installs it (the collector itself ignores them). */
  clientName?: string;
  mode?: string;
}

/** Built executables and their download cache: not sources (and far too big for this zip). */
const NOT_SOURCES = new Set(['integration', 'node_modules', 'dist', '.cache']);

/** Files below dir (relative, '/'-separated), without tests, test helpers and build output. */
async function sourceFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!NOT_SOURCES.has(entry.name)) files.push(...(await sourceFiles(dir, relative)));
    }
    else if (entry.isFile() && !/\.test\.ts$/.test(entry.name)) files.push(relative);
  }
  return files;
}

const README = `Burgwall Collector ${COLLECTOR_VERSION}

Voraussetzungen: Node.js 20 oder neuer, smbclient (für SYSVOL) oder ein eingehängtes SYSVOL.

1. Entpacken, dann im Ordner: npm install --omit=dev
2. In burgwall-collector.json die LDAP-Verbindung (ldap.url, ldap.bindDn, ldap.password) eintragen.
3. Lizenz aktivieren:  node bin/burgwall-collector.js activate --config burgwall-collector.json
4. Starten:            node bin/burgwall-collector.js run --config burgwall-collector.json
   Test ohne Senden:   node bin/burgwall-collector.js collect --once --out snapshot.json --config burgwall-collector.json

Server-Adresse, Kunden-ID und Schlüssel sind bereits eingetragen. Der Schlüssel gehört nur zu diesem Kunden;
behandeln Sie die Datei wie ein Passwort.
`;

const SHARED_DIR = 'vendor/burgwall-shared';

/** The collector's package.json with the workspace dependency pointing at the bundled copy. */
export function installerPackageJson(text: string): string {
  const pkg = JSON.parse(text) as { dependencies?: Record<string, string> };
  pkg.dependencies = { ...pkg.dependencies, '@burgwall/shared': `file:${SHARED_DIR}` };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** The installer zip: collector sources, the shared package and a config prefilled with server URL, client id and key. */
export async function buildInstallerZip(settings: InstallerSettings): Promise<Buffer> {
  const zip = new JSZip();
  const root = zip.folder('burgwall-collector') as JSZip;
  // The shared package is not on a registry: ship it as a local 'file:' dependency so `npm install` works offline.
  for (const [from, to] of [
    ['apps/collector', ''],
    ['packages/shared', SHARED_DIR],
  ] as const) {
    const dir = path.join(REPO_ROOT, from);
    for (const file of await sourceFiles(dir)) {
      let content = await readFile(path.join(dir, file));
      if (!to && file === 'package.json') content = Buffer.from(installerPackageJson(content.toString('utf8')));
      root.file(to ? `${to}/${file}` : file, content);
    }
  }
  const config = {
    serverUrl: settings.serverUrl,
    clientId: settings.clientId,
    clientName: settings.clientName,
    mode: settings.mode,
    apiKey: settings.apiKey,
    ldap: { url: 'ldaps://dc01.example.local', bindDn: 'svc-burgwall@example.local', password: '', startTls: false },
    sysvol: { mode: 'smb' },
    stateDir: './state',
  };
  root.file('burgwall-collector.json', `${JSON.stringify(config, null, 2)}\n`, { unixPermissions: 0o600 });
  root.file('LIESMICH.txt', README);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
}
