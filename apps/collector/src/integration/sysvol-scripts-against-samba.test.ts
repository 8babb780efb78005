/**
 * Issue 16 end to end: credentials in logon/startup scripts. A clean Samba AD DC is collected by the real collector
 * (over smbclient, as in production) and uploaded to the real server: `sysvol-script-credentials` has read the
 * scripts and found nothing. Then a NETLOGON script and a GPO startup script with clear-text passwords are put on
 * the DC: the next collection raises the finding with the masked lines, and the secret is nowhere in what the server
 * received.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBySlug } from '../../../../packages/checks/src/registry';
import { indexSnapshot } from '../../../../packages/checks/src/snapshot-index';
import { issueCollectorKey } from '../../../server/src/collector/collector-keys';
import { clientDb } from '../../../server/src/db/client-db';
import { IOE_EVALUATION_JOB } from '../../../server/src/ioe/evaluation-jobs';
import { waitForJobs } from '../../../../test-support/jobs';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { runCycle } from '../collection-cycle';
import { collectSnapshot } from '../directory/collect-snapshot';
import type { CollectorConfig } from '../config';
import type { ApiClient } from '../upload/api-client';
import { labCollector } from './lab-collector';

const samba = requireDependency('sysvol-scripts-against-samba', L.sambaLabMissing());
const LAB_IP = '127.0.31.1';
const APP_PORT = 3420;
const SLUG = 'sysvol-script-credentials';
const NETLOGON_SECRET = 'Skr1pt!Netlogon-77';
const STARTUP_SECRET = 'Start#Skript-2026x';

let lab: L.Lab | undefined;
let testApp: TestApp;
let clientId: string;
let providerId: string;
let work: string;
let config: CollectorConfig;
let api: ApiClient;
let gpoId: string;

async function collect(): Promise<void> {
  const result = await runCycle(config, api, { full: true });
  expect(result.upload).toMatchObject({ rejected: 0 });
  await waitForJobs(testApp.services.db, [IOE_EVALUATION_JOB]);
}

async function findings() {
  const response = await testApp.app.inject({ method: 'GET', url: `/client/${clientId}/ioe/findings/${SLUG}`, headers: await testApp.headersFor('serviceprovider', providerId) });
  expect(response.statusCode).toBe(200);
  return response.json() as { findings: Array<{ objectName: string; objectType: string; evidence: string }>; ioe: { skippedReason: string | null } };
}

async function seedScripts(activeLab: L.Lab): Promise<void> {
  const local = await mkdtemp(path.join(tmpdir(), 'burgwall-scripts-seed-'));
  try {
    await writeFile(path.join(local, 'logon.bat'), `@echo off\r\nrem Laufwerke\r\nnet use Z: \\\\fs1\\daten ${NETLOGON_SECRET} /user:LAB\\svc-share\r\n`);
    await writeFile(path.join(local, 'drucker.cmd'), 'rundll32 printui.dll,PrintUIEntry /in /n \\\\print1\\Etage2\r\n');
    // Not a script type: never scanned (NETLOGON often holds installers).
    await writeFile(path.join(local, 'readme.txt'), `password=${NETLOGON_SECRET}\r\n`);
    await writeFile(path.join(local, 'start.ps1'), `$pw = ConvertTo-SecureString "${STARTUP_SECRET}" -AsPlainText -Force\r\n`);
    await L.smbclient(activeLab, [`cd "${activeLab.dnsDomain}/scripts"`, `lcd "${local}"`, 'put logon.bat', 'put drucker.cmd', 'put readme.txt'].join('; '));
    const created = await L.sambaTool(activeLab, ['gpo', 'create', 'Startskripte']);
    gpoId = created.match(/\{[0-9A-Fa-f-]{36}\}/)?.[0] ?? '';
    if (!gpoId) throw new Error(`no GPO id in: ${created}`);
    await L.smbclient(
      activeLab,
      [`cd "${activeLab.dnsDomain}/Policies/${gpoId}/Machine"`, 'mkdir Scripts', 'cd Scripts', 'mkdir Startup', 'cd Startup', `lcd "${local}"`, 'put start.ps1'].join('; '),
    );
  } finally {
    await rm(local, { recursive: true, force: true });
  }
}

describe.skipIf(samba.skip)('credentials in SYSVOL scripts on a collected Samba AD DC', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    const activeLab = await L.startLab(LAB_IP, 'samba-issue-16-scripts-');
    lab = activeLab;
    testApp = await createTestApp();
    await testApp.app.listen({ port: APP_PORT, host: '127.0.0.1' });
    ({ clientId, providerId } = await insertProviderWithClient(testApp.services.db, { name: 'Labor Anmeldeskripte GmbH' }));
    const apiKey = (await issueCollectorKey(testApp.services.db, clientId)).key;
    work = await mkdtemp(path.join(tmpdir(), 'burgwall-scripts-collector-'));
    ({ config, api } = await labCollector(activeLab, { port: APP_PORT, clientId, apiKey, work, machineCode: 'lab-machine-0016' }));
  }, 240_000);

  afterAll(async () => {
    await testApp?.close();
    await L.stopLab(lab);
    if (lab) await rm(lab.dir, { recursive: true, force: true });
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('a clean default domain: the scripts were read over SMB and raise no finding (checked, not skipped)', async () => {
    await collect();
    const body = await findings();
    expect(body.ioe.skippedReason).toBeNull();
    expect(body.findings).toEqual([]);
  }, 120_000);

  it('finds the seeded NETLOGON and GPO startup scripts with masked lines; the secrets never reach the server', async () => {
    await seedScripts(lab as L.Lab);
    await collect();
    const body = await findings();
    expect(body.ioe.skippedReason).toBeNull();
    const domain = (lab as L.Lab).dnsDomain;
    expect(body.findings.map((finding) => [finding.objectType, finding.objectName]).sort()).toEqual([
      ['sysvol-file', `${domain}/Policies/${gpoId}/Machine/Scripts/Startup/start.ps1`],
      ['sysvol-file', `${domain}/scripts/logon.bat`],
    ]);
    const logon = body.findings.find((finding) => finding.objectName.endsWith('logon.bat'));
    expect(logon?.evidence).toBe('Anmeldeskript in NETLOGON: Zeile 3 (net use mit Kennwort): net use Z: \\\\fs1\\daten S••••••••7 /user:LAB\\svc-share');
    const startup = body.findings.find((finding) => finding.objectName.endsWith('start.ps1'));
    expect(startup?.evidence).toBe('Skript der Gruppenrichtlinie „Startskripte“: Zeile 1 (ConvertTo-SecureString -AsPlainText): $pw = ConvertTo-SecureString "S••••••••x" -AsPlainText -Force');

    const snapshots = await clientDb(testApp.services.db, clientId).selectFrom('snapshot').select('data').orderBy('snapshot_id_pk', 'desc').execute();
    expect(snapshots).toHaveLength(2);
    const uploaded = JSON.stringify(snapshots[0]?.data);
    expect(uploaded).toContain('S••••••••7');
    for (const secret of [NETLOGON_SECRET, STARTUP_SECRET]) {
      expect(JSON.stringify(snapshots)).not.toContain(secret);
      expect(JSON.stringify(body)).not.toContain(secret);
    }
    const scan = (snapshots[0]?.data as { sysvolScripts?: { scannedFiles: number; readError: string | null } }).sysvolScripts;
    // logon.bat, drucker.cmd and start.ps1; readme.txt is not a script.
    expect(scan).toMatchObject({ scannedFiles: 3, readError: null });
  }, 120_000);

  it('reads the same scripts from a SYSVOL folder (path mode, e.g. on the DC itself)', async () => {
    const activeLab = lab as L.Lab;
    const { snapshot } = await collectSnapshot(config.ldap, { mode: 'path', root: activeLab.sysvolPath }, 'test');
    expect(snapshot.sysvolScripts?.readError).toBeNull();
    expect(snapshot.sysvolScripts?.scannedFiles).toBe(3);
    expect(snapshot.sysvolScripts?.scripts.map((script) => [script.gpoId, script.hits.map((hit) => hit.kind)])).toEqual([
      [null, ['net use mit Kennwort']],
      [gpoId, ['ConvertTo-SecureString -AsPlainText']],
    ]);
    expect(JSON.stringify(snapshot)).not.toContain(NETLOGON_SECRET);
  }, 120_000);

  it('an SMB read failure makes the check „Nicht geprüft“ with the reason, never „kein Befund“', async () => {
    if (config.sysvol.mode !== 'smb') throw new Error('lab collector reads SYSVOL over SMB');
    const { snapshot } = await collectSnapshot(config.ldap, { ...config.sysvol, password: 'falsches-Kennwort' }, 'test');
    expect(snapshot.sysvolScripts?.readError).toContain('smbclient');
    const check = checkBySlug(SLUG);
    if (check?.directory !== 'ad') throw new Error(`${SLUG} is not registered as AD check`);
    const outcome = check.detect(snapshot, {}, indexSnapshot(snapshot));
    expect(outcome.affected).toEqual([]);
    expect(outcome.skippedReason).toMatch(/^Anmeldeskripte nicht vollständig lesbar: .*smbclient/);
  }, 120_000);
});
