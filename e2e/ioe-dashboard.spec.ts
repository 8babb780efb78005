import { grade, scoreColour } from '@burgwall/shared';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

interface States {
  score: { score: number; grade: string; colour: string } | null;
  ioe: Array<{ ioeType: string; title: string; totalFindingsCount: number; totalExceptionsCount: number; isActive: boolean; skippedReason: string | null; references: { anssi: string[] } }>;
}

/** The IoE states straight from the API with the page's own session (the numbers the screens must show). */
async function fetchStates(page: Page, clientId: string): Promise<States> {
  return page.evaluate(async (id) => {
    const session = (await (await fetch('/api/auth/session')).json()) as { accessToken: string };
    const response = await fetch(`/client/${id}/ioe/states`, { headers: { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'client' } });
    return (await response.json()) as States;
  }, clientId);
}

/** The IoE list shows `count` checks: the first page of rows (25 per page) and, when any, „… von count“ under it. */
async function expectListed(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('ioe-table').locator('tbody tr')).toHaveCount(Math.min(count, 25));
  if (count > 0) await expect(page.getByTestId('ioe-table')).toContainText(`von ${count}`);
}

test.describe('IoE screens with the evaluated demo data', () => {
  test('dashboard shows the computed score, grade and colour; list, finding, exception and exceptions pages work', async ({ page }) => {
    await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
    const clientId = new URL(page.url()).pathname.split('/')[2] as string;

    const before = await fetchStates(page, clientId);
    expect(before.score).not.toBeNull();
    const score = before.score?.score as number;
    // The API score is the evaluation of the seeded snapshot: not the old preset of 91, and graded by the shared rules.
    expect(score).not.toBe(91);
    expect(before.score?.grade).toBe(grade(score));
    await expect(page.getByTestId('score-value')).toHaveText(String(score));
    await expect(page.getByTestId('score-grade')).toHaveText(grade(score));
    await expect(page.getByTestId('score-grade')).toHaveAttribute('data-colour', scoreColour(score));
    await expect(page.getByTestId('top-findings')).toContainText('Schema-Admins ist nicht leer');
    // The layout shows the current client, kept in session storage (SPEC §4).
    await expect(page.getByRole('banner').getByText('Bäckerei Sonnenschein')).toBeVisible();
    const cached = await page.evaluate(() => window.sessionStorage.getItem('burgwall.current-client'));
    expect(JSON.parse(cached ?? '{}')).toMatchObject({ client_id_pk: clientId, client_initialized: true });
    await page.screenshot({ path: 'test-results/screens/ioe-dashboard.png', fullPage: true });

    await page.getByRole('link', { name: 'Alle Schwachstellen' }).click();
    await expect(page.getByRole('heading', { name: 'Schwachstellen (Indicators of Exposure)' })).toBeVisible();
    const withFindings = before.ioe.filter((ioe) => ioe.isActive && !ioe.skippedReason && ioe.totalFindingsCount > ioe.totalExceptionsCount);
    await expectListed(page, withFindings.length);
    await page.screenshot({ path: 'test-results/screens/ioe-list.png', fullPage: true });
    await page.locator('label', { hasText: /^Alle$/ }).click();
    await expectListed(page, before.ioe.length);
    // The Regelwerk filter keeps only checks with references in that framework (every check has a MITRE id).
    await page.getByRole('combobox', { name: 'Regelwerk' }).click();
    await page.getByRole('option', { name: 'ANSSI' }).click();
    await expectListed(page, before.ioe.filter((ioe) => ioe.references.anssi.length > 0).length);
    await page.getByRole('combobox', { name: 'Regelwerk' }).click();
    await page.getByRole('option', { name: 'MITRE ATT&CK' }).click();
    await expectListed(page, before.ioe.length);

    // 78 checks are more than one page: the search finds the one to open.
    await page.getByRole('textbox', { name: 'Prüfung suchen' }).fill('Schema-Admins');
    await page.getByRole('link', { name: 'Schema-Admins ist nicht leer' }).click();
    await expect(page).toHaveURL(/\/ioe\/findings\/group-schema-admins-not-empty$/);
    await expect(page.getByText('So beheben Sie das')).toBeVisible();
    const row = page.getByTestId('findings-table').locator('tbody tr', { hasText: 'Administrator' });
    await expect(row).toContainText('Direktes Mitglied von Schema Admins');
    await expect(page.getByTestId('framework-references')).toContainText('MITRE ATT&CK');
    await expect(page.getByTestId('framework-references')).toContainText('T1078.002');
    await expect(page.getByTestId('framework-references')).toContainText('APP.2.2.A2');
    await page.screenshot({ path: 'test-results/screens/ioe-finding.png', fullPage: true });

    await row.getByRole('button', { name: 'Ausnahme hinzufügen' }).click();
    await page.getByLabel('Begründung').fill('Schemaerweiterung für Exchange geplant');
    await page.getByLabel('Kommentar').fill('Ticket 2026-114');
    await page.getByLabel('Gültig bis (optional)').fill('31.02.2099');
    await expect(page.getByText('Bitte als TT.MM.JJJJ eingeben')).toBeVisible();
    await page.getByLabel('Gültig bis (optional)').fill('31.12.2099');
    await page.screenshot({ path: 'test-results/screens/ioe-exception-modal.png' });
    await page.getByRole('button', { name: 'Ausnahme speichern' }).click();
    await expect(row.getByText('Schemaerweiterung für Exchange geplant')).toBeVisible();

    const after = await fetchStates(page, clientId);
    expect(after.score?.score).toBeGreaterThan(score);
    await page.goto(`/client/${clientId}/ioe/exceptions`);
    await expect(page.getByTestId('exceptions-table')).toContainText('Schemaerweiterung für Exchange geplant');
    await expect(page.getByTestId('exceptions-table')).toContainText('31.12.2099');
    await page.screenshot({ path: 'test-results/screens/ioe-exceptions.png', fullPage: true });

    await page.goto(`/client/${clientId}/dashboard`);
    await expect(page.getByTestId('score-value')).toHaveText(String(after.score?.score));
    await expect(page.getByTestId('score-grade')).toHaveText(grade(after.score?.score));
  });

  test('a finding page without findings and an unknown slug show their states', async ({ page }) => {
    await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
    const clientId = new URL(page.url()).pathname.split('/')[2] as string;
    await page.goto(`/client/${clientId}/ioe/findings/entra-legacy-authentication-allowed`);
    await expect(page.getByText('Nicht geprüft', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Nicht geprüft: Entra ID ist nicht verbunden.').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/ioe-finding-skipped.png', fullPage: true });
    await page.goto(`/client/${clientId}/ioe/findings/gibt/es/nicht`);
    await expect(page.getByTestId('error-state')).toContainText('Die Prüfung „gibt/es/nicht“ wurde nicht gefunden.');
  });

  test('thresholds and criticalities settings change the evaluation and reset', async ({ page }) => {
    // 78 checks make the full-page screenshots of both settings pages long: more time on the shared 2-core machine.
    test.setTimeout(60_000);
    await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
    const clientId = new URL(page.url()).pathname.split('/')[2] as string;
    const stale = (states: States) => states.ioe.find((ioe) => ioe.ioeType === 'stale-accounts');
    expect(stale(await fetchStates(page, clientId))?.totalFindingsCount).toBe(1);

    await page.getByRole('link', { name: 'Schwellenwerte' }).click();
    await expect(page.getByRole('heading', { name: 'Schwellenwerte für Schwachstellen' })).toBeVisible();
    const row = page.locator('[data-testid="threshold-row"][data-slug="stale-accounts"]');
    await row.getByLabel('Tage ohne Anmeldung und Kennwortänderung (Tage)').fill('1825');
    await row.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('„Inaktive, aber aktivierte Konten“ wurde neu ausgewertet.')).toBeVisible();
    await expect(row).toContainText('0 Befunde');
    await page.screenshot({ path: 'test-results/screens/ioe-thresholds.png', fullPage: true });
    expect(stale(await fetchStates(page, clientId))?.totalFindingsCount).toBe(0);
    await page.getByRole('button', { name: 'Alle zurücksetzen' }).click();
    await page.getByRole('dialog', { name: 'Schwellenwerte zurücksetzen?' }).getByRole('button', { name: 'Zurücksetzen' }).click();
    await expect(row).toContainText('1 Befunde');

    await page.getByRole('link', { name: 'Kritikalitäten' }).click();
    await expect(page.getByRole('heading', { name: 'Kritikalitäten' })).toBeVisible();
    await page.locator('tr[data-slug="stale-accounts"] input').first().click();
    await page.getByRole('option', { name: 'Hoch' }).click();
    await expect(page.locator('tr[data-slug="stale-accounts"]')).toContainText('angepasst (Standard: Niedrig)');
    await page.screenshot({ path: 'test-results/screens/ioe-criticalities.png', fullPage: true });
    await page.getByRole('button', { name: 'Alle zurücksetzen' }).click();
    await page.getByRole('dialog', { name: 'Kritikalitäten zurücksetzen?' }).getByRole('button', { name: 'Zurücksetzen' }).click();
    await expect(page.locator('tr[data-slug="stale-accounts"]')).not.toContainText('angepasst');
  });
});

test('a client that cannot be loaded logs the user out and ends the identity session', async ({ page }) => {
  await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  await page.goto('/client/00000000-0000-4000-8000-0000000000ff/dashboard');
  await expect(page).toHaveURL(/\/\?grund=kein-zugriff$/);
  await expect.poll(async () => (await (await page.request.get('/api/auth/session')).json()) as unknown).toEqual({});
});
