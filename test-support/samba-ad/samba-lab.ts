/**
 * Test/bench helper around this folder's up.sh/down.sh (README.md here): start a real Samba AD DC, read it back with
 * ldapsearch/smbclient (the independent reference the collector is compared with) and change it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { missingCommands } from '../require-dependency';

const exec = promisify(execFile);
/** This folder: up.sh and down.sh of the repository. */
export const SAMBA_AD_DIR = path.dirname(fileURLToPath(import.meta.url));
const UP = path.join(SAMBA_AD_DIR, 'up.sh');
const DOWN = path.join(SAMBA_AD_DIR, 'down.sh');

/** The Debian packages up.sh needs; keep in sync with up.sh and .ci/run. */
export const SAMBA_AD_PACKAGES = 'samba samba-ad-dc samba-ad-provision winbind smbclient ldap-utils openssl iproute2 util-linux procps';
/** The commands up.sh and the Samba tests call. */
const SAMBA_AD_COMMANDS = ['samba', 'samba-tool', 'winbindd', 'smbclient', 'ldapsearch', 'ldapadd', 'ldapmodify', 'openssl', 'ss', 'unshare'];

export interface Lab {
  dir: string;
  ip: string;
  baseDn: string;
  domainSid: string;
  realm: string;
  netbios: string;
  bindUpn: string;
  password: string;
  sysvolPath: string;
  dnsDomain: string;
}

/**
 * What a real DC needs and this machine lacks (root, the Samba/LDAP tools, samba-ad-provision's setup files), or
 * null when a DC can start here. Pass it to requireDependency (../require-dependency.ts).
 */
export function sambaLabMissing(env: NodeJS.ProcessEnv = process.env): string | null {
  if (process.getuid?.() !== 0) return 'root (a Samba AD DC must run as root; run the tests as root)';
  const commands = missingCommands(SAMBA_AD_COMMANDS, env);
  if (commands.length > 0) return `Samba AD DC tools: ${commands.join(', ')} not found on PATH (apt-get install ${SAMBA_AD_PACKAGES})`;
  if (!existsSync('/usr/share/samba/setup')) return 'samba-ad-provision: /usr/share/samba/setup not found (apt-get install samba-ad-provision)';
  return null;
}

/** Provisions a fresh DC in a new temp dir, or restarts an already provisioned `reuseDir` (LAB_REUSE=1). */
export async function startLab(ip: string, prefix: string, extraEnv: Record<string, string> = {}, reuseDir?: string): Promise<Lab> {
  const dir = reuseDir ?? (await mkdtemp(path.join(tmpdir(), prefix)));
  const { stdout } = await exec(UP, [dir], {
    env: { ...process.env, LAB_IP: ip, LAB_PREFORK_CHILDREN: '1', ...(reuseDir ? { LAB_REUSE: '1' } : {}), ...extraEnv },
    maxBuffer: 16 * 1024 * 1024,
  });
  const env = Object.fromEntries(
    stdout
      .split('\n')
      .map((line) => line.match(/^([A-Z_]+)=(.*)$/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => [m[1], (m[2] as string).replace(/^'(.*)'$/, '$1')]),
  ) as Record<string, string>;
  return {
    dir,
    ip,
    baseDn: env.LAB_BASE_DN as string,
    domainSid: env.LAB_DOMAIN_SID as string,
    realm: env.LAB_REALM as string,
    netbios: env.LAB_NETBIOS_DOMAIN as string,
    bindUpn: env.LAB_BIND_UPN as string,
    password: env.LAB_BIND_PASSWORD as string,
    sysvolPath: env.LAB_SYSVOL_PATH as string,
    dnsDomain: env.LAB_DNS_DOMAIN as string,
  };
}

export async function stopLab(lab: Lab | undefined): Promise<void> {
  if (!lab) return;
  await exec(DOWN, [lab.dir]).catch(() => undefined);
}

export async function sambaTool(lab: Lab, args: string[]): Promise<string> {
  const { stdout } = await exec('samba-tool', [...args, '-H', `ldap://${lab.ip}`, `-U${lab.bindUpn}%${lab.password}`], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

async function ldapTool(lab: Lab, tool: 'ldapadd' | 'ldapmodify', ldif: string, extra: string[] = []): Promise<void> {
  const file = path.join(lab.dir, `change-${Date.now()}-${Math.random().toString(36).slice(2)}.ldif`);
  await writeFile(file, ldif);
  await exec(tool, ['-x', '-H', `ldap://${lab.ip}`, '-D', lab.bindUpn, '-w', lab.password, '-f', file, ...extra], {
    maxBuffer: 64 * 1024 * 1024,
  });
}

export const ldapAdd = (lab: Lab, ldif: string) => ldapTool(lab, 'ldapadd', ldif);
export const ldapModify = (lab: Lab, ldif: string) => ldapTool(lab, 'ldapmodify', ldif);

/** One LDIF entry: attribute (lower case) -> values; base64 values ('attr::') stay base64 under 'attr::'. */
export type LdifEntry = { dn: string } & Record<string, string[]>;

export function parseLdif(text: string): LdifEntry[] {
  const entries: LdifEntry[] = [];
  for (const block of text.split(/\n\n+/)) {
    const lines = block.split('\n').filter((line) => line && !line.startsWith('#'));
    if (lines.length === 0) continue;
    let entry: LdifEntry | null = null;
    for (const line of lines) {
      const match = line.match(/^([^:]+)(::?) ?(.*)$/);
      if (!match) continue;
      const [, name, sep, value] = match as unknown as [string, string, string, string];
      const decoded = sep === '::' && name.toLowerCase() !== 'objectguid' && name.toLowerCase() !== 'objectsid' ? Buffer.from(value, 'base64').toString('utf8') : value;
      if (name.toLowerCase() === 'dn') {
        entry = { dn: decoded } as LdifEntry;
        continue;
      }
      if (!entry) continue;
      const key = sep === '::' && (name.toLowerCase() === 'objectguid' || name.toLowerCase() === 'objectsid') ? `${name.toLowerCase()}::` : name.toLowerCase();
      (entry[key] ??= []).push(decoded);
    }
    if (entry) entries.push(entry);
  }
  return entries;
}

/** Raw `ldapsearch` (paged, no referrals followed); returns the LDIF text. */
export async function ldapsearchRaw(lab: Lab, base: string, filter: string, attributes: string[], scope = 'sub'): Promise<string> {
  const { stdout } = await exec(
    'ldapsearch',
    ['-LLL', '-o', 'ldif-wrap=no', '-x', '-E', 'pr=1000/noprompt', '-H', `ldap://${lab.ip}`, '-D', lab.bindUpn, '-w', lab.password, '-s', scope, '-b', base, filter, ...attributes],
    { maxBuffer: 512 * 1024 * 1024 },
  );
  return stdout;
}

export async function ldapsearch(lab: Lab, base: string, filter: string, attributes: string[], scope = 'sub'): Promise<LdifEntry[]> {
  return parseLdif(await ldapsearchRaw(lab, base, filter, attributes, scope));
}

/** Runs smbclient commands against //ip/sysvol as Administrator. */
export async function smbclient(lab: Lab, commands: string): Promise<string> {
  const { stdout } = await exec('smbclient', [`//${lab.ip}/sysvol`, '-U', `${lab.netbios}\\Administrator%${lab.password}`, '-c', commands], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** The objectSid of a user or group, read with samba-tool (e.g. for an ACE in `samba-tool dsacl set --sddl`). */
export async function sidOf(lab: Lab, kind: 'user' | 'group', name: string): Promise<string> {
  const shown = await sambaTool(lab, [kind, 'show', name, '--attributes=objectSid']);
  const sid = shown.match(/objectSid: (S-1-[\d-]+)/)?.[1];
  if (!sid) throw new Error(`no objectSid for ${name}: ${shown}`);
  return sid;
}

/**
 * Replaces one attribute by writing the domain partition file directly (ldb without modules), past the checks of
 * samba's own modules — for states they refuse but real domains can hold (a duplicate or `$`-less sAMAccountName).
 * Needs Debian's /usr/bin/python3 with samba's bindings (README „Pitfalls“).
 */
export async function rawReplaceAttribute(lab: Lab, dn: string, attribute: string, value: string): Promise<void> {
  const partition = path.join(lab.dir, 'private', 'sam.ldb.d', `${lab.baseDn.toUpperCase()}.ldb`);
  await exec('/usr/bin/python3', [
    '-c',
    [
      'import ldb, sys',
      'db = ldb.Ldb(sys.argv[1], options=["modules:"])',
      'm = ldb.Message(); m.dn = ldb.Dn(db, sys.argv[2])',
      'm[sys.argv[3]] = ldb.MessageElement(sys.argv[4], ldb.FLAG_MOD_REPLACE, sys.argv[3])',
      'db.modify(m)',
    ].join('\n'),
    partition,
    dn,
    attribute,
    value,
  ]);
}
