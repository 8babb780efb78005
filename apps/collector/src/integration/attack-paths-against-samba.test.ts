/**
 * Issue 20 end to end: an attack chain seeded on a real Samba AD DC (a user may reset the password of a helpdesk
 * account, which is in a group with full control of Domain Admins) is collected by the real collector, uploaded to the
 * real server and answered by the attack-path API with its exact path; removing one link on the DC and collecting
 * again removes the path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttackPathAnswer, AttackPathsAnswer } from '@burgwall/shared';
import { clientDb } from '../../../server/src/db/client-db';
import { IOA_EVALUATION_JOB } from '../../../server/src/ioe/evaluation-jobs';
import { waitForJobs } from '../../../../test-support/jobs';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { runCycle } from '../collection-cycle';
import { type SambaSuite, startSambaSuite, stopSambaSuite } from './samba-suite';

const samba = requireDependency('attack-paths-against-samba', L.sambaLabMissing());
const LAB_IP = '127.0.20.1';
const APP_PORT = 3520;
const PASSWORD = 'Burgw4ll!Pfad-2026';
const FORCE_CHANGE_PASSWORD = '00299570-246d-11d0-a768-00aa006e0529';

let suite: SambaSuite | undefined;
const s = () => suite as SambaSuite;

async function seedChain(activeLab: L.Lab): Promise<void> {
  const tool = (args: string[]) => L.sambaTool(activeLab, args);
  await tool(['user', 'add', 'angreifer', PASSWORD]);
  await tool(['user', 'add', 'hd-konto', PASSWORD]);
  // No rights yet: gets them during the test, to raise the IoA for a new path made by an ACL change.
  await tool(['user', 'add', 'zweitkonto', PASSWORD]);
  await tool(['group', 'add', 'IT-Betrieb']);
  await tool(['group', 'addmembers', 'IT-Betrieb', 'hd-konto']);
  const attacker = await L.sidOf(activeLab, 'user', 'angreifer');
  const operations = await L.sidOf(activeLab, 'group', 'IT-Betrieb');
  // angreifer may reset hd-konto's password; IT-Betrieb has full control of Domain Admins (found by its RID, 512).
  await tool(['dsacl', 'set', `--objectdn=CN=hd-konto,CN=Users,${activeLab.baseDn}`, `--sddl=(OA;;CR;${FORCE_CHANGE_PASSWORD};;${attacker})`]);
  await tool(['dsacl', 'set', `--objectdn=CN=Domain Admins,CN=Users,${activeLab.baseDn}`, `--sddl=(A;;GA;;;${operations})`]);
}

describe.skipIf(samba.skip)('attack paths on a collected Samba AD DC', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    suite = await startSambaSuite({ ip: LAB_IP, port: APP_PORT, prefix: 'samba-issue-20-', clientName: 'Labor Angriffspfade GmbH', machineCode: 'lab-machine-0020' });
    await seedChain(suite.lab);
    await suite.collect();
  }, 240_000);

  afterAll(() => stopSambaSuite(suite), 60_000);

  it('finds the seeded chain with its exact path and the cut that breaks it', async () => {
    const { body } = await s().get<AttackPathsAnswer>('/attack-paths');
    expect(body.principals.map((p) => [p.principal.name, p.length])).toEqual([
      ['IT-Betrieb', 1],
      ['hd-konto', 2],
      ['angreifer', 3],
    ]);
    expect(body.cuts[0]).toMatchObject({ step: { from: { name: 'IT-Betrieb' }, type: 'GenericAll', to: { name: 'Domain Admins' } }, disconnects: 3 });
    const attacker = body.principals.find((p) => p.principal.name === 'angreifer')!;
    const path = await s().get<AttackPathAnswer>(`/attack-paths/path?objectKey=${attacker.principal.objectKey}`);
    expect(path.body.steps.map((s) => [s.from.name, s.type, s.to.name])).toEqual([
      ['angreifer', 'ForceChangePassword', 'hd-konto'],
      ['hd-konto', 'MemberOf', 'IT-Betrieb'],
      ['IT-Betrieb', 'GenericAll', 'Domain Admins'],
    ]);
  });

  it('raises „Neuer Angriffspfad zu Tier 0“ when the DC gives another account the right to reset hd-konto’s password', async () => {
    const activeLab = s().lab;
    const second = await L.sidOf(activeLab, 'user', 'zweitkonto');
    await L.sambaTool(activeLab, ['dsacl', 'set', `--objectdn=CN=hd-konto,CN=Users,${activeLab.baseDn}`, `--sddl=(OA;;CR;${FORCE_CHANGE_PASSWORD};;${second})`]);
    const cycle = await runCycle(s().config, s().api, { full: false });
    expect(cycle).toMatchObject({ kind: 'incremental', upload: { rejected: 0 } });
    await waitForJobs(s().testApp.services.db, [IOA_EVALUATION_JOB]);
    const events = await clientDb(s().testApp.services.db, s().clientId).selectFrom('ioa_event').select(['detector', 'title']).where('detector', '=', 'attack-path-created').execute();
    expect(events).toEqual([{ detector: 'attack-path-created', title: 'zweitkonto hat über Rechte auf „hd-konto“ einen Pfad zu Tier 0 (3 Schritte)' }]);
  });

  it('removing the membership on the DC and collecting again removes the paths through it', async () => {
    await L.sambaTool(s().lab, ['group', 'removemembers', 'IT-Betrieb', 'hd-konto']);
    await s().collect();
    const { body } = await s().get<AttackPathsAnswer>('/attack-paths');
    expect(body.principals.map((p) => p.principal.name)).toEqual(['IT-Betrieb']);
  });
});
