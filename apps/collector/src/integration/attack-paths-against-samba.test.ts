/**
 * Issue 20 end to end: an attack chain seeded on a real Samba AD DC (a user may reset the password of a helpdesk
 * account, which is in a group with full control of Domain Admins) is collected by the real collector, uploaded to the
 * real server and answered by the attack-path API with its exact path; removing one link on the DC and collecting
 * again removes the path.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttackPathAnswer, AttackPathsAnswer } from '@burgwall/shared';
import { issueCollectorKey } from '../../../server/src/collector/collector-keys';
import { clientDb } from '../../../server/src/db/client-db';
import { IOA_EVALUATION_JOB } from '../../../server/src/ioe/evaluation-jobs';
import { waitForJobs } from '../../../../test-support/jobs';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { runCycle } from '../collection-cycle';
import type { CollectorConfig } from '../config';
import type { ApiClient } from '../upload/api-client';
import { labCollector } from './lab-collector';

const samba = requireDependency('attack-paths-against-samba', L.sambaLabMissing());
const LAB_IP = '127.0.20.1';
const APP_PORT = 3520;
const PASSWORD = 'Burgw4ll!Pfad-2026';
const FORCE_CHANGE_PASSWORD = '00299570-246d-11d0-a768-00aa006e0529';

let lab: L.Lab | undefined;
let testApp: TestApp;
let clientId: string;
let providerId: string;
let work: string;
let config: CollectorConfig;
let api: ApiClient;

const sidOf = async (activeLab: L.Lab, kind: 'user' | 'group', name: string) => {
  const shown = await L.sambaTool(activeLab, [kind, 'show', name, '--attributes=objectSid']);
  const sid = shown.match(/objectSid: (S-1-[\d-]+)/)?.[1];
  if (!sid) throw new Error(`no objectSid for ${name}: ${shown}`);
  return sid;
};

async function seedChain(activeLab: L.Lab): Promise<void> {
  const tool = (args: string[]) => L.sambaTool(activeLab, args);
  await tool(['user', 'add', 'angreifer', PASSWORD]);
  await tool(['user', 'add', 'hd-konto', PASSWORD]);
  // No rights yet: gets them during the test, to raise the IoA for a new path made by an ACL change.
  await tool(['user', 'add', 'zweitkonto', PASSWORD]);
  await tool(['group', 'add', 'IT-Betrieb']);
  await tool(['group', 'addmembers', 'IT-Betrieb', 'hd-konto']);
  const attacker = await sidOf(activeLab, 'user', 'angreifer');
  const operations = await sidOf(activeLab, 'group', 'IT-Betrieb');
  // angreifer may reset hd-konto's password; IT-Betrieb has full control of Domain Admins (found by its RID, 512).
  await tool(['dsacl', 'set', `--objectdn=CN=hd-konto,CN=Users,${activeLab.baseDn}`, `--sddl=(OA;;CR;${FORCE_CHANGE_PASSWORD};;${attacker})`]);
  await tool(['dsacl', 'set', `--objectdn=CN=Domain Admins,CN=Users,${activeLab.baseDn}`, `--sddl=(A;;GA;;;${operations})`]);
}

async function collect(): Promise<void> {
  const result = await runCycle(config, api, { full: true });
  expect(result.upload).toMatchObject({ rejected: 0 });
}

async function get<T>(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url: `/client/${clientId}${url}`, headers: await testApp.headersFor('serviceprovider', providerId) });
  return { status: response.statusCode, body: response.json() as T };
}

describe.skipIf(samba.skip)('attack paths on a collected Samba AD DC', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    const activeLab = await L.startLab(LAB_IP, 'samba-issue-20-');
    lab = activeLab;
    await seedChain(activeLab);
    testApp = await createTestApp();
    await testApp.app.listen({ port: APP_PORT, host: '127.0.0.1' });
    ({ clientId, providerId } = await insertProviderWithClient(testApp.services.db, { name: 'Labor Angriffspfade GmbH' }));
    const apiKey = (await issueCollectorKey(testApp.services.db, clientId)).key;
    work = await mkdtemp(path.join(tmpdir(), 'burgwall-attack-paths-'));
    ({ config, api } = await labCollector(activeLab, { port: APP_PORT, clientId, apiKey, work, machineCode: 'lab-machine-0020' }));
    await collect();
  }, 240_000);

  afterAll(async () => {
    await testApp?.close();
    await L.stopLab(lab);
    if (lab) await rm(lab.dir, { recursive: true, force: true });
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('finds the seeded chain with its exact path and the cut that breaks it', async () => {
    const { body } = await get<AttackPathsAnswer>('/attack-paths');
    expect(body.principals.map((p) => [p.principal.name, p.length])).toEqual([
      ['IT-Betrieb', 1],
      ['hd-konto', 2],
      ['angreifer', 3],
    ]);
    expect(body.cuts[0]).toMatchObject({ step: { from: { name: 'IT-Betrieb' }, type: 'GenericAll', to: { name: 'Domain Admins' } }, disconnects: 3 });
    const attacker = body.principals.find((p) => p.principal.name === 'angreifer')!;
    const path = await get<AttackPathAnswer>(`/attack-paths/path?objectKey=${attacker.principal.objectKey}`);
    expect(path.body.steps.map((s) => [s.from.name, s.type, s.to.name])).toEqual([
      ['angreifer', 'ForceChangePassword', 'hd-konto'],
      ['hd-konto', 'MemberOf', 'IT-Betrieb'],
      ['IT-Betrieb', 'GenericAll', 'Domain Admins'],
    ]);
  });

  it('raises „Neuer Angriffspfad zu Tier 0“ when the DC gives another account the right to reset hd-konto’s password', async () => {
    const activeLab = lab as L.Lab;
    const second = await sidOf(activeLab, 'user', 'zweitkonto');
    await L.sambaTool(activeLab, ['dsacl', 'set', `--objectdn=CN=hd-konto,CN=Users,${activeLab.baseDn}`, `--sddl=(OA;;CR;${FORCE_CHANGE_PASSWORD};;${second})`]);
    const cycle = await runCycle(config, api, { full: false });
    expect(cycle).toMatchObject({ kind: 'incremental', upload: { rejected: 0 } });
    await waitForJobs(testApp.services.db, [IOA_EVALUATION_JOB]);
    const events = await clientDb(testApp.services.db, clientId).selectFrom('ioa_event').select(['detector', 'title']).where('detector', '=', 'attack-path-created').execute();
    expect(events).toEqual([{ detector: 'attack-path-created', title: 'zweitkonto hat über Rechte auf „hd-konto“ einen Pfad zu Tier 0 (3 Schritte)' }]);
  });

  it('removing the membership on the DC and collecting again removes the paths through it', async () => {
    await L.sambaTool(lab as L.Lab, ['group', 'removemembers', 'IT-Betrieb', 'hd-konto']);
    await collect();
    const { body } = await get<AttackPathsAnswer>('/attack-paths');
    expect(body.principals.map((p) => p.principal.name)).toEqual(['IT-Betrieb']);
  });
});
