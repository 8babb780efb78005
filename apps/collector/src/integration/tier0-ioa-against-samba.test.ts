/**
 * Issue 16 end to end for attack detection on a German-named domain: on a real Samba AD DC, Domain Admins is renamed
 * „Domänen-Admins“ (as German Windows installs name it); the collector runs its service loop (change notifications)
 * against a real server. Adding a member to „Domänen-Admins“, or to a group nested in it, must raise the Tier-0
 * membership IoA naming „Domänen-Admins“ — groups are known by SID, never by name; so must full control for a plain
 * user on it (Tier-0 ACE). Enabling Guest, raising the machine account quota, adding Anonymous Logon to Pre-Windows
 * 2000 Compatible Access and deleting 50 accounts at once (mass deletion) raise their IoAs too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_PATH } from '../../../server/src/graphql/register-graphql';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { runCycle } from '../collection-cycle';
import { run } from '../commands/run';
import { type SambaSuite, startSambaSuite, stopSambaSuite } from './samba-suite';

const samba = requireDependency('tier0-ioa-against-samba', L.sambaLabMissing());
const LAB_IP = '127.0.42.2';
const APP_PORT = 3542;
const PASSWORD = 'Burgw4ll!Angriff-2026';
const DOMAIN_ADMINS = 'Domänen-Admins';
/** The mass-deletion detector's default threshold: 50 objects within 10 minutes. */
const MASS_DELETION = 50;
const massUser = (i: number, lab: L.Lab) => `CN=massen-${i},CN=Users,${lab.baseDn}`;

interface IoaEvent {
  title: string;
  detector: string;
  severity: string;
}

let suite: SambaSuite | undefined;
const s = () => suite as SambaSuite;
const stop = new AbortController();
let running: Promise<void> | undefined;
const lines: string[] = [];

async function ioaEvents(): Promise<IoaEvent[]> {
  const { testApp, clientId } = s();
  const response = await testApp.app.inject({
    method: 'POST',
    url: GRAPHQL_PATH,
    headers: { ...(await testApp.headersFor('client', clientId)), 'content-type': 'application/json' },
    payload: { query: 'query ($id: ID!) { ioaEvents(clientId: $id, first: 100) { nodes { title detector severity } } }', variables: { id: clientId } },
  });
  const body = response.json() as { data?: { ioaEvents: { nodes: IoaEvent[] } }; errors?: unknown };
  if (!body.data) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
  return body.data.ioaEvents.nodes;
}

/** Waits (up to 60 s) for the running collector to bring the change to the server as this detector's IoA. */
async function eventOf(detector: string, match: (title: string) => boolean): Promise<IoaEvent> {
  const until = Date.now() + 60_000;
  for (;;) {
    const event = (await ioaEvents()).find((candidate) => candidate.detector === detector && match(candidate.title));
    if (event) return event;
    if (Date.now() > until) throw new Error(`no ${detector} IoA; events: ${JSON.stringify(await ioaEvents())}; collector: ${lines.slice(-10).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function seedGermanDomain(lab: L.Lab): Promise<void> {
  const tool = (args: string[]) => L.sambaTool(lab, args);
  await tool(['group', 'rename', 'Domain Admins', `--samaccountname=${DOMAIN_ADMINS}`]);
  for (const user of ['neuer-admin', 'helfer', 'rechte-nehmer']) await tool(['user', 'add', user, PASSWORD]);
  await tool(['group', 'add', 'Tier0-Helfer']);
  await tool(['group', 'addmembers', DOMAIN_ADMINS, 'Tier0-Helfer']);
  await L.ldapAdd(lab, Array.from({ length: MASS_DELETION }, (_, i) => `dn: ${massUser(i, lab)}\nobjectClass: user\nsAMAccountName: massen-${i}\n`).join('\n'));
}

describe.skipIf(samba.skip)('Tier-0 IoAs on a German-named Samba AD DC, through the collector’s run loop', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    suite = await startSambaSuite({ ip: LAB_IP, port: APP_PORT, prefix: 'samba-issue-16-ioa-', clientName: 'Labor Angriffserkennung GmbH', machineCode: 'lab-machine-1602' });
    await seedGermanDomain(suite.lab);
    const { config, api } = suite;
    await api.request('POST', 'license/activate', {});
    // Baseline (full collection), then the collector runs as the service would and hears the DC's change notifications.
    await runCycle(config, api, { full: true });
    running = run({ ...config, machineCode: 'lab-machine-1602' }, api, { print: (line) => lines.push(line), signal: stop.signal });
    const until = Date.now() + 60_000;
    while (!lines.some((line) => /Änderungsbenachrichtigung/.test(line)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
  }, 300_000);

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await stopSambaSuite(suite);
  }, 180_000);

  it('the running collector listens to the DC’s change notifications', () => {
    expect(lines.some((line) => line.includes('Änderungsbenachrichtigung des Domänencontrollers aktiv'))).toBe(true);
  });

  it('the DC calls its Domain Admins group „Domänen-Admins“ (RID 512)', async () => {
    const { lab } = s();
    const [group] = await L.ldapsearch(lab, lab.baseDn, `(objectSid=${lab.domainSid}-512)`, ['sAMAccountName']);
    expect(group?.samaccountname).toEqual([DOMAIN_ADMINS]);
  });

  it('a member added to „Domänen-Admins“ raises the Tier-0 membership IoA naming the group', async () => {
    await L.sambaTool(s().lab, ['group', 'addmembers', DOMAIN_ADMINS, 'neuer-admin']);
    const event = await eventOf('privileged-group-member-added', (title) => title.startsWith('neuer-admin '));
    expect(event).toMatchObject({ title: `neuer-admin zu „${DOMAIN_ADMINS}“ hinzugefügt`, severity: 'critical' });
  }, 90_000);

  it('a member added to a group nested in „Domänen-Admins“ raises the IoA too', async () => {
    await L.sambaTool(s().lab, ['group', 'addmembers', 'Tier0-Helfer', 'helfer']);
    const event = await eventOf('privileged-group-member-added', (title) => title.startsWith('helfer '));
    expect(event).toMatchObject({ title: `helfer zu „Tier0-Helfer“ hinzugefügt (verschachtelt in „${DOMAIN_ADMINS}“)`, severity: 'critical' });
  }, 90_000);

  it('full control for a plain user on „Domänen-Admins“ raises the Tier-0 ACE IoA', async () => {
    const { lab } = s();
    const group = `CN=${DOMAIN_ADMINS},CN=Users,${lab.baseDn}`;
    await L.sambaTool(lab, ['dsacl', 'set', `--objectdn=${group}`, `--sddl=(A;;GA;;;${await L.sidOf(lab, 'user', 'rechte-nehmer')})`]);
    const event = await eventOf('tier0-ace-added', (title) => title.includes('rechte-nehmer'));
    expect(event).toMatchObject({ title: `Rechte für rechte-nehmer auf ${group} hinzugefügt`, severity: 'critical' });
  }, 90_000);

  it('enabling Guest, raising the machine account quota and Anonymous Logon in Pre-Windows 2000 raise their IoAs', async () => {
    const { lab } = s();
    await L.sambaTool(lab, ['user', 'enable', 'Guest']);
    await L.ldapModify(lab, `dn: ${lab.baseDn}\nchangetype: modify\nreplace: ms-DS-MachineAccountQuota\nms-DS-MachineAccountQuota: 50\n`);
    await L.ldapModify(lab, `dn: CN=Pre-Windows 2000 Compatible Access,CN=Builtin,${lab.baseDn}\nchangetype: modify\nadd: member\nmember: <SID=S-1-5-7>\n`);
    expect((await eventOf('guest-account-activated', () => true)).title).toBe('Gastkonto aktiviert');
    expect((await eventOf('domain-policy-weakened', () => true)).title).toBe('Jeder Benutzer darf jetzt 50 Computer hinzufügen (vorher 10)');
    // Samba adds Anonymous Logon as CN=Anonymous Logon,CN=WellKnown Security Principals,…: known by its SID, critical.
    expect(await eventOf('pre-win2000-membership-changed', () => true)).toMatchObject({
      title: 'Anonymous-Anmeldung zu „Pre-Windows 2000 Compatible Access“ hinzugefügt',
      severity: 'critical',
    });
  }, 120_000);

  it('deleting 50 accounts at once raises one mass-deletion IoA', async () => {
    const { lab } = s();
    await L.ldapModify(lab, Array.from({ length: MASS_DELETION }, (_, i) => `dn: ${massUser(i, lab)}\nchangetype: delete\n`).join('\n'));
    const event = await eventOf('mass-deletion', () => true);
    expect(event).toMatchObject({ title: `${MASS_DELETION} Objekte in 10 Minuten gelöscht`, severity: 'high' });
    expect((await ioaEvents()).filter((candidate) => candidate.detector === 'mass-deletion')).toHaveLength(1);
  }, 120_000);
});
