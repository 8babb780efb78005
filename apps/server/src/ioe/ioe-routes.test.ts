import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { poolOf } from '../db/database';
import { seedDemoData } from '../demo/seed';
import { IOE_EVALUATION_JOB, runLockKey } from './evaluation-jobs';
import type { IoeState, IoeStatesResponse } from './ioe-states';

let test: TestApp;
let providerId: string;
const clients: Record<string, string> = {};

beforeAll(async () => {
  test = await createTestApp();
  ({ providerId } = await seedDemoData(test.database.db, { snapshots: true }));
  for (const row of await test.database.db.selectFrom('client').select(['client_id_pk', 'client_name']).execute()) {
    clients[row.client_name] = row.client_id_pk;
  }
}, 120_000);
afterAll(() => test.close());

const mueller = () => clients['Müller Maschinenbau AG'] as string;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, role: 'serviceprovider' | 'client' = 'serviceprovider') {
  const orgId = role === 'client' ? mueller() : providerId;
  const response = await test.app.inject({ method, url, headers: await test.headersFor(role, orgId), ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, contentType: String(response.headers['content-type']), body: response.json() as Record<string, unknown> };
}

/** A refusal as RFC 9457 problem details: status, content type and the German detail (and field errors). */
function expectProblem(response: Awaited<ReturnType<typeof call>>, status: number, detail: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.contentType).toMatch(/^application\/problem\+json/);
  if (typeof detail === 'string') expect(response.body.detail).toContain(detail);
  else expect(response.body.detail).toMatch(detail);
  return response.body as { detail: string; errors?: Array<{ path: string; message: string }> };
}

const states = async (clientId = mueller()) => (await call('GET', `/client/${clientId}/ioe/states`)).body as unknown as IoeStatesResponse;
const ioe = (response: IoeStatesResponse, slug: string) => response.ioe.find((item) => item.ioeType === slug) as IoeState;

describe('IoE evaluation of the demo seed', () => {
  it('evaluates all checks for each demo client and stores distinct real scores with grade', async () => {
    const scores: Record<string, unknown> = {};
    for (const [name, id] of Object.entries(clients)) scores[name] = (await states(id)).score;
    expect(scores['Bäckerei Sonnenschein']).toMatchObject({ grade: expect.stringMatching(/^[AB]/), colour: 'green' });
    expect(scores['Müller Maschinenbau AG']).toMatchObject({ colour: 'yellow' });
    // Stadtwerke has GPP cpassword (critical) → capped at 69 or lower, red.
    expect(scores['Stadtwerke Nordheim']).toMatchObject({ colour: 'red' });
    const values = Object.values(scores).map((score) => (score as { score: number }).score);
    expect(new Set(values).size).toBe(3);
    const row = await test.database.db.selectFrom('client').select('client_security_score').where('client_id_pk', '=', mueller()).executeTakeFirstOrThrow();
    expect(Number(row.client_security_score)).toBe((scores['Müller Maschinenbau AG'] as { score: number }).score);
  });

  it('answers the SPEC IOE states shape with adConnected, entraConnected and every IoE', async () => {
    const response = await states();
    expect(response.adConnected).toBe(true);
    expect(response.entraConnected).toBe(false);
    expect(response.ioe.length).toBeGreaterThanOrEqual(37);
    const admins = ioe(response, 'count-domain-admins');
    expect(admins).toMatchObject({ criticality: 'medium', totalFindingsCount: 7, totalExceptionsCount: 0, allFindingsHaveException: false, isActive: true, skippedReason: null });
    expect(Object.keys(admins)).toEqual(expect.arrayContaining(['ioeIdPk', 'ioeType', 'title', 'description', 'criticality', 'scoreImpact', 'totalFindingsCount', 'totalExceptionsCount', 'allFindingsHaveException', 'setting', 'skippedReason', 'isActive']));
    expect(ioe(response, 'entra-legacy-authentication-allowed').skippedReason).toContain('Entra');
    expect(ioe(response, 'machine-account-quota').totalFindingsCount).toBe(1);
  });

  it('lists findings of a slug with evidence and masks secrets', async () => {
    const { status, body } = await call('GET', `/client/${clients['Stadtwerke Nordheim']}/ioe/findings/password-like-string-found`);
    expect(status).toBe(200);
    const findings = body.findings as Array<{ objectName: string; evidence: string }>;
    expect(findings.map((finding) => finding.objectName)).toEqual(['mitarbeiter007']);
    expect(findings[0]?.evidence).not.toContain('Willkommen2024!');
    expect((body.details as { remediation: string[] }).remediation.length).toBeGreaterThan(0);
    expectProblem(await call('GET', `/client/${mueller()}/ioe/findings/does-not/exist`), 404, 'Die Prüfung „does-not/exist“ wurde nicht gefunden.');
  });
});

describe('Entra and hybrid checks (demo: Stadtwerke has an Entra snapshot, Müller has none)', () => {
  it('evaluates the Entra snapshot with the AD snapshot and reports missing data as „Nicht geprüft“ with the reason', async () => {
    const stadtwerke = await states(clients['Stadtwerke Nordheim']);
    expect(ioe(stadtwerke, 'entra-legacy-authentication-allowed')).toMatchObject({ skippedReason: null, totalFindingsCount: 0 });
    expect(ioe(stadtwerke, 'entra-users-can-register-apps')).toMatchObject({ skippedReason: null, totalFindingsCount: 1 });
    // Every state carries its framework references (finding page, findings filter, PDF).
    expect(ioe(stadtwerke, 'dcsync-rights-non-admin').references).toEqual({ mitre: ['T1003.006'], bsi: ['APP.2.2.A5'], anssi: ['vuln_permissions_naming_context'] });
    // PIM data is missing for want of P2: the checks that need it say so instead of passing silently.
    expect(ioe(stadtwerke, 'entra-permanent-privileged-assignment').skippedReason).toBe('Nicht geprüft: PIM-Berechtigungen erfordern Entra ID P2; der Mandant hat Entra ID P1.');
    const synced = await call('GET', `/client/${clients['Stadtwerke Nordheim']}/ioe/findings/entra-privileged-onprem-user-synced`);
    const findings = synced.body.findings as Array<{ objectName: string; evidence: string; distinguishedName: string | null }>;
    expect(findings.map((finding) => finding.objectName)).toEqual(['adm-1@swn.de']);
    expect(findings[0]?.evidence).toContain('auch im lokalen AD privilegiert');
    expect(ioe(stadtwerke, 'entra-onprem-tier0-synced').totalFindingsCount).toBe(1);

    const withoutEntra = await states();
    expect(ioe(withoutEntra, 'entra-mfa-not-enforced')).toMatchObject({ skippedReason: 'Nicht geprüft: Entra ID ist nicht verbunden.', totalFindingsCount: 0 });
    expect(ioe(withoutEntra, 'entra-onprem-tier0-synced').skippedReason).toBe('Nicht geprüft: Entra ID ist nicht verbunden.');
  });
});

describe('exceptions, disabling, criticalities and thresholds change the score', () => {
  it('an exception for every finding of an IoE removes its impact; deleting it restores it', async () => {
    const before = (await states()).score?.score as number;
    const quota = ioe(await states(), 'machine-account-quota');
    const { body } = await call('GET', `/client/${mueller()}/ioe/findings/machine-account-quota`);
    const objectKey = (body.findings as Array<{ objectKey: string }>)[0]?.objectKey as string;

    const bad = expectProblem(await call('POST', `/client/${mueller()}/ioe/${quota.ioeIdPk}/exceptions`, { objectKey, reason: 'x' }), 400, 'Der Grund muss mindestens 3 Zeichen lang sein.');
    expect(bad.errors).toEqual([{ path: 'body.reason', message: 'Der Grund muss mindestens 3 Zeichen lang sein.' }]);
    const past = expectProblem(
      await call('POST', `/client/${mueller()}/ioe/${quota.ioeIdPk}/exceptions`, { objectKey, reason: 'Geplant', expiresAt: '2020-01-01' }),
      400,
      'Das Ablaufdatum muss in der Zukunft liegen.',
    );
    expect(past.errors?.[0]?.path).toBe('body.expiresAt');
    expectProblem(await call('POST', `/client/${mueller()}/ioe/${quota.ioeIdPk}/exceptions`, { objectKey: 'nope', reason: 'Geplant' }), 400, 'keinen Befund');
    expectProblem(await call('POST', `/client/${mueller()}/ioe/does-not-exist/exceptions`, { objectKey, reason: 'Geplant' }), 404, 'Die Prüfung „does-not-exist“ wurde nicht gefunden.');

    const created = await call('POST', `/client/${mueller()}/ioe/${quota.ioeIdPk}/exceptions`, { objectKey, reason: 'Rotation im nächsten Wartungsfenster', comment: 'Ticket 4711', expiresAt: '2099-12-31' }, 'client');
    expect(created.status).toBe(201);
    expectProblem(await call('POST', `/client/${mueller()}/ioe/${quota.ioeIdPk}/exceptions`, { objectKey, reason: 'doppelt' }), 409, 'besteht bei dieser Prüfung bereits eine Ausnahme');
    const after = await states();
    expect(ioe(after, 'machine-account-quota')).toMatchObject({ totalExceptionsCount: 1, allFindingsHaveException: true });
    expect(after.score?.score).toBe(before + quota.scoreImpact);

    const list = await call('GET', `/client/${mueller()}/ioe/exceptions`);
    const exception = (list.body.exceptions as Array<{ exceptionId: string; reason: string; ioeTitle: string; createdBy: string }>)[0];
    expect(exception).toMatchObject({ reason: 'Rotation im nächsten Wartungsfenster', ioeTitle: quota.title, createdBy: 'test@example.com' });
    expect((await call('DELETE', `/client/${mueller()}/ioe/exceptions/${exception?.exceptionId}`)).status).toBe(200);
    expect((await states()).score?.score).toBe(before);
    expectProblem(await call('DELETE', `/client/${mueller()}/ioe/exceptions/${exception?.exceptionId}`), 404, 'Die Ausnahme wurde nicht gefunden.');
    const notUuid = expectProblem(await call('DELETE', `/client/${mueller()}/ioe/exceptions/keine-uuid`), 400, 'Die Ausnahme-ID muss eine gültige UUID sein.');
    expect(notUuid.errors?.[0]?.path).toBe('params.exceptionId');
  });

  it('disabling an IoE needs a reason, records who, and removes its impact', async () => {
    const before = await states();
    const laps = ioe(before, 'laps-not-deployed');
    const missing = expectProblem(await call('POST', `/client/${mueller()}/ioe/${laps.ioeIdPk}`, { is_disabled: true }), 400, 'Der Grund der Deaktivierung fehlt.');
    expect(missing.errors?.[0]?.path).toBe('body.disabled_reason');
    expectProblem(await call('POST', `/client/${mueller()}/ioe/${laps.ioeIdPk}`, { is_disabled: true, disabled_reason: 'x', hacked: 1 }), 400, 'Das Feld „hacked“ ist hier nicht erlaubt.');
    expectProblem(await call('POST', `/client/${mueller()}/ioe/${laps.ioeIdPk}`, {}), 400, 'Die Anfrage enthält keine Änderung.');

    const disabled = await call('POST', `/client/${mueller()}/ioe/${laps.ioeIdPk}`, { is_disabled: true, disabled_reason: 'Risiko akzeptiert', disabled_comment: 'Altgeräte' });
    expect(disabled.status).toBe(200);
    expect(disabled.body.ioe).toMatchObject({ isActive: false, setting: { isDisabled: true, disabledReason: 'Risiko akzeptiert', disabledUserUid: '00000000-0000-4000-8000-000000000001' } });
    expect((await states()).score?.score).toBe((before.score?.score as number) + laps.scoreImpact);
    await call('POST', `/client/${mueller()}/ioe/${laps.ioeIdPk}`, { is_disabled: false });
    expect((await states()).score?.score).toBe(before.score?.score);
  });

  it('criticality override scales the impact; reset restores it', async () => {
    const before = await states();
    const admins = ioe(before, 'count-domain-admins');
    const raised = await call('POST', `/client/${mueller()}/ioe/${admins.ioeIdPk}`, { criticality: 'high' });
    expect(raised.body.ioe).toMatchObject({ criticality: 'high', scoreImpact: admins.scoreImpact * 2 });
    expectProblem(await call('POST', `/client/${mueller()}/ioe/${admins.ioeIdPk}`, { criticality: 'urgent' }), 400, /^Die Kritikalität muss einer dieser Werte sein/);
    await call('POST', `/client/${mueller()}/ioe/criticalities/reset`);
    expect(ioe(await states(), 'count-domain-admins').criticality).toBe('medium');
    expect((await states()).score?.score).toBe(before.score?.score);
  });

  it('thresholds are validated, re-evaluate the snapshot, and reset', async () => {
    const admins = ioe(await states(), 'count-domain-admins');
    const unknownKey = expectProblem(await call('POST', `/client/${mueller()}/ioe/${admins.ioeIdPk}`, { thresholds: { nope: 1 } }), 400, 'hat keinen Schwellenwert „nope“.');
    expect(unknownKey.errors?.[0]?.path).toBe('body.thresholds.nope');
    expectProblem(await call('POST', `/client/${mueller()}/ioe/${admins.ioeIdPk}`, { thresholds: { maxDomainAdmins: 0 } }), 400, 'muss zwischen 1 und 100 liegen.');
    const raised = await call('POST', `/client/${mueller()}/ioe/${admins.ioeIdPk}`, { thresholds: { maxDomainAdmins: 7 } });
    expect(raised.body.ioe).toMatchObject({ totalFindingsCount: 0, setting: { thresholds: [{ key: 'maxDomainAdmins', value: 7, default: 5 }] } });
    const reset = await call('POST', `/client/${mueller()}/ioe/thresholds/reset`);
    expect(reset.body).toEqual({ message: 'Die Schwellenwerte wurden auf die Standardwerte zurückgesetzt.', evaluationQueued: false });
    expect(ioe(await states(), 'count-domain-admins').totalFindingsCount).toBe(7);
  });

  it('security-score, rescan and score history', async () => {
    const score = await call('POST', `/client/${mueller()}/ioe/security-score`);
    expect(score.body).toMatchObject({ score: (await states()).score?.score, grade: expect.any(String) });
    const rescan = await call('POST', `/client/${mueller()}/audit/rescan`);
    expect(rescan.body).toMatchObject({ status: 'evaluated', checks: expect.any(Number) });
    const history = await call('GET', `/client/${mueller()}/ioe/score-history`);
    expect((history.body.history as unknown[]).length).toBeGreaterThan(3);
  });

  it('rescans wait while an evaluation of the client runs (one at a time, as the jobs and the snapshot prune see it)', async () => {
    // An evaluation job of the client holds its run lock (on a connection of its own, as underRunLock does).
    const lock = await poolOf(test.database.db).connect();
    const key = runLockKey(IOE_EVALUATION_JOB, mueller());
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    let answered = 0;
    // Eight users at once, more than the test's pool has connections (5): waiting requests must not hold the
    // connections the evaluation needs once the lock is free.
    const rescans = Array.from({ length: 8 }, () => call('POST', `/client/${mueller()}/audit/rescan`).finally(() => answered++));
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(answered).toBe(0);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      lock.release();
    }
    for (const rescan of await Promise.all(rescans)) expect(rescan.body).toMatchObject({ status: 'evaluated', checks: expect.any(Number) });
  }, 60_000);

  it('rescan without a collected snapshot is a 409 problem', async () => {
    const { clientId } = await insertProviderWithClient(test.database.db, { name: 'Ohne Snapshot GmbH' });
    const response = await test.app.inject({ method: 'POST', url: `/client/${clientId}/audit/rescan`, headers: await test.headersFor('admin', null) });
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ type: 'urn:burgwall:problem:no-snapshot', status: 409, detail: expect.stringContaining('noch keine Verzeichnisdaten') });
  });
});

describe('tenant scoping', () => {
  it('foreign providers and clients get 404, no token 401', async () => {
    const url = `/client/${mueller()}/ioe/states`;
    const foreign = await test.app.inject({ method: 'GET', url, headers: await test.headersFor('serviceprovider', '00000000-0000-4000-8000-00000000dead') });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(foreign.json().detail).toBe('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.');
    const otherClient = await test.app.inject({ method: 'POST', url: `/client/${mueller()}/audit/rescan`, headers: await test.headersFor('client', clients['Bäckerei Sonnenschein'] as string) });
    expect(otherClient.statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('PDF report with evaluated findings', () => {
  it('lists real findings of the evaluation', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/client/${clients['Stadtwerke Nordheim']}/report`, headers: await test.headersFor('serviceprovider', providerId) });
    expect(response.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'burgwall-ioe-report-'));
    writeFileSync(path.join(dir, 'r.pdf'), response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Kennwort in Gruppenrichtlinien-Einstellungen');
    expect(text).toContain('Lokale Administratoren Leitstelle');
    expect(text).not.toContain('noch keine Auswertung');
  });
});
