import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { confirm, input, password as passwordPrompt, select } from '@inquirer/prompts';
import { COLLECTOR_VERSION } from '../collector-version';
import { ConfigError, parseConfig, type CollectorConfig } from '../config';
import type { LdapConnectionOptions } from '../ldap/ldap-session';
import { machineCode } from '../machine-code';
import { formatResult, type CheckResult } from '../setup/check-result';
import { diagnoseBind, diagnoseConnection, diagnoseServer, ldapTarget } from '../setup/diagnose';
import { checkSysvol } from '../setup/sysvol-check';
import { ApiClient } from '../upload/api-client';
import { activate } from './activate';

export interface SetupOptions {
  configFile: string;
  /** Given on the command line (install scripts) instead of asked. */
  ldapUrl?: string;
  account?: string;
  /** From BURGWALL_LDAP_PASSWORD: never on the command line. */
  password?: string;
  caFile?: string;
  /** false: never prompt, fail on the first problem (install scripts, tests). */
  interactive: boolean;
  print: (line: string) => void;
}

type RawConfig = Record<string, unknown> & { ldap?: Record<string, unknown>; sysvol?: Record<string, unknown> };

class SetupAborted extends Error {}

/** Windows has no smbclient: SYSVOL is read over the UNC path (the service's computer account may read it). */
function sysvolFor(host: string): Record<string, unknown> {
  return process.platform === 'win32' ? { mode: 'path', root: `\\\\${host}\\SYSVOL` } : { mode: 'smb' };
}

/**
 * `setup`: asks only what the server cannot know (DC, LDAPS/StartTLS, account, password), tests each answer right
 * away and explains failures in German with the fix, then writes the config and activates the collector.
 * Returns true when the collector is ready to run.
 */
export async function setup(options: SetupOptions): Promise<boolean> {
  const { print, interactive } = options;
  const report = (result: CheckResult) => print(formatResult(result));
  const configFile = path.resolve(options.configFile);
  let raw: RawConfig;
  try {
    raw = JSON.parse(await readFile(configFile, 'utf8')) as RawConfig;
  } catch (error) {
    throw new ConfigError(`Konfigurationsdatei ${configFile} nicht lesbar: ${(error as Error).message}. Bitte die Datei aus dem Installationspaket verwenden.`);
  }
  const previous = raw.ldap ?? {};
  print(`Burgwall Collector ${COLLECTOR_VERSION} – Einrichtung`);
  const giveUp = (what: string): never => {
    if (interactive) throw new SetupAborted();
    throw new SetupAborted(what);
  };

  let caPem: string | undefined;
  let caFile = options.caFile ?? (typeof previous.tlsCaFile === 'string' ? previous.tlsCaFile : undefined);
  const readCa = async () => {
    caPem = caFile ? await readFile(path.resolve(path.dirname(configFile), caFile), 'utf8') : undefined;
  };
  await readCa();

  // 1. Domain controller and transport: DNS, TCP, certificate.
  let url = options.ldapUrl ?? '';
  let startTls = url ? url.startsWith('ldap://') : false;
  for (;;) {
    if (!url) {
      if (!interactive) giveUp('Domänencontroller fehlt (--ldap-url ldaps://dc01.firma.local).');
      const previousHost = typeof previous.url === 'string' && previous.url ? ldapTarget(previous.url).host : undefined;
      const host = (await input({ message: 'Domänencontroller (DNS-Name, z. B. dc01.firma.local):', default: previousHost, validate: (value) => (/^[\w.-]+$/.test(value.trim()) ? true : 'Bitte nur den Namen oder die IP-Adresse, ohne ldap:// und ohne Leerzeichen.') })).trim();
      const transport = await select({
        message: 'Verschlüsselung:',
        choices: [
          { name: 'LDAPS (Port 636, empfohlen)', value: 'ldaps' },
          { name: 'StartTLS (Port 389)', value: 'starttls' },
        ],
      });
      url = transport === 'ldaps' ? `ldaps://${host}` : `ldap://${host}`;
      startTls = transport === 'starttls';
    }
    const connection: LdapConnectionOptions = { url, bindDn: '', password: '', startTls, tlsCaPem: caPem };
    if (await diagnoseConnection(connection, report)) break;
    if (!interactive) giveUp('Der Domänencontroller ist nicht erreichbar oder sein Zertifikat nicht vertrauenswürdig.');
    const useCa = ldapTarget(url).secure && (await confirm({ message: 'Zertifikat der Stammzertifizierungsstelle (PEM-Datei) angeben?', default: false }));
    if (useCa) {
      caFile = path.resolve((await input({ message: 'Pfad zur PEM-Datei:' })).trim());
      await readCa().catch((error: Error) => print(`✗ ${caFile} nicht lesbar: ${error.message}`));
    } else url = '';
  }

  // 2. Account and password: the bind and the DC's clock.
  let account = options.account ?? '';
  let secret = options.password ?? '';
  let ldap: LdapConnectionOptions;
  for (;;) {
    if (!account || !secret) {
      if (!interactive) giveUp('LDAP-Konto (--account) oder Passwort (Umgebungsvariable BURGWALL_LDAP_PASSWORD) fehlt.');
      account = (await input({ message: 'LDAP-Konto (benutzer@domäne, nur Leserechte nötig):', default: account || (typeof previous.bindDn === 'string' && previous.bindDn ? previous.bindDn : undefined), required: true })).trim();
      secret = await passwordPrompt({ message: 'Passwort:', mask: '*', validate: (value) => (value ? true : 'Bitte das Passwort eingeben.') });
    }
    ldap = { url, bindDn: account, password: secret, startTls, tlsCaPem: caPem };
    if (await diagnoseBind(ldap, report)) break;
    if (!interactive) giveUp('Die Anmeldung am Domänencontroller ist fehlgeschlagen.');
    secret = '';
  }

  // 3. Write the config, then SYSVOL with the settings the collection will use.
  raw.ldap = { ...previous, url, bindDn: account, password: secret, startTls, ...(caFile ? { tlsCaFile: caFile } : {}) };
  raw.sysvol = raw.sysvol?.mode === 'path' || raw.sysvol?.mode === 'none' ? raw.sysvol : sysvolFor(ldapTarget(url).host);
  let config: CollectorConfig = await parseConfig(raw, path.dirname(configFile));
  const sysvol = await checkSysvol(config.sysvol);
  report(sysvol);
  if (!sysvol.ok) {
    if (!interactive) giveUp('SYSVOL ist nicht lesbar.');
    if (!(await confirm({ message: 'Ohne SYSVOL fortfahren (Gruppenrichtlinien-Dateien werden dann nicht geprüft)?', default: false }))) throw new SetupAborted();
    raw.sysvol = { mode: 'none' };
    config = await parseConfig(raw, path.dirname(configFile));
  }
  await writeFile(configFile, `${JSON.stringify(raw, null, 2)}\n`, { mode: 0o600 });
  print(`Konfiguration gespeichert: ${configFile}`);

  // 4. Burgwall: server reachable, clocks, key; then activate.
  const api = new ApiClient({ serverUrl: config.serverUrl, clientId: config.clientId, apiKey: config.apiKey, collectorVersion: COLLECTOR_VERSION, machineCode: config.machineCode ?? machineCode() });
  if (!(await diagnoseServer(config.serverUrl, api, report))) giveUp('Der Burgwall-Server ist nicht erreichbar oder lehnt den Schlüssel ab.');
  await activate(config, api, print);
  print('Einrichtung abgeschlossen. Der Collector kann jetzt als Dienst laufen.');
  return true;
}

/** Runs the wizard; a refused step (non-interactive) or Ctrl+C ends with a German message and false. */
export async function runSetup(options: SetupOptions): Promise<boolean> {
  try {
    return await setup(options);
  } catch (error) {
    if (error instanceof SetupAborted) {
      options.print(error.message ? `Einrichtung abgebrochen: ${error.message}` : 'Einrichtung abgebrochen.');
      return false;
    }
    if (error instanceof Error && error.name === 'ExitPromptError') {
      options.print('Einrichtung abgebrochen.');
      return false;
    }
    throw error;
  }
}
