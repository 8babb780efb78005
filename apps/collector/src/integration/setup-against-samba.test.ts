import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCollectorKey } from '../../../server/src/collector/collector-keys';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import type { CheckResult } from '../setup/check-result';
import { diagnoseBind, diagnoseConnection, diagnoseDirectory } from '../setup/diagnose';
import { closeServedTestApp } from './close-test-app';

// The setup wizard's and doctor's tests against a real Samba AD DC: the German failure messages for a wrong
// password, a wrong host and an untrusted certificate, a non-interactive `setup` that writes the config and
// activates, and one interactive run driven through tmux like an administrator at the keyboard.

const samba = requireDependency('setup-against-samba', L.sambaLabMissing());
const tmux = requireDependency('setup-in-tmux', spawnSync('sh', ['-c', 'command -v tmux']).status === 0 ? null : 'tmux (apt-get install tmux) to drive the interactive wizard');
const LAB_IP = '127.0.14.1';
/** A loopback address of this engineer's range where nothing listens. */
const NOBODY_IP = '127.0.14.9';
const APP_PORT = 32141;
const BIN = fileURLToPath(new URL('../../bin/burgwall-collector.js', import.meta.url));

let lab: L.Lab;
let testApp: TestApp;
let work: string;
let caFile: string;
let clientId: string;

const collect = () => {
  const results: CheckResult[] = [];
  return { results, report: (result: CheckResult) => void results.push(result) };
};

async function freshConfig(name: string): Promise<string> {
  const file = path.join(work, `${name}.json`);
  const apiKey = (await issueCollectorKey(testApp.services.db, clientId)).key;
  const config = { serverUrl: `http://127.0.0.1:${APP_PORT}`, clientId, apiKey, ldap: { url: '', bindDn: '', password: '', startTls: false }, sysvol: { mode: 'smb' }, stateDir: `./state-${name}` };
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  return file;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe.skipIf(samba.skip)('setup and doctor against a real Samba AD DC', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    lab = await L.startLab(LAB_IP, 'samba-issue-14-setup-');
    caFile = path.join(lab.dir, 'private/tls/ca.pem');
    testApp = await createTestApp();
    await testApp.app.listen({ port: APP_PORT, host: '127.0.0.1' });
    ({ clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Assistent GmbH' }));
    work = await mkdtemp(path.join(tmpdir(), 'burgwall-setup-'));
  }, 300_000);

  afterAll(async () => {
    spawnSync('tmux', ['kill-session', '-t', 'burgwall-i14-setup']);
    await L.stopLab(lab);
    await closeServedTestApp(testApp);
    if (work) await rm(work, { recursive: true, force: true });
  }, 180_000);

  it('wrong password: the bind is refused with LDAP result code 49 and the fix', async () => {
    const { results, report } = collect();
    const facts = await diagnoseBind({ url: `ldap://${lab.ip}`, bindDn: lab.bindUpn, password: 'falsch-123', startTls: true, tlsCaPem: await readFile(caFile, 'utf8') }, report);
    expect(facts).toBeNull();
    const failure = results.find((result) => !result.ok) as CheckResult;
    expect(failure.step).toBe('Anmeldung');
    expect(failure.text).toMatch(new RegExp(`^Anmeldung als ${lab.bindUpn} abgelehnt: Benutzername oder Passwort ist falsch \\(LDAP-Ergebniscode 49 invalidCredentials`));
    expect(failure.fix).toContain('Passwort prüfen');
  });

  it('wrong host: an unknown name fails at DNS, an address without a DC at TCP 636', async () => {
    const dns = collect();
    expect(await diagnoseConnection({ url: 'ldaps://dc-gibt-es-nicht.invalid', bindDn: '', password: '' }, dns.report)).toBe(false);
    expect(dns.results).toEqual([expect.objectContaining({ step: 'DNS', ok: false, text: expect.stringMatching(/^Der Name dc-gibt-es-nicht\.invalid lässt sich nicht auflösen/) })]);
    expect(dns.results[0]?.fix).toContain('nslookup dc-gibt-es-nicht.invalid');

    const tcp = collect();
    expect(await diagnoseConnection({ url: `ldaps://${NOBODY_IP}`, bindDn: '', password: '' }, tcp.report)).toBe(false);
    expect(tcp.results.at(-1)).toMatchObject({ step: 'TCP 636', ok: false, text: `Keine Verbindung zu ${NOBODY_IP}:636 (Verbindung abgelehnt).` });
    expect(tcp.results.at(-1)?.fix).toContain('Firewall');
  });

  it('untrusted certificate: the self-signed DC certificate is refused with the fix; with its CA everything passes', async () => {
    const untrusted = collect();
    expect(await diagnoseConnection({ url: `ldaps://${lab.ip}`, bindDn: '', password: '' }, untrusted.report)).toBe(false);
    const failure = untrusted.results.at(-1) as CheckResult;
    expect(failure.step).toBe('TLS-Zertifikat');
    expect(failure.text).toMatch(new RegExp(`^Dem Zertifikat von ${lab.ip.replace(/\./g, '\\.')} wird nicht vertraut: .+ \\((SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE)\\)\\.$`));
    expect(failure.fix).toContain('ldap.tlsCaFile');

    const trusted = collect();
    const ldap = { url: `ldaps://${lab.ip}`, bindDn: lab.bindUpn, password: lab.password, tlsCaPem: await readFile(caFile, 'utf8') };
    const sysvol = { mode: 'smb' as const, host: lab.ip, share: 'sysvol', username: 'Administrator', password: lab.password, domain: lab.netbios, smbclientPath: 'smbclient' };
    expect(await diagnoseDirectory(ldap, sysvol, trusted.report)).toBe(true);
    expect(trusted.results.map((result) => result.step)).toEqual(['DNS', 'TCP 636', 'TLS-Zertifikat', 'Anmeldung', 'Uhrzeit (Domänencontroller)', 'SYSVOL']);
  });

  it('setup --non-interactive: explains a wrong password and leaves the config alone; with the right one writes it, activates, and doctor passes', async () => {
    const file = await freshConfig('cli');
    const before = await readFile(file, 'utf8');
    const args = ['setup', '--config', file, '--non-interactive', '--ldap-url', `ldaps://${lab.ip}`, '--account', lab.bindUpn, '--ca-file', caFile];
    const wrong = await cli(args, { BURGWALL_LDAP_PASSWORD: 'falsch-123' });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('✗ Anmeldung: Anmeldung als');
    expect(wrong.out).toContain('LDAP-Ergebniscode 49 invalidCredentials');
    expect(wrong.out).toContain('→ Lösung:');
    expect(wrong.out).toContain('Einrichtung abgebrochen: Die Anmeldung am Domänencontroller ist fehlgeschlagen.');
    expect(await readFile(file, 'utf8')).toBe(before);

    const right = await cli(args, { BURGWALL_LDAP_PASSWORD: lab.password });
    expect(right.out).toContain('Einrichtung abgeschlossen.');
    expect(right.code).toBe(0);
    const written = JSON.parse(await readFile(file, 'utf8'));
    expect(written.ldap).toMatchObject({ url: `ldaps://${lab.ip}`, bindDn: lab.bindUpn, password: lab.password, startTls: false, tlsCaFile: caFile });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const key = await testApp.services.db.selectFrom('collector_key').select(['activated_at']).where('client_fk', '=', clientId).where('activated_at', 'is not', null).execute();
    expect(key.length).toBeGreaterThan(0);

    const doctor = await cli(['doctor', '--config', file]);
    expect(doctor.out).toContain('✓ SYSVOL');
    expect(doctor.out).toContain('✓ Collector-Schlüssel: vom Server angenommen');
    expect(doctor.out).toContain('Alles in Ordnung.');
    expect(doctor.code).toBe(0);
  }, 120_000);

  it.skipIf(tmux.skip)('interactive in a terminal: asks the DC, LDAPS, account and password, re-asks after a wrong password, then activates', async () => {
    tmux.assertAvailable();
    const file = await freshConfig('tmux');
    const session = 'burgwall-i14-setup';
    const screen = () => spawnSync('tmux', ['capture-pane', '-p', '-t', session, '-S', '-200'], { encoding: 'utf8' }).stdout;
    const waitFor = async (text: string | RegExp, timeoutMs = 60_000) => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const now = screen();
        if (typeof text === 'string' ? now.includes(text) : text.test(now)) return now;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`"${String(text)}" did not appear; screen:\n${screen()}`);
    };
    const keys = (...sequence: string[]) => spawnSync('tmux', ['send-keys', '-t', session, ...sequence]);
    const type = (text: string) => spawnSync('tmux', ['send-keys', '-t', session, '-l', text]);
    spawnSync('tmux', ['new-session', '-d', '-s', session, '-x', '160', '-y', '50', `${process.execPath} ${BIN} setup --config ${file} --ca-file ${caFile}; echo EXIT=$?; sleep 600`]);
    await waitFor('Domänencontroller (DNS-Name');
    type(lab.ip);
    keys('Enter');
    await waitFor('Verschlüsselung:');
    keys('Enter'); // LDAPS (first choice)
    await waitFor('✓ TLS-Zertifikat');
    await waitFor('LDAP-Konto');
    type(lab.bindUpn);
    keys('Enter');
    await waitFor('Passwort:');
    type('falsch-123');
    keys('Enter');
    await waitFor('LDAP-Ergebniscode 49 invalidCredentials');
    await waitFor(/LDAP-Konto[\s\S]*LDAP-Konto/); // asked again
    keys('Enter'); // keeps the account as default
    await waitFor(/Passwort:[\s\S]*Passwort:/);
    type(lab.password);
    keys('Enter');
    const end = await waitFor('EXIT=', 90_000);
    expect(end).toContain('✓ Anmeldung: angemeldet als');
    expect(end).toContain('Einrichtung abgeschlossen.');
    expect(end).toContain('EXIT=0');
    expect(end).not.toContain(lab.password);
  }, 180_000);
});
