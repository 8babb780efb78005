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
import { clientDb } from '../../../server/src/db/client-db';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { collectSnapshot } from '../directory/collect-snapshot';
import { createGpo } from './lab-gpo';
import { type SambaSuite, startSambaSuite, stopSambaSuite } from './samba-suite';

const samba = requireDependency('sysvol-scripts-against-samba', L.sambaLabMissing());
const LAB_IP = '127.0.31.1';
const APP_PORT = 3420;
const SLUG = 'sysvol-script-credentials';
const NETLOGON_SECRET = 'Skr1pt!Netlogon-77';
const STARTUP_SECRET = 'Start#Skript-2026x';

let suite: SambaSuite | undefined;
let gpoId: string;

const s = () => suite as SambaSuite;

async function seedScripts(activeLab: L.Lab): Promise<void> {
  const local = await mkdtemp(path.join(tmpdir(), 'burgwall-scripts-seed-'));
  try {
    await writeFile(path.join(local, 'logon.bat'), `@echo off\r\nrem Laufwerke\r\nnet use Z: \\\\fs1\\daten ${NETLOGON_SECRET} /user:LAB\\svc-share\r\n`);
    await writeFile(path.join(local, 'drucker.cmd'), 'rundll32 printui.dll,PrintUIEntry /in /n \\\\print1\\Etage2\r\n');
    // Not a script type: never scanned (NETLOGON often holds installers).
    await writeFile(path.join(local, 'readme.txt'), `password=${NETLOGON_SECRET}\r\n`);
    await writeFile(path.join(local, 'start.ps1'), `$pw = ConvertTo-SecureString "${STARTUP_SECRET}" -AsPlainText -Force\r\n`);
    await L.smbclient(activeLab, [`cd "${activeLab.dnsDomain}/scripts"`, `lcd "${local}"`, 'put logon.bat', 'put drucker.cmd', 'put readme.txt'].join('; '));
    gpoId = (await createGpo(activeLab, 'Startskripte')).id;
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
    suite = await startSambaSuite({ ip: LAB_IP, port: APP_PORT, prefix: 'samba-issue-16-scripts-', clientName: 'Labor Anmeldeskripte GmbH', machineCode: 'lab-machine-0016' });
  }, 240_000);

  afterAll(() => stopSambaSuite(suite), 60_000);

  it('a clean default domain: the scripts were read over SMB and raise no finding (checked, not skipped)', async () => {
    await s().collect();
    const body = await s().findings(SLUG);
    expect(body.ioe.skippedReason).toBeNull();
    expect(body.findings).toEqual([]);
  }, 120_000);

  it('finds the seeded NETLOGON and GPO startup scripts with masked lines; the secrets never reach the server', async () => {
    await seedScripts(s().lab);
    await s().collect();
    const body = await s().findings(SLUG);
    expect(body.ioe.skippedReason).toBeNull();
    const domain = s().lab.dnsDomain;
    expect(body.findings.map((finding) => [finding.objectType, finding.objectName]).sort()).toEqual([
      ['sysvol-file', `${domain}/Policies/${gpoId}/Machine/Scripts/Startup/start.ps1`],
      ['sysvol-file', `${domain}/scripts/logon.bat`],
    ]);
    const logon = body.findings.find((finding) => finding.objectName.endsWith('logon.bat'));
    expect(logon?.evidence).toBe('Anmeldeskript in NETLOGON: Zeile 3 (net use mit Kennwort): net use Z: \\\\fs1\\daten S••••••••7 /user:LAB\\svc-share');
    const startup = body.findings.find((finding) => finding.objectName.endsWith('start.ps1'));
    expect(startup?.evidence).toBe('Skript der Gruppenrichtlinie „Startskripte“: Zeile 1 (ConvertTo-SecureString -AsPlainText): $pw = ConvertTo-SecureString "S••••••••x" -AsPlainText -Force');

    const snapshots = await clientDb(s().testApp.services.db, s().clientId).selectFrom('snapshot').select('data').orderBy('snapshot_id_pk', 'desc').execute();
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
    const { lab: activeLab, config } = s();
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
    const { config } = s();
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
