import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { LdapConnectionOptions } from './ldap/ldap-session';
import type { SysvolConfig } from './sysvol/sysvol-source';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'muss eine UUID in Kleinbuchstaben sein');

const configFileSchema = z.object({
  serverUrl: z.url({ protocol: /^https?$/, error: 'muss eine http(s)-URL sein' }),
  clientId: uuid,
  apiKey: z.string().regex(/^bwc_[A-Za-z0-9_-]{43}$/, 'muss ein Collector-Schlüssel (bwc_…) sein'),
  ldap: z.object({
    url: z.string().regex(/^ldaps?:\/\/[^/\s]+$/i, 'muss ldap://host[:port] oder ldaps://host[:port] sein'),
    bindDn: z.string().min(1, 'darf nicht leer sein'),
    password: z.string().min(1, 'darf nicht leer sein'),
    startTls: z.boolean().default(false),
    tlsRejectUnauthorized: z.boolean().default(true),
    tlsCaFile: z.string().optional(),
    pageSize: z.number().int().min(10).max(5000).default(1000),
  }),
  sysvol: z
    .discriminatedUnion('mode', [
      z.object({ mode: z.literal('none') }),
      z.object({ mode: z.literal('path'), root: z.string().min(1) }),
      z.object({
        mode: z.literal('smb'),
        host: z.string().optional(),
        share: z.string().default('sysvol'),
        username: z.string().optional(),
        password: z.string().optional(),
        domain: z.string().optional(),
        smbclientPath: z.string().default('smbclient'),
      }),
    ])
    .default({ mode: 'smb', share: 'sysvol', smbclientPath: 'smbclient' }),
  /** Local state (last seen values, highest USN) and the upload spool; relative to the config file. */
  stateDir: z.string().default('./state'),
  /** Overrides the machine code derived from the host (e.g. for containers with changing host ids). */
  machineCode: z.string().optional(),
  changeBatchSize: z.number().int().min(1).max(50_000).optional(),
});

export interface CollectorConfig {
  serverUrl: string;
  clientId: string;
  apiKey: string;
  ldap: LdapConnectionOptions;
  sysvol: SysvolConfig;
  stateDir: string;
  machineCode: string | undefined;
  changeBatchSize: number | undefined;
}

export class ConfigError extends Error {}

/** 'user@REALM' -> user + REALM; 'DOMAIN\user' -> user + DOMAIN; DNs need explicit SMB credentials. */
export function smbIdentityOf(bindDn: string): { username: string; domain: string } | null {
  const upn = bindDn.match(/^([^@\\=,]+)@([^@\\=,]+)$/);
  if (upn) return { username: upn[1] as string, domain: upn[2] as string };
  const legacy = bindDn.match(/^([^\\=,]+)\\([^\\=,]+)$/);
  if (legacy) return { username: legacy[2] as string, domain: legacy[1] as string };
  return null;
}

/**
 * Validates a parsed config file; relative paths resolve against `baseDir`. Messages name the field.
 * BURGWALL_STATE_DIR (set by the systemd unit and the Windows service) wins over `stateDir`: the installed config
 * lives in a read-only place (/etc/burgwall, %ProgramFiles%), the state belongs to /var/lib or %ProgramData%.
 */
export async function parseConfig(raw: unknown, baseDir: string, env: NodeJS.ProcessEnv = process.env): Promise<CollectorConfig> {
  const result = configFileSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(Datei)'}: ${issue.message}`);
    throw new ConfigError(`Ungültige Konfiguration – ${problems.join('; ')}`);
  }
  const file = result.data;
  const ldapHost = new URL(file.ldap.url).hostname;
  let sysvol: SysvolConfig;
  if (file.sysvol.mode === 'smb') {
    const identity = smbIdentityOf(file.ldap.bindDn);
    const username = file.sysvol.username ?? identity?.username;
    const domain = file.sysvol.domain ?? identity?.domain;
    if (!username || !domain) {
      throw new ConfigError('Ungültige Konfiguration – sysvol.username/sysvol.domain fehlen (ldap.bindDn ist ein DN, kein benutzer@domäne)');
    }
    sysvol = {
      mode: 'smb',
      host: file.sysvol.host ?? ldapHost,
      share: file.sysvol.share,
      username,
      password: file.sysvol.password ?? file.ldap.password,
      domain,
      smbclientPath: file.sysvol.smbclientPath,
    };
  } else if (file.sysvol.mode === 'path') {
    sysvol = { mode: 'path', root: path.resolve(baseDir, file.sysvol.root) };
  } else sysvol = { mode: 'none' };
  return {
    serverUrl: file.serverUrl.replace(/\/+$/, ''),
    clientId: file.clientId,
    apiKey: file.apiKey,
    ldap: {
      url: file.ldap.url,
      bindDn: file.ldap.bindDn,
      password: file.ldap.password,
      startTls: file.ldap.startTls,
      tlsRejectUnauthorized: file.ldap.tlsRejectUnauthorized,
      tlsCaPem: file.ldap.tlsCaFile ? await readFile(path.resolve(baseDir, file.ldap.tlsCaFile), 'utf8') : undefined,
      pageSize: file.ldap.pageSize,
    },
    sysvol,
    stateDir: env.BURGWALL_STATE_DIR ? path.resolve(env.BURGWALL_STATE_DIR) : path.resolve(baseDir, file.stateDir),
    machineCode: file.machineCode,
    changeBatchSize: file.changeBatchSize,
  };
}

export async function loadConfig(file: string): Promise<CollectorConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`Konfigurationsdatei ${file} nicht lesbar: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Konfigurationsdatei ${file} ist kein gültiges JSON: ${(error as Error).message}`);
  }
  return parseConfig(raw, path.dirname(path.resolve(file)));
}
