/**
 * Test/bench helper around ../shared/tools/samba-ad: start a real Samba AD DC, read it back with
 * ldapsearch/smbclient (the independent reference the collector is compared with) and change it.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
/** The lab scripts: $SAMBA_AD_TOOLS, else ../shared/tools/samba-ad next to the repository, else /work/shared/…. */
export const SAMBA_TOOLS =
  [
    process.env.SAMBA_AD_TOOLS,
    fileURLToPath(new URL('../../../../../shared/tools/samba-ad', import.meta.url)),
    '/work/shared/tools/samba-ad',
  ].find((dir): dir is string => Boolean(dir) && existsSync(path.join(dir as string, 'up.sh'))) ?? '/work/shared/tools/samba-ad';

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

/** Why a real DC cannot run here, or null when it can (root, samba, the lab scripts). */
export function labUnavailableReason(): string | null {
  if (process.getuid?.() !== 0) return 'not running as root (samba AD DC needs root)';
  if (!existsSync(path.join(SAMBA_TOOLS, 'up.sh'))) return `${SAMBA_TOOLS}/up.sh not found`;
  const samba = spawnSync('sh', ['-c', 'command -v samba && command -v samba-tool && command -v ldapsearch && command -v smbclient']);
  if (samba.status !== 0) return 'samba / samba-tool / ldapsearch / smbclient not installed (apt-get install samba samba-ad-dc smbclient ldap-utils)';
  return null;
}

/** Provisions a fresh DC in a new temp dir, or restarts an already provisioned `reuseDir` (LAB_REUSE=1). */
export async function startLab(ip: string, prefix: string, extraEnv: Record<string, string> = {}, reuseDir?: string): Promise<Lab> {
  const dir = reuseDir ?? (await mkdtemp(path.join(tmpdir(), prefix)));
  const { stdout } = await exec(path.join(SAMBA_TOOLS, 'up.sh'), [dir], {
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
  await exec(path.join(SAMBA_TOOLS, 'down.sh'), [lab.dir]).catch(() => undefined);
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
