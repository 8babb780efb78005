/**
 * The collector against a real Samba AD DC, the real server and PostgreSQL: what is stored must equal
 * what ldapsearch/smbclient read; changes on the DC must arrive as attribute changes with old and new
 * values; a server killed mid-upload must lose and double nothing.
 */
import { type ChildProcess, execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Snapshot, snapshotSchema } from '@burgwall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCollectorKey } from '../../../server/src/collector/collector-keys';
import { clientDb } from '../../../server/src/db/client-db';
import { latestSnapshot } from '../../../server/src/snapshots/snapshot-store';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { runCycle } from '../collection-cycle';
import { COLLECTOR_VERSION } from '../collector-version';
import { type CollectorConfig, parseConfig } from '../config';
import { collectSnapshot } from '../directory/collect-snapshot';
import { ApiClient } from '../upload/api-client';
import { Spool } from '../upload/spool';
import { buildRegistryPol } from './registry-pol-writer';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { KillingProxy, killProcess, startServerProcess } from './server-process';

const exec = promisify(execFile);
const samba = requireDependency('collector-against-samba', L.sambaLabMissing());

const LAB_IP = '127.0.0.4';
const APP_PORT = 3401;
const CHILD_PORT = 3402;
const PROXY_PORT = 3403;
const USER_COUNT = 40;
const PASSWORD = 'Burgw4ll!Test-2026';

let lab: L.Lab | undefined;
let testApp: TestApp;
let clientId: string;
let apiKey: string;
let work: string;
let gpoId: string;
let child: ChildProcess | undefined;
let proxy: KillingProxy | undefined;

const GPT_TMPL = [
  '[Unicode]',
  'Unicode=yes',
  '[System Access]',
  'MinimumPasswordLength = 6',
  'PasswordComplexity = 0',
  'ClearTextPassword = 1',
  '[Registry Values]',
  'MACHINE\\System\\CurrentControlSet\\Control\\Lsa\\LmCompatibilityLevel=4,1',
  '[Version]',
  'signature="$CHICAGO$"',
  'Revision=1',
  '',
].join('\r\n');
const POL_VALUES = [
  { key: 'Software\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon', valueName: 'AutoAdminLogon', type: 1, value: '1' },
  { key: 'Software\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon', valueName: 'DefaultPassword', type: 1, value: 'Winl0gon!Pass' },
  { key: 'System\\CurrentControlSet\\Control\\Lsa', valueName: 'NoLMHash', type: 4, value: 0 },
] as const;
const GROUPS_XML =
  '<?xml version="1.0" encoding="utf-8"?>\r\n<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}"><User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="lokaladmin"><Properties cpassword="+BrYa5cLM/Vv9dVpsOcmtL1uB8taAKe2ZgkY8ADWMSM" userName="lokaladmin"/></User></Groups>\r\n';

function seedLdif(baseDn: string): string {
  const ou = `OU=Burgwall Test,${baseDn}`;
  const blocks = [`dn: ${ou}\nobjectClass: organizationalUnit\nou: Burgwall Test\ndescription: Testbereich\n`];
  for (let i = 1; i <= USER_COUNT; i++) {
    const n = String(i).padStart(3, '0');
    blocks.push(
      `dn: CN=Testnutzer ${n},${ou}\nobjectClass: user\nsAMAccountName: tn${n}\nuserPrincipalName: tn${n}@lab.example\n` +
        `description: Nutzer ${n}\ndisplayName: Testnutzer ${n}\n`,
    );
  }
  for (let g = 1; g <= 3; g++) {
    const members = Array.from({ length: 5 }, (_, k) => `member: CN=Testnutzer ${String(g * 5 + k).padStart(3, '0')},${ou}`).join('\n');
    blocks.push(`dn: CN=Testgruppe ${g},${ou}\nobjectClass: group\nsAMAccountName: testgruppe${g}\ngroupType: -2147483646\n${members}\n`);
  }
  for (let c = 1; c <= 4; c++) {
    blocks.push(
      `dn: CN=WS0${c},${ou}\nobjectClass: computer\nsAMAccountName: WS0${c}$\nuserAccountControl: 4096\n` +
        `dNSHostName: ws0${c}.lab.example\noperatingSystem: Windows 11 Enterprise\n`,
    );
  }
  blocks.push(`dn: CN=SRVDELEG,${ou}\nobjectClass: computer\nsAMAccountName: SRVDELEG$\nuserAccountControl: 528384\n`);
  return blocks.join('\n');
}

async function seedGpo(activeLab: L.Lab): Promise<string> {
  const created = await L.sambaTool(activeLab, ['gpo', 'create', 'Burgwall Testrichtlinie']);
  const id = created.match(/\{[0-9A-Fa-f-]{36}\}/)?.[0];
  if (!id) throw new Error(`no GPO id in: ${created}`);
  await L.sambaTool(activeLab, ['gpo', 'setlink', `OU=Burgwall Test,${activeLab.baseDn}`, id]);
  const local = await mkdtemp(path.join(tmpdir(), 'burgwall-gpo-'));
  await writeFile(path.join(local, 'GptTmpl.inf'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(GPT_TMPL, 'utf16le')]));
  await writeFile(path.join(local, 'Registry.pol'), buildRegistryPol(POL_VALUES));
  await writeFile(path.join(local, 'Groups.xml'), GROUPS_XML);
  const root = `${activeLab.dnsDomain}/Policies/${id}`;
  await L.smbclient(
    activeLab,
    [
      `cd "${root}/Machine"`,
      'mkdir Microsoft',
      'cd Microsoft',
      'mkdir "Windows NT"',
      'cd "Windows NT"',
      'mkdir SecEdit',
      'cd SecEdit',
      `put "${local}/GptTmpl.inf" GptTmpl.inf`,
      `cd "/${root}/Machine"`,
      `put "${local}/Registry.pol" Registry.pol`,
      'mkdir Preferences',
      'cd Preferences',
      'mkdir Groups',
      'cd Groups',
      `put "${local}/Groups.xml" Groups.xml`,
    ].join('; '),
  );
  await rm(local, { recursive: true, force: true });
  return id;
}

async function collectorConfig(serverUrl: string): Promise<CollectorConfig> {
  const activeLab = lab as L.Lab;
  return parseConfig(
    {
      serverUrl,
      clientId,
      apiKey,
      ldap: { url: `ldap://${activeLab.ip}`, bindDn: activeLab.bindUpn, password: activeLab.password },
      sysvol: { mode: 'smb' },
      stateDir: path.join(work, 'state'),
    },
    work,
  );
}

function apiFor(config: CollectorConfig): ApiClient {
  return new ApiClient({ serverUrl: config.serverUrl, clientId, apiKey, collectorVersion: COLLECTOR_VERSION, machineCode: 'lab-machine-0001', timeoutMs: 30_000 });
}

async function changeRows() {
  return clientDb(testApp.services.db, clientId).selectFrom('change').selectAll().orderBy('rep_id_pk').execute();
}

const byDn = <T extends { distinguishedName: string }>(list: T[]) => new Map(list.map((item) => [item.distinguishedName.toLowerCase(), item]));
const sortedLower = (list: string[]) => list.map((value) => value.toLowerCase()).sort();

describe.skipIf(samba.skip)('collector against a real Samba AD DC', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    const activeLab = await L.startLab(LAB_IP, 'samba-issue-4-test-');
    lab = activeLab;
    await L.ldapAdd(activeLab, seedLdif(activeLab.baseDn));
    for (const name of ['alice', 'bob', 'carol']) {
      await L.sambaTool(activeLab, ['user', 'add', name, PASSWORD, `--description=Erste Beschreibung ${name}`]);
    }
    await L.sambaTool(activeLab, ['group', 'addmembers', 'Domain Admins', 'alice']);
    gpoId = await seedGpo(activeLab);

    testApp = await createTestApp();
    await testApp.app.listen({ port: APP_PORT, host: '127.0.0.1' });
    ({ clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Labor GmbH' }));
    apiKey = (await issueCollectorKey(testApp.services.db, clientId)).key;
    work = await mkdtemp(path.join(tmpdir(), 'burgwall-collector-test-'));
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await killProcess(child);
    await testApp?.close();
    await L.stopLab(lab);
    if (lab) await rm(lab.dir, { recursive: true, force: true });
    if (work) await rm(work, { recursive: true, force: true });
  }, 90_000);

  it('stores a snapshot equal to what ldapsearch and smbclient read', async () => {
    const activeLab = lab as L.Lab;
    const config = await collectorConfig(`http://127.0.0.1:${APP_PORT}`);
    const result = await runCycle(config, apiFor(config));
    expect(result).toMatchObject({ kind: 'full', upload: { sent: 1, pending: 0, rejected: 0 } });

    const stored = await latestSnapshot(testApp.services.db, clientId);
    expect(stored).not.toBeNull();
    const snapshot = (stored as { snapshot: Snapshot }).snapshot;

    // Domain head.
    const [head] = await L.ldapsearch(activeLab, activeLab.baseDn, '(objectClass=*)', ['minPwdLength', 'pwdHistoryLength', 'ms-DS-MachineAccountQuota', 'lockoutThreshold'], 'base');
    expect(snapshot.domain).toMatchObject({
      distinguishedName: activeLab.baseDn,
      dnsName: activeLab.dnsDomain,
      netbiosName: activeLab.netbios,
      objectSid: activeLab.domainSid,
      minPasswordLength: Number(head?.minpwdlength?.[0]),
      passwordHistoryLength: Number(head?.pwdhistorylength?.[0]),
      machineAccountQuota: Number(head?.['ms-ds-machineaccountquota']?.[0]),
      lockoutThreshold: Number(head?.lockoutthreshold?.[0]),
    });
    expect(snapshot.domain.securityDescriptor?.aces.length).toBeGreaterThan(10);
    const configNc = `CN=Configuration,${activeLab.baseDn}`;
    const [partitions] = await L.ldapsearch(activeLab, `CN=Partitions,${configNc}`, '(objectClass=*)', ['msDS-EnabledFeature'], 'base');
    expect(snapshot.domain.recycleBinEnabled).toBe((partitions?.['msds-enabledfeature'] ?? []).some((dn) => dn.startsWith('CN=Recycle Bin Feature,')));
    const laps = await L.ldapsearch(activeLab, `CN=Schema,${configNc}`, '(lDAPDisplayName=ms*-*PasswordExpirationTime)', ['lDAPDisplayName'], 'one');
    expect(snapshot.domain.lapsSchema).toEqual({
      legacy: laps.some((e) => e.ldapdisplayname?.[0] === 'ms-Mcs-AdmPwdExpirationTime'),
      windows: laps.some((e) => e.ldapdisplayname?.[0] === 'msLAPS-PasswordExpirationTime'),
    });
    const templates = await L.ldapsearch(activeLab, `CN=Public Key Services,CN=Services,${configNc}`, '(objectClass=pKICertificateTemplate)', ['cn']).catch(() => []);
    expect(snapshot.certificateTemplates?.map((t) => t.name).sort()).toEqual(templates.map((t) => t.cn?.[0]).sort());

    // Users: same objects, same attribute values.
    const users = await L.ldapsearch(activeLab, activeLab.baseDn, '(&(objectClass=user)(!(objectClass=computer)))', [
      'sAMAccountName',
      'userAccountControl',
      'description',
      'uSNChanged',
      'primaryGroupID',
    ]);
    expect(users.length).toBe(USER_COUNT + 3 + 3); // seeded + alice/bob/carol + Administrator/Guest/krbtgt
    expect(snapshot.users).toHaveLength(users.length);
    const snapshotUsers = byDn(snapshot.users);
    for (const user of users) {
      const mine = snapshotUsers.get(user.dn.toLowerCase());
      expect(mine, user.dn).toBeDefined();
      expect(mine?.sAMAccountName).toBe(user.samaccountname?.[0]);
      expect(mine?.userAccountControl).toBe(Number(user.useraccountcontrol?.[0]));
      expect(mine?.primaryGroupId).toBe(Number(user.primarygroupid?.[0]));
      expect(mine?.description).toBe(user.description?.[0] ?? null);
      expect(mine?.usnChanged).toBe(Number(user.usnchanged?.[0]));
    }
    const administrator = snapshot.users.find((user) => user.sAMAccountName === 'Administrator');
    expect(administrator?.objectSid).toBe(`${activeLab.domainSid}-500`);
    expect(administrator?.securityDescriptor?.aces.length).toBeGreaterThan(0); // privileged: ACL read

    // Groups and direct membership.
    const groups = await L.ldapsearch(activeLab, activeLab.baseDn, '(objectClass=group)', ['member', 'groupType']);
    expect(snapshot.groups).toHaveLength(groups.length);
    const snapshotGroups = byDn(snapshot.groups);
    for (const group of groups) {
      const mine = snapshotGroups.get(group.dn.toLowerCase());
      expect(mine, group.dn).toBeDefined();
      expect(sortedLower(mine?.members ?? [])).toEqual(sortedLower(group.member ?? []));
      expect(mine?.groupType).toBe(Number(group.grouptype?.[0]));
    }
    const domainAdmins = snapshot.groups.find((group) => group.objectSid === `${activeLab.domainSid}-512`);
    expect(domainAdmins?.members.some((dn) => dn.startsWith('CN=alice,'))).toBe(true);

    // Computers incl. the DC and an unconstrained-delegation server.
    const computers = await L.ldapsearch(activeLab, activeLab.baseDn, '(objectClass=computer)', ['userAccountControl', 'dNSHostName']);
    expect(snapshot.computers).toHaveLength(computers.length);
    expect(computers.length).toBe(1 + 4 + 1);
    const snapshotComputers = byDn(snapshot.computers);
    for (const computer of computers) {
      expect(snapshotComputers.get(computer.dn.toLowerCase())?.userAccountControl).toBe(Number(computer.useraccountcontrol?.[0]));
    }
    expect(snapshot.computers.filter((computer) => computer.isDomainController)).toHaveLength(1);

    // OUs and GPOs (LDAP side).
    const ous = await L.ldapsearch(activeLab, activeLab.baseDn, '(objectClass=organizationalUnit)', ['gPLink']);
    expect(snapshot.organizationalUnits).toHaveLength(ous.length);
    const testOu = snapshot.organizationalUnits.find((ou) => ou.name === 'Burgwall Test');
    expect(testOu?.gpLinks.map((link) => link.gpoDistinguishedName.toUpperCase())).toEqual([expect.stringContaining(gpoId.toUpperCase())]);
    const gpos = await L.ldapsearch(activeLab, `CN=Policies,CN=System,${activeLab.baseDn}`, '(objectClass=groupPolicyContainer)', ['cn', 'displayName']);
    expect(snapshot.gpos.map((gpo) => gpo.gpoId).sort()).toEqual(gpos.map((gpo) => (gpo.cn?.[0] as string).toUpperCase()).sort());

    // GPO files (SYSVOL side): compare with what smbclient downloads.
    const download = await mkdtemp(path.join(tmpdir(), 'burgwall-smb-'));
    const root = `${activeLab.dnsDomain}/Policies/${gpoId}/Machine`;
    await L.smbclient(
      activeLab,
      `lcd "${download}"; cd "${root}/Microsoft/Windows NT/SecEdit"; get GptTmpl.inf; cd "/${root}"; get Registry.pol; cd Preferences/Groups; get Groups.xml`,
    );
    const gpo = snapshot.gpos.find((item) => item.gpoId === gpoId.toUpperCase());
    expect(gpo?.displayName).toBe('Burgwall Testrichtlinie');
    expect(gpo?.files.readError).toBeNull();
    expect(gpo?.securityDescriptor?.aces.some((ace) => ace.trustee === `${activeLab.domainSid}-512`)).toBe(true); // Domain Admins may edit
    const infText = (await readFile(path.join(download, 'GptTmpl.inf'))).subarray(2).toString('utf16le');
    for (const line of infText.split('\r\n').filter((l) => / = /.test(l))) {
      const [key, value] = line.split(' = ') as [string, string];
      expect(gpo?.files.gptTmpl?.['System Access']?.[key]).toBe(value);
    }
    expect(gpo?.files.gptTmpl?.['Registry Values']?.['MACHINE\\System\\CurrentControlSet\\Control\\Lsa\\LmCompatibilityLevel']).toBe('4,1');
    expect(gpo?.files.machineRegistryPol).toEqual(POL_VALUES.map((v) => ({ key: v.key, valueName: v.valueName, type: v.type, data: String(v.value) })));
    expect((await readFile(path.join(download, 'Registry.pol'))).equals(buildRegistryPol(POL_VALUES))).toBe(true);
    expect(gpo?.files.preferences['Machine/Preferences/Groups/Groups.xml']).toBe(await readFile(path.join(download, 'Groups.xml'), 'utf8'));
    await rm(download, { recursive: true, force: true });

    const status = await clientDb(testApp.services.db, clientId).selectFrom('status_collector').selectAll().executeTakeFirstOrThrow();
    expect(status.version).toBe(COLLECTOR_VERSION);
    expect(status.last_data_at).toBeInstanceOf(Date);
  }, 90_000);

  it('reports DC changes as attribute changes with old and new values', async () => {
    const activeLab = lab as L.Lab;
    await L.sambaTool(activeLab, ['group', 'addmembers', 'Domain Admins', 'bob']);
    await L.ldapModify(activeLab, `dn: CN=alice,CN=Users,${activeLab.baseDn}\nchangetype: modify\nreplace: description\ndescription: Neue Beschreibung\n`);
    await L.sambaTool(activeLab, ['user', 'disable', 'carol']);

    const config = await collectorConfig(`http://127.0.0.1:${APP_PORT}`);
    const result = await runCycle(config, apiFor(config));
    expect(result).toMatchObject({ kind: 'incremental', upload: { pending: 0, rejected: 0 } });

    const rows = await changeRows();
    const [admins] = await L.ldapsearch(activeLab, activeLab.baseDn, `(objectSid=${activeLab.domainSid}-512)`, ['member', 'uSNChanged']);
    const [alice] = await L.ldapsearch(activeLab, activeLab.baseDn, '(sAMAccountName=alice)', ['uSNChanged']);
    const [carol] = await L.ldapsearch(activeLab, activeLab.baseDn, '(sAMAccountName=carol)', ['uSNChanged', 'userAccountControl']);

    const member = rows.find((row) => row.property_name === 'member' && row.distinguished_name === admins?.dn);
    expect(member).toBeDefined();
    const oldMembers = JSON.parse(member?.old_value ?? '[]') as string[];
    const newMembers = JSON.parse(member?.new_value ?? '[]') as string[];
    expect(newMembers.filter((dn) => !oldMembers.includes(dn))).toEqual([`CN=bob,CN=Users,${activeLab.baseDn}`]);
    expect(sortedLower(newMembers)).toEqual(sortedLower(admins?.member ?? []));
    expect(oldMembers.some((dn) => dn.startsWith('CN=alice,'))).toBe(true);
    expect(Number(member?.usn)).toBe(Number(admins?.usnchanged?.[0]));
    expect(member?.object_class).toBe('group');
    expect(member?.group_fk).toBe(member?.object_guid);

    const description = rows.find((row) => row.property_name === 'description' && row.distinguished_name === alice?.dn);
    expect(description).toMatchObject({ old_value: 'Erste Beschreibung alice', new_value: 'Neue Beschreibung', object_class: 'user' });
    expect(Number(description?.usn)).toBe(Number(alice?.usnchanged?.[0]));

    const disabled = rows.find((row) => row.property_name === 'userAccountControl' && row.distinguished_name === carol?.dn);
    expect(disabled).toMatchObject({ old_value: '512', new_value: carol?.useraccountcontrol?.[0] });
    expect(Number(disabled?.new_value) & 2).toBe(2);

    // Nothing was reported twice, and the domain is linked.
    const keys = rows.map((row) => `${row.object_guid}|${row.property_name}|${row.usn}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.every((row) => row.domains_object_guid_fk !== null)).toBe(true);
  }, 90_000);

  it('loses and doubles nothing when the server is killed mid-upload', async () => {
    const activeLab = lab as L.Lab;
    child = await startServerProcess(testApp.database.url, CHILD_PORT);
    proxy = new KillingProxy(CHILD_PORT, /^POST \/client\/[^ ]+\/collector\/changes/, async () => {
      await killProcess(child);
    });
    await proxy.listen(PROXY_PORT);
    const config = await collectorConfig(`http://127.0.0.1:${PROXY_PORT}`);
    const before = (await changeRows()).length;

    const targets = [1, 2, 3, 4, 5].map((i) => `CN=Testnutzer ${String(i).padStart(3, '0')},OU=Burgwall Test,${activeLab.baseDn}`);
    await L.ldapModify(activeLab, targets.map((dn, i) => `dn: ${dn}\nchangetype: modify\nreplace: description\ndescription: Geändert ${i + 1}\n`).join('\n'));

    proxy.armed = true;
    const interrupted = await runCycle(config, apiFor(config), { changeBatchSize: 2, retries: 1, retryDelayMs: 50 });
    expect(proxy.triggered).toBe(1);
    expect(interrupted.changes).toBe(5);
    // The first batch reached the database, but its answer never arrived: all three stay spooled.
    expect(interrupted.upload).toMatchObject({ sent: 0, pending: 3 });
    expect(await new Spool(config.stateDir).pending()).toHaveLength(3);
    expect((await changeRows()).length).toBe(before + 2);

    child = await startServerProcess(testApp.database.url, CHILD_PORT);
    const resumed = await runCycle(config, apiFor(config), { changeBatchSize: 2 });
    expect(resumed.upload).toMatchObject({ sent: 4, pending: 0, rejected: 0 }); // 3 spooled + this cycle's heartbeat
    expect(await new Spool(config.stateDir).pending()).toEqual([]);

    const rows = await changeRows();
    expect(rows.length).toBe(before + 5);
    const edited = rows.filter((row) => row.property_name === 'description' && targets.includes(row.distinguished_name));
    expect(edited.map((row) => row.new_value).sort()).toEqual(['Geändert 1', 'Geändert 2', 'Geändert 3', 'Geändert 4', 'Geändert 5']);
    const current = await L.ldapsearch(activeLab, `OU=Burgwall Test,${activeLab.baseDn}`, '(description=Geändert*)', ['uSNChanged']);
    expect(edited.map((row) => Number(row.usn)).sort()).toEqual(current.map((entry) => Number(entry.usnchanged?.[0])).sort());
    expect(await clientDb(testApp.services.db, clientId).selectFrom('snapshot').select('batch_id').execute()).toHaveLength(1);
  }, 150_000);
  it('reads the same directory over LDAPS and StartTLS, verifying the DC certificate with its CA', async () => {
    const activeLab = lab as L.Lab;
    const tlsCaPem = await readFile(path.join(activeLab.dir, 'private/tls/ca.pem'), 'utf8');
    const base = { bindDn: activeLab.bindUpn, password: activeLab.password, tlsCaPem };
    const plain = await collectSnapshot({ ...base, url: `ldap://${activeLab.ip}` }, { mode: 'none' }, 'test');
    const ldaps = await collectSnapshot({ ...base, url: `ldaps://${activeLab.ip}` }, { mode: 'none' }, 'test');
    const startTls = await collectSnapshot({ ...base, url: `ldap://${activeLab.ip}`, startTls: true }, { mode: 'none' }, 'test');
    for (const other of [ldaps, startTls]) {
      expect(other.snapshot.users.map((u) => u.objectGuid).sort()).toEqual(plain.snapshot.users.map((u) => u.objectGuid).sort());
      expect(other.snapshot.gpos.every((gpo) => gpo.files.readError === 'SYSVOL-Zugriff ist nicht konfiguriert')).toBe(true);
    }
    // Without the CA the self-signed certificate must be refused.
    await expect(collectSnapshot({ ...base, tlsCaPem: undefined, url: `ldaps://${activeLab.ip}` }, { mode: 'none' }, 'test')).rejects.toThrow();
  }, 90_000);

  it('runs the real CLI: activate, then collect --once --out', async () => {
    const activeLab = lab as L.Lab;
    const file = path.join(work, 'burgwall-collector.json');
    await writeFile(
      file,
      JSON.stringify({
        serverUrl: `http://127.0.0.1:${APP_PORT}`,
        clientId,
        apiKey,
        ldap: { url: `ldap://${activeLab.ip}`, bindDn: activeLab.bindUpn, password: activeLab.password },
        sysvol: { mode: 'path', root: activeLab.sysvolPath },
        stateDir: './cli-state',
        machineCode: 'lab-machine-0001',
      }),
    );
    const bin = path.resolve(import.meta.dirname, '../../bin/burgwall-collector.js');
    const activation = await exec(process.execPath, [bin, 'activate', '--config', file]);
    expect(activation.stdout).toContain('Collector aktiviert: Lizenz active, Modus monitoring');
    const out = path.join(work, 'snapshot.json');
    const collected = await exec(process.execPath, [bin, 'collect', '--once', '--out', out, '--config', file]);
    expect(collected.stdout).toContain(`Snapshot in ${out} geschrieben`);
    const snapshot = snapshotSchema.parse(JSON.parse(await readFile(out, 'utf8')));
    const users = await L.ldapsearch(activeLab, activeLab.baseDn, '(&(objectClass=user)(!(objectClass=computer)))', ['sAMAccountName']);
    expect(snapshot.users).toHaveLength(users.length);
    const gpo = snapshot.gpos.find((item) => item.gpoId === gpoId.toUpperCase());
    expect(gpo?.files.machineRegistryPol).toHaveLength(POL_VALUES.length); // mounted-path SYSVOL mode

    const snapshotsBefore = (await clientDb(testApp.services.db, clientId).selectFrom('snapshot').select('batch_id').execute()).length;
    const ran = await exec(process.execPath, [bin, 'run', '--once', '--config', file]);
    expect(ran.stdout).toContain('Vollständige Erfassung');
    expect(ran.stdout).toContain('Status laut Server: healthy');
    const table = clientDb(testApp.services.db, clientId);
    expect(await table.selectFrom('snapshot').select('batch_id').execute()).toHaveLength(snapshotsBefore + 1);
    expect((await table.selectFrom('status_collector').select('initial_scan_status').executeTakeFirstOrThrow()).initial_scan_status).toBe('finished');
    const logs = await table.selectFrom('collector_log').select(['log_name', 'content']).execute();
    expect(logs.at(-1)).toMatchObject({ log_name: 'collector.log', content: expect.stringContaining('Vollständige Erfassung') });

    const bad = await exec(process.execPath, [bin, 'run', '--config', path.join(work, 'missing.json')]).catch((error: { code: number; stderr: string }) => error);
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('nicht lesbar') });
  }, 90_000);
});
