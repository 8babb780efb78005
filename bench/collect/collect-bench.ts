/**
 * Collection time of the collector against a Samba AD DC seeded with many users, side by side with a raw
 * `ldapsearch` dump of the same searches and attributes in the same run.
 *
 *   sudo npx tsx bench/collect/collect-bench.ts [--users 5000] [--rounds 5] [--ip 127.0.0.4] [--keep] [--reuse DIR]
 *
 * Seeding 5,000 users through ldapadd takes about 10 minutes on 2 cores: --keep leaves the seeded DC's
 * directory (stopped) for a later `--reuse DIR`, which only restarts it.
 * Prints a markdown table (medians of the rounds). Needs root, samba, ldap-utils and smbclient.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { parseArgs } from '../../apps/collector/src/args';
import { collectChanges } from '../../apps/collector/src/changes/collect-changes';
import { emptyState } from '../../apps/collector/src/changes/state-store';
import { trackChanges } from '../../apps/collector/src/changes/track-changes';
import { trackedObjectsOf } from '../../apps/collector/src/changes/tracked-values';
import * as A from '../../apps/collector/src/directory/attributes';
import { collectSnapshot } from '../../apps/collector/src/directory/collect-snapshot';
import type { LdapConnectionOptions } from '../../apps/collector/src/ldap/ldap-session';
import * as L from '../../test-support/samba-ad/samba-lab';

const exec = promisify(execFile);
const { options } = parseArgs(['bench', ...process.argv.slice(2)]);
const USERS = Number(options.users ?? 5000);
const ROUNDS = Number(options.rounds ?? 5);
const IP = String(options.ip ?? '127.0.0.4');
const KEEP = options.keep === true;
const REUSE = typeof options.reuse === 'string' ? options.reuse : undefined;
const GROUPS = Math.max(10, Math.round(USERS / 20));
const COMPUTERS = Math.max(10, Math.round(USERS / 10));

function seedLdif(baseDn: string): string {
  const ou = `OU=Bench,${baseDn}`;
  const blocks = [`dn: ${ou}\nobjectClass: organizationalUnit\nou: Bench\n`];
  for (let i = 0; i < USERS; i++) {
    blocks.push(
      `dn: CN=Bench User ${i},${ou}\nobjectClass: user\nsAMAccountName: bu${i}\nuserPrincipalName: bu${i}@lab.example\n` +
        `displayName: Bench User ${i}\ngivenName: Bench\nsn: User ${i}\nmail: bu${i}@lab.example\ndescription: Abteilung ${i % 37}\n` +
        (i % 50 === 0 ? `servicePrincipalName: HTTP/app${i}.lab.example\n` : ''),
    );
  }
  for (let g = 0; g < GROUPS; g++) {
    const members = Array.from({ length: 20 }, (_, k) => `member: CN=Bench User ${(g * 20 + k) % USERS},${ou}`).join('\n');
    blocks.push(`dn: CN=Bench Group ${g},${ou}\nobjectClass: group\nsAMAccountName: bg${g}\ngroupType: -2147483646\n${members}\n`);
  }
  for (let c = 0; c < COMPUTERS; c++) {
    blocks.push(
      `dn: CN=BENCHPC${c},${ou}\nobjectClass: computer\nsAMAccountName: BENCHPC${c}$\nuserAccountControl: 4096\n` +
        `dNSHostName: benchpc${c}.lab.example\noperatingSystem: Windows 11 Enterprise\noperatingSystemVersion: 10.0 (22631)\n`,
    );
  }
  return blocks.join('\n');
}

/** The collector's searches as ldapsearch command lines (same bases, filters, attributes, paging, SD control). */
function ldapsearchJobs(lab: L.Lab): string[][] {
  const base = lab.baseDn;
  const system = `CN=System,${base}`;
  const sd = ['-E', '1.2.840.113556.1.4.801=::MAMCAQc=']; // SD flags: owner|group|dacl
  const job = (searchBase: string, scope: string, filter: string, attributes: readonly string[], extra: string[] = []) => [
    '-LLL', '-o', 'ldif-wrap=no', '-x', '-E', 'pr=1000/noprompt', ...extra,
    '-H', `ldap://${lab.ip}`, '-D', lab.bindUpn, '-w', lab.password, '-s', scope, '-b', searchBase, filter, ...attributes,
  ];
  return [
    job(base, 'base', '(objectClass=*)', A.DOMAIN_ATTRIBUTES, sd),
    job(base, 'sub', '(&(objectClass=user)(!(objectClass=computer)))', A.USER_ATTRIBUTES),
    job(base, 'sub', '(objectClass=computer)', A.COMPUTER_ATTRIBUTES),
    job(base, 'sub', '(objectClass=group)', A.GROUP_ATTRIBUTES),
    job(base, 'sub', '(objectClass=organizationalUnit)', A.OU_ATTRIBUTES),
    job(`CN=Policies,${system}`, 'sub', '(objectClass=groupPolicyContainer)', A.GPO_ATTRIBUTES),
    job(system, 'sub', '(objectClass=trustedDomain)', A.TRUST_ATTRIBUTES),
    job(system, 'sub', '(objectClass=msDS-PasswordSettings)', A.PSO_ATTRIBUTES),
    job(`CN=AdminSDHolder,${system}`, 'base', '(objectClass=*)', A.ADMIN_SD_HOLDER_ATTRIBUTES, sd),
    job(base, 'sub', '(&(objectClass=user)(adminCount=1))', ['nTSecurityDescriptor'], sd),
  ];
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return [Number(process.hrtime.bigint() - start) / 1e6, value];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main(): Promise<void> {
  const unavailable = L.sambaLabMissing();
  if (unavailable) throw new Error(`cannot run, missing: ${unavailable}`);
  console.error(`[bench] starting Samba AD DC on ${IP}`);
  const lab = await L.startLab(IP, 'samba-issue-4-bench-', {}, REUSE);
  try {
    let seedMs = 0;
    if (!REUSE) {
      [seedMs] = await time(() => L.ldapAdd(lab, seedLdif(lab.baseDn)));
      console.error(`[bench] seeded ${USERS} users, ${GROUPS} groups, ${COMPUTERS} computers in ${(seedMs / 1000).toFixed(1)} s`);
    }
    const ldap: LdapConnectionOptions = { url: `ldap://${lab.ip}`, bindDn: lab.bindUpn, password: lab.password };
    const smb = { mode: 'smb', host: lab.ip, share: 'sysvol', username: 'Administrator', password: lab.password, domain: lab.netbios, smbclientPath: 'smbclient' } as const;
    const jobs = ldapsearchJobs(lab);

    const sequential: number[] = [];
    const parallel: number[] = [];
    const collectorLdap: number[] = [];
    const collectorFull: number[] = [];
    let bytes = 0;
    let counts = '';
    // Warm-up (DC caches), then alternate the contenders in every round.
    await collectSnapshot(ldap, { mode: 'none' }, 'bench');
    for (let round = 0; round < ROUNDS; round++) {
      const [seqMs] = await time(async () => {
        bytes = 0;
        for (const args of jobs) bytes += (await exec('ldapsearch', args, { maxBuffer: 1024 * 1024 * 1024 })).stdout.length;
      });
      sequential.push(seqMs);
      const [parMs] = await time(() => Promise.all(jobs.map((args) => exec('ldapsearch', args, { maxBuffer: 1024 * 1024 * 1024 }))));
      parallel.push(parMs);
      const [ldapMs, result] = await time(() => collectSnapshot(ldap, { mode: 'none' }, 'bench'));
      collectorLdap.push(ldapMs);
      const [fullMs] = await time(() => collectSnapshot(ldap, smb, 'bench'));
      collectorFull.push(fullMs);
      const s = result.snapshot;
      counts = `${s.users.length} users, ${s.groups.length} groups, ${s.computers.length} computers, ${s.organizationalUnits.length} OUs, ${s.gpos.length} GPOs`;
      console.error(`[bench] round ${round + 1}: ldapsearch seq ${seqMs.toFixed(0)} ms, par ${parMs.toFixed(0)} ms, collector LDAP ${ldapMs.toFixed(0)} ms, +SYSVOL ${fullMs.toFixed(0)} ms`);
    }

    // Incremental: baseline state, then 100 changed descriptions.
    const { read, snapshot } = await collectSnapshot(ldap, { mode: 'none' }, 'bench');
    const baseline = trackChanges(emptyState(), trackedObjectsOf(read), { highestUsn: snapshot.highestUsn, now: new Date(), complete: true }).state;
    const [idleMs, idle] = await time(() => collectChanges(ldap, baseline));
    const stamp = Date.now();
    const ldif = Array.from({ length: 100 }, (_, i) => `dn: CN=Bench User ${i * 7},OU=Bench,${lab.baseDn}\nchangetype: modify\nreplace: description\ndescription: Neu ${stamp} ${i}\n`).join('\n');
    await L.ldapModify(lab, ldif);
    const [incMs, inc] = await time(() => collectChanges(ldap, idle.state));

    const best = Math.min(median(sequential), median(parallel));
    const rows = [
      ['raw ldapsearch, the 10 searches one after another', median(sequential), sequential],
      ['raw ldapsearch, the 10 searches in parallel', median(parallel), parallel],
      ['collector, LDAP → validated snapshot', median(collectorLdap), collectorLdap],
      ['collector, LDAP + SYSVOL (smbclient) → validated snapshot', median(collectorFull), collectorFull],
    ] as const;
    const seeded = REUSE ? 'reused seeded DC' : `seeding via ldapadd ${(seedMs / 1000).toFixed(1)} s`;
    console.log(`\nDC: Samba 4.17 on ${IP}; ${counts}; LDIF dump ${(bytes / 1024 / 1024).toFixed(1)} MB; ${seeded}; ${ROUNDS} rounds; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}.\n`);
    console.log('| what | median | fastest round | ratio to fastest ldapsearch (median) |\n|---|---|---|---|');
    for (const [name, ms, all] of rows) console.log(`| ${name} | ${ms.toFixed(0)} ms | ${Math.min(...all).toFixed(0)} ms | ${(ms / best).toFixed(2)}× |`);
    console.log(`| incremental, no changes (${idle.changes.length} change records) | ${idleMs.toFixed(0)} ms | – |`);
    console.log(`| incremental, 100 users changed (${inc.changes.length} change records) | ${incMs.toFixed(0)} ms | – |`);
  } finally {
    await L.stopLab(lab);
    if (KEEP || REUSE) console.error(`[bench] seeded DC kept in ${lab.dir} (--reuse ${lab.dir})`);
    else await rm(lab.dir, { recursive: true, force: true });
  }
}

await main();
