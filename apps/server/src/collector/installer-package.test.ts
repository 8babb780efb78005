import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { INSTALLER_COMMANDS, INSTALLER_FILES, INSTALLER_FOLDER } from '@burgwall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCollectorExecutables } from '../../../../test-support/collector-executables';
import { missingCommands, requireDependency } from '../../../../test-support/require-dependency';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';

// The installer as the customer gets it: downloaded from the route, unpacked with Info-ZIP's unzip, its install.sh
// run into a temporary root and its systemd unit checked by systemd itself.

const exec = promisify(execFile);
const COMMANDS = ['unzip', 'systemd-analyze', 'unshare', 'mount'];
const missing = process.getuid?.() !== 0
  ? 'root (systemd-analyze verify runs in a private mount namespace)'
  : missingCommands(COMMANDS).length > 0
    ? `${missingCommands(COMMANDS).join(', ')} not found on PATH (apt-get install unzip systemd util-linux mount)`
    : null;
const gate = requireDependency('installer-package', missing);

let testApp: TestApp;
let work: string;
let unpacked: string;

beforeAll(async () => {
  if (gate.skip) return;
  gate.assertAvailable();
  await ensureCollectorExecutables();
  testApp = await createTestApp();
  const { clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Paketbau GmbH' });
  const response = await testApp.app.inject({ method: 'GET', url: `/client/${clientId}/collector/installer`, headers: await testApp.headersFor('client', clientId) });
  expect(response.statusCode).toBe(200);
  work = await mkdtemp(path.join(tmpdir(), 'burgwall-installer-'));
  await writeFile(path.join(work, 'installer.zip'), response.rawPayload);
  // -t: every entry's CRC checks out (the zip is concatenated from a cached part and the per-download config).
  await exec('unzip', ['-tq', 'installer.zip'], { cwd: work });
  await exec('unzip', ['-q', 'installer.zip', '-d', 'unpacked'], { cwd: work });
  unpacked = path.join(work, 'unpacked', INSTALLER_FOLDER);
}, 300_000);

afterAll(async () => {
  await testApp?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const mode = async (file: string) => (await stat(file)).mode & 0o777;
const text = (name: string) => readFile(path.join(unpacked, name), 'utf8');

describe.skipIf(gate.skip)('the installer zip', () => {
  it('unpacks to exactly the listed files: real executables, executable scripts, a private config', async () => {
    const listing = (await exec('unzip', ['-Z1', path.join(work, 'installer.zip')])).stdout.trim().split('\n').sort();
    expect(listing).toEqual(INSTALLER_FILES.map((file) => `${INSTALLER_FOLDER}/${file.name}`).sort());
    const head = async (name: string, bytes: number) => (await readFile(path.join(unpacked, name))).subarray(0, bytes).toString('latin1');
    expect(await head('burgwall-collector', 4)).toBe('\x7fELF');
    expect(await head('burgwall-collector.exe', 2)).toBe('MZ');
    expect(await head('burgwall-collector-service.exe', 2)).toBe('MZ');
    expect(await mode(path.join(unpacked, 'burgwall-collector'))).toBe(0o755);
    expect(await mode(path.join(unpacked, 'install.sh'))).toBe(0o755);
    expect(await mode(path.join(unpacked, 'burgwall-collector.json'))).toBe(0o600);
    const version = spawnSync(path.join(unpacked, 'burgwall-collector'), ['--version'], { encoding: 'utf8', env: { PATH: '/nonexistent' } });
    expect(version.status).toBe(0);
  });

  it('LIESMICH.txt (German, Windows line ends) names every file and the commands of the download pages', async () => {
    const readme = await text('LIESMICH.txt');
    expect(readme).toContain('\r\n');
    for (const file of INSTALLER_FILES) expect(readme).toContain(`${file.name}`);
    expect(readme).toContain(INSTALLER_COMMANDS.Windows);
    expect(readme).toContain(INSTALLER_COMMANDS.Linux);
    expect(readme).toMatch(/Einrichtungsassistent/);
    expect(readme).not.toMatch(/\{\{\w+\}\}/);
  });

  it('install.ps1 does what the page says: admin check, %ProgramFiles%\\Burgwall, account, service restarting on failure, logs, -Uninstall', async () => {
    const ps1 = await text('install.ps1');
    for (const promise of [
      'IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)',
      "Join-Path $env:ProgramFiles 'Burgwall'",
      "Join-Path $env:ProgramData 'Burgwall'",
      "Join-Path $Data 'logs'",
      '<logpath>$Logs</logpath>',
      '[string]$Account',
      '[SecureString]$Password',
      '<onfailure action="restart"',
      'sc.exe failure $ServiceName',
      '[switch]$Uninstall',
      "@('setup', '--config', $Config)",
    ]) {
      expect(ps1).toContain(promise);
    }
  });

  it('install.sh installs into a root: binary, config 0600, state 0700, a unit systemd accepts; --uninstall removes it all', async () => {
    const root = path.join(work, 'root');
    const install = await exec('sh', [path.join(unpacked, 'install.sh'), '--root', root, '--no-setup']);
    expect(install.stdout).toContain('Testinstallation');
    expect(await mode(path.join(root, 'opt/burgwall/burgwall-collector'))).toBe(0o755);
    expect(await mode(path.join(root, 'etc/burgwall/collector.json'))).toBe(0o600);
    expect(JSON.parse(await readFile(path.join(root, 'etc/burgwall/collector.json'), 'utf8'))).toEqual(JSON.parse(await text('burgwall-collector.json')));
    expect(await mode(path.join(root, 'var/lib/burgwall'))).toBe(0o700);
    const unitFile = path.join(root, 'etc/systemd/system/burgwall-collector.service');
    const unit = await readFile(unitFile, 'utf8');
    for (const line of ['Restart=on-failure', 'User=burgwall', 'ExecStart=/opt/burgwall/burgwall-collector run --config /etc/burgwall/collector.json', 'Environment=BURGWALL_STATE_DIR=/var/lib/burgwall', 'WantedBy=multi-user.target']) {
      expect(unit).toContain(line);
    }
    // systemd checks the unit with the binary where the unit expects it: /opt/burgwall bound in a private mount
    // namespace (nothing changes outside). It reports unknown settings on stderr, so stderr must stay empty.
    const verify = (file: string) =>
      spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs none /opt && mkdir /opt/burgwall && mount --bind "$1" /opt/burgwall && systemd-analyze verify "$2"', 'verify', path.join(root, 'opt/burgwall'), file], { encoding: 'utf8' });
    const good = verify(unitFile);
    expect({ status: good.status, stderr: good.stderr }).toEqual({ status: 0, stderr: '' });
    // …and the check can fail: a broken copy of the unit is reported.
    const broken = path.join(work, 'broken.service');
    await writeFile(broken, unit.replace('Restart=on-failure', 'Restart=sometimes'));
    expect(verify(broken).stderr).toContain('Failed to parse service restart specifier');

    const uninstall = await exec('sh', [path.join(unpacked, 'install.sh'), '--root', root, '--uninstall']);
    expect(uninstall.stdout).toContain('entfernt');
    for (const gone of ['opt/burgwall', 'etc/burgwall', 'var/lib/burgwall', 'etc/systemd/system/burgwall-collector.service']) {
      await expect(stat(path.join(root, gone))).rejects.toThrow(/ENOENT/);
    }
  });

  it('install.sh refuses unknown options and explains a missing file in German', async () => {
    const unknown = spawnSync('sh', [path.join(unpacked, 'install.sh'), '--frobnicate'], { encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unbekannte Option: --frobnicate');
    const lonely = path.join(work, 'lonely');
    await exec('mkdir', ['-p', lonely]);
    await exec('cp', [path.join(unpacked, 'install.sh'), lonely]);
    const incomplete = spawnSync('sh', [path.join(lonely, 'install.sh'), '--root', path.join(work, 'root2'), '--no-setup'], { encoding: 'utf8' });
    expect(incomplete.status).toBe(1);
    expect(incomplete.stderr).toContain('burgwall-collector fehlt neben install.sh');
  });
});
