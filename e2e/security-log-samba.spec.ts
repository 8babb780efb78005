/**
 * The full path against a real Samba AD DC: attack-like changes made on the DC (a user added to Domain Admins, an
 * SPN set on a user) are read by the real collector on its next cycle, uploaded to the server, detected as IoAs and
 * pushed to the open security log in Chromium — without a reload, within 5 s of the end of that cycle.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { promisify } from 'node:util';
import { requireDependency } from '../test-support/require-dependency';
import * as L from '../test-support/samba-ad/samba-lab';
import { signIn } from './support/sign-in';

const LAB_IP = '127.0.0.6';
const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const USER_PASSWORD = 'Burgw4ll!Angriff-2026';
const samba = requireDependency('security-log-samba', L.sambaLabMissing());
const exec = promisify(execFile);

/** One cycle of the real collector CLI (`burgwall-collector run --once`); returns its output. */
async function collectorCycle(configFile: string): Promise<string> {
  const { stdout, stderr } = await exec(process.execPath, ['apps/collector/bin/burgwall-collector.js', 'run', '--once', '--config', configFile], {
    timeout: 120_000,
  });
  return `${stdout}${stderr}`;
}

let lab: L.Lab | undefined;
let work: string | undefined;

test.describe('security log against a real Samba AD DC', () => {
  test.skip(samba.skip, samba.message);

  test.beforeAll(async () => {
    samba.assertAvailable();
    test.setTimeout(180_000);
    lab = await L.startLab(LAB_IP, 'samba-issue-6-');
    await L.sambaTool(lab, ['user', 'add', 'mallory', USER_PASSWORD, '--description=Neuer Mitarbeiter']);
    await L.sambaTool(lab, ['user', 'add', 'svcweb', USER_PASSWORD, '--description=Webdienst']);
    work = await mkdtemp(path.join(tmpdir(), 'burgwall-e2e-collector-'));
  });

  test.afterAll(async () => {
    await L.stopLab(lab);
    if (lab) await rm(lab.dir, { recursive: true, force: true });
    if (work) await rm(work, { recursive: true, force: true });
  });

  test('a user added to Domain Admins and an SPN set on a user appear live after the collector’s next cycle', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const activeLab = lab as L.Lab;
    await page.goto('/');
    await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD, '/client');
    await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
    const clientId = new URL(page.url()).pathname.split('/')[2] as string;

    // The customer's own way to a collector: the installer download, whose config carries a fresh key.
    const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
    const installer = await page.request.get(`/client/${clientId}/collector/installer`, {
      headers: { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'client' },
    });
    expect(installer.status()).toBe(200);
    const zip = await JSZip.loadAsync(await installer.body());
    const configFile = Object.values(zip.files).find((file) => file.name.endsWith('burgwall-collector.json'));
    const shipped = JSON.parse((await configFile?.async('string')) ?? '{}') as Record<string, unknown>;
    expect(shipped.clientId).toBe(clientId);
    expect(shipped.serverUrl).toBe(baseURL);
    // What the administrator fills in: the DC's LDAP connection.
    const configPath = path.join(work as string, 'burgwall-collector.json');
    await writeFile(
      configPath,
      JSON.stringify({ ...shipped, ldap: { url: `ldap://${activeLab.ip}`, bindDn: activeLab.bindUpn, password: activeLab.password }, stateDir: './state' }),
      { mode: 0o600 },
    );
    // First cycle: full snapshot, the baseline for change tracking.
    const first = await collectorCycle(configPath);
    expect(first).toContain('Vollständige Erfassung');

    await page.goto(`/client/${clientId}/security-log`);
    await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 10_000 });
    await expect(page.getByTestId('loading-state')).toHaveCount(0);
    const before = await page.getByTestId('security-log-row').count();
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    // The attack, on the DC.
    await L.sambaTool(activeLab, ['group', 'addmembers', 'Domain Admins', 'mallory']);
    await L.sambaTool(activeLab, ['spn', 'add', 'HTTP/web.angriff.example', 'svcweb']);

    // The collector's next cycle reads the changes (uSNChanged) and uploads them.
    const cycle = await collectorCycle(configPath);
    const cycleDone = Date.now();
    console.log(cycle.trim());

    await expect(page.getByText(/mallory zu „Domain Admins“ hinzugefügt/i)).toBeVisible({ timeout: 5000 });
    await expect(page.getByText(/SPN HTTP\/web\.angriff\.example auf CN=svcweb,/)).toBeVisible({ timeout: 5000 });
    expect(Date.now() - cycleDone).toBeLessThan(5000);
    await expect(page.getByTestId('security-log-row')).toHaveCount(before + 2);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await page.screenshot({ path: 'test-results/screens/security-log-samba.png', fullPage: true });

    // The change history holds the raw attribute changes the collector reported.
    await page.goto(`/client/${clientId}/change-history/search?q=Domain%20Admins&attribute=member`);
    await expect(page.getByTestId('change-row').first()).toContainText('IoA');
    await page.goto(`/client/${clientId}/explorer`);
    await page.getByRole('tab', { name: 'Gruppen', exact: true }).click();
    await page.getByLabel('Objekte durchsuchen').fill('Domain Admins');
    await expect(page.getByTestId('explorer-row')).toHaveCount(1);
    await page.getByTestId('explorer-row').filter({ hasText: 'CN=Domain Admins,' }).click();
    await expect(page.getByText('Zeitleiste der Änderungen')).toBeVisible();
    // The group's timeline shows the member change the collector reported.
    await expect(page.getByRole('dialog').getByTestId('change-row').first()).toContainText('member');
    await page.screenshot({ path: 'test-results/screens/explorer-samba.png', fullPage: true });
  });
});
