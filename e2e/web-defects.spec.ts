/**
 * Issue 17 defects in the browser: confirmation before destructive actions, badges and cards that do not cut their
 * content, no sideways scrolling at 390 px, threshold fields that keep invalid input with a German error, and the
 * reason shown after the automatic sign-out from a foreign client's URL.
 */
import { formatDateTime } from '@burgwall/shared';
import { expect, type Page, test } from '@playwright/test';
import { changeEvent } from './support/change-event';
import { consentGivenState } from './support/consent-state';
import { E2E_SERVICE_API_KEY } from './support/service-key';
import { clippedBadges, expectNoSidewaysScroll, overflowingCardContent } from './support/layout-checks';
import { signIn } from './support/sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';
const SCREENS = 'test-results/screens/web-defects';
const PHONE = { width: 390, height: 844 };

async function signInAsClient(page: Page): Promise<string> {
  await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  return new URL(page.url()).pathname.split('/')[2] as string;
}

/** The evaluation time the dashboard shows, straight from the API with the page's own session. */
async function lastEvaluatedAt(page: Page, clientId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const session = (await (await fetch('/api/auth/session')).json()) as { accessToken: string };
    const response = await fetch(`/client/${id}/ioe/states`, { headers: { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'client' } });
    return ((await response.json()) as { lastEvaluatedAt: string }).lastEvaluatedAt;
  }, clientId);
}

async function expectTidyLayout(page: Page, name: string): Promise<void> {
  expect(await clippedBadges(page), `${name}: clipped badges`).toEqual([]);
  expect(await overflowingCardContent(page), `${name}: content sticking out of a card`).toEqual([]);
}

test('resetting criticalities and thresholds asks first: cancel keeps, confirm resets', async ({ page }) => {
  // Two re-evaluations of all checks and the reloads after them: more time on the shared 2-core machine.
  test.setTimeout(60_000);
  const clientId = await signInAsClient(page);

  await page.goto(`/client/${clientId}/settings/ioe/criticalities`);
  const row = page.getByTestId('criticalities-table').locator('tbody tr').first();
  const select = row.getByRole('combobox');
  const original = await select.inputValue();
  await select.click();
  await page.getByRole('option', { name: original === 'Niedrig' ? 'Hoch' : 'Niedrig', exact: true }).click();
  await expect(row.getByText(/angepasst \(Standard:/)).toBeVisible();

  await page.getByRole('button', { name: 'Alle zurücksetzen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kritikalitäten zurücksetzen?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/criticalities-confirm.png` });
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(row.getByText(/angepasst \(Standard:/)).toBeVisible();

  await page.getByRole('button', { name: 'Alle zurücksetzen' }).click();
  await dialog.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(page.getByText('Alle Kritikalitäten stehen wieder auf dem Standard.')).toBeVisible();
  await expect(row.getByText(/angepasst \(Standard:/)).toHaveCount(0);
  await expect(row.getByRole('combobox')).toHaveValue(original);

  await page.goto(`/client/${clientId}/settings/ioe/thresholds`);
  const field = page.getByTestId('threshold-row').first().getByRole('textbox').first();
  const defaultValue = await field.inputValue();
  const changed = String(Number(defaultValue) + 1);
  await field.fill(changed);
  await page.getByTestId('threshold-row').first().getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Schwellenwert gespeichert')).toBeVisible();
  await expect(field).toHaveValue(changed);

  await page.getByRole('button', { name: 'Alle zurücksetzen' }).click();
  const thresholdDialog = page.getByRole('dialog', { name: 'Schwellenwerte zurücksetzen?' });
  await thresholdDialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.reload();
  await expect(field).toHaveValue(changed);
  await page.getByRole('button', { name: 'Alle zurücksetzen' }).click();
  await thresholdDialog.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(page.getByText('Die Schwellenwerte wurden auf die Standardwerte zurückgesetzt.')).toBeVisible();
  await expect(field).toHaveValue(defaultValue);
});

test('an invalid threshold keeps the input and shows a German error instead of resetting it', async ({ page }) => {
  const clientId = await signInAsClient(page);
  await page.goto(`/client/${clientId}/settings/ioe/thresholds`);
  const row = page.getByTestId('threshold-row').first();
  const field = row.getByRole('textbox').first();
  const saved = await field.inputValue();
  await field.fill('999999');
  await field.blur();
  await expect(field).toHaveValue('999999');
  await row.getByRole('button', { name: 'Speichern' }).click();
  await expect(row.getByText(/^Bitte eine ganze Zahl von \d+ bis \d+ eingeben\.$/)).toBeVisible();
  await expect(field).toHaveValue('999999');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SCREENS}/threshold-error.png`, fullPage: true });
  await field.fill('');
  await row.getByRole('button', { name: 'Speichern' }).click();
  await expect(row.getByText('Bitte einen Wert eingeben.')).toBeVisible();
  // Nothing was stored.
  await page.reload();
  await expect(field).toHaveValue(saved);
});

/** Removes the exceptions of one check that earlier specs left (ioe-dashboard adds one on the same object). */
async function removeExceptionsOf(page: Page, clientId: string, ioeType: string): Promise<void> {
  await page.evaluate(
    async ({ id, type }) => {
      const session = (await (await fetch('/api/auth/session')).json()) as { accessToken: string };
      const headers = { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'client' };
      const { exceptions } = (await (await fetch(`/client/${id}/ioe/exceptions`, { headers })).json()) as { exceptions: Array<{ exceptionId: string; ioeType: string }> };
      for (const exception of exceptions.filter((entry) => entry.ioeType === type)) {
        await fetch(`/client/${id}/ioe/exceptions/${exception.exceptionId}`, { method: 'DELETE', headers });
      }
    },
    { id: clientId, type: ioeType },
  );
}

test('removing an exception asks first; the reason reads as text and nothing is cut off', async ({ page }) => {
  const clientId = await signInAsClient(page);
  await removeExceptionsOf(page, clientId, 'group-schema-admins-not-empty');
  await page.goto(`/client/${clientId}/ioe/findings/group-schema-admins-not-empty`);
  const row = page.getByTestId('findings-table').locator('tbody tr', { hasText: 'Administrator' });
  const reason = 'Schemaerweiterung für Exchange geplant, Freigabe durch die Geschäftsführung liegt vor';
  const evaluatedBefore = await lastEvaluatedAt(page, clientId);
  await row.getByRole('button', { name: 'Ausnahme hinzufügen' }).click();
  await page.getByLabel('Begründung').fill(reason);
  await page.getByRole('button', { name: 'Ausnahme speichern' }).click();
  const reasonText = row.getByText(reason);
  await expect(reasonText).toBeVisible();
  // The exception changed the score: „Ausgewertet am“ moves with it instead of staying at the old evaluation.
  const evaluatedAfter = await lastEvaluatedAt(page, clientId);
  expect(Date.parse(evaluatedAfter)).toBeGreaterThan(Date.parse(evaluatedBefore));
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText(`Ausgewertet am ${formatDateTime(evaluatedAfter)}`)).toBeVisible();
  await page.goBack();
  // Free text in normal case, wrapped rather than truncated, and „Entfernen“ fully visible.
  expect(await reasonText.evaluate((element) => getComputedStyle(element).textTransform)).toBe('none');
  expect(await reasonText.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const remove = row.getByRole('button', { name: 'Entfernen' });
  expect(await remove.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectTidyLayout(page, 'finding page');
  await page.screenshot({ path: `${SCREENS}/finding-exception.png`, fullPage: true });

  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Ausnahme entfernen?' });
  await expect(dialog).toContainText('Administrator');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.reload();
  await expect(row.getByText(reason)).toBeVisible();

  // The exceptions page asks the same way.
  await page.goto(`/client/${clientId}/ioe/exceptions`);
  const exceptionRow = page.getByTestId('exceptions-table').locator('tbody tr', { hasText: reason });
  await exceptionRow.getByRole('button', { name: 'Entfernen' }).click();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(exceptionRow).toBeVisible();
  await exceptionRow.getByRole('button', { name: 'Entfernen' }).click();
  await dialog.getByRole('button', { name: 'Ausnahme entfernen' }).click();
  await expect(page.getByText('Administrator zählt wieder zur Bewertung.')).toBeVisible();
  await expect(page.getByTestId('exceptions-table').locator('tbody tr', { hasText: reason })).toHaveCount(0);
});

test('badges and cards do not cut their content on the dashboard, IoE list and a finding (desktop and 390 px)', async ({ page }) => {
  const clientId = await signInAsClient(page);
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    await page.setViewportSize(viewport);
    const suffix = viewport.width === 390 ? '-phone' : '';
    await page.goto(`/client/${clientId}/dashboard`);
    await expect(page.getByTestId('top-findings')).toBeVisible();
    await expectTidyLayout(page, `dashboard ${viewport.width}`);
    await page.screenshot({ path: `${SCREENS}/dashboard${suffix}.png`, fullPage: true });
    await page.goto(`/client/${clientId}/ioe`);
    await expect(page.getByTestId('ioe-table')).toBeVisible();
    await expectTidyLayout(page, `IoE list ${viewport.width}`);
    await page.screenshot({ path: `${SCREENS}/ioe-list${suffix}.png`, fullPage: true });
    await page.goto(`/client/${clientId}/ioe/findings/group-schema-admins-not-empty`);
    await expect(page.getByTestId('findings-table')).toBeVisible();
    await expectTidyLayout(page, `finding ${viewport.width}`);
    await page.screenshot({ path: `${SCREENS}/finding${suffix}.png`, fullPage: true });
  }
});

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('landing, admin and provider settings pages do not scroll sideways', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Anmelden' }).or(page.getByRole('link', { name: 'Anmelden' })).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/landing-phone.png`, fullPage: true });
    await expectNoSidewaysScroll(page, 'landing');

    await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/serviceprovider');
    for (const path of ['/admin/serviceprovider', '/admin/attacks', '/admin/findings', '/admin/settings']) {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, path);
      await page.screenshot({ path: `${SCREENS}/${path.slice(1).replace(/\//g, '-')}-phone.png`, fullPage: true });
    }

    await page.context().clearCookies();
    await page.context().addCookies(consentGivenState('127.0.0.1').cookies);
    await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/);
    const base = new URL(page.url()).pathname.replace(/\/monitoring$/, '');
    for (const tab of ['team', 'whitelabel', 'email', 'alerts', 'reports', 'quickcheck', 'billing', 'api-tokens']) {
      await page.goto(`${base}/settings?tab=${tab}`);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SCREENS}/provider-settings-${tab}-phone.png`, fullPage: true });
      await expectNoSidewaysScroll(page, `provider settings ${tab}`);
    }
  });
});

test.describe('a new visitor at 390 px', () => {
  test.use({ viewport: PHONE, storageState: { cookies: [], origins: [] } });

  test('the cookie banner stays on screen', async ({ page }) => {
    await page.goto('/');
    const banner = page.locator('#cc-main .cm');
    await expect(banner).toBeVisible();
    // Measured once the slide-in animation has ended.
    await expect.poll(() => banner.evaluate((element) => getComputedStyle(element).transform)).toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
    await page.screenshot({ path: `${SCREENS}/cookie-banner-phone.png` });
    const box = await banner.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    for (const name of ['Alle akzeptieren', 'Alle ablehnen', 'Einstellungen verwalten']) {
      const button = banner.getByRole('button', { name });
      await expect(button).toBeInViewport({ ratio: 1 });
      const buttonBox = await button.boundingBox();
      expect((buttonBox?.x ?? 0) + (buttonBox?.width ?? 0), name).toBeLessThanOrEqual(PHONE.width);
    }
    await expectNoSidewaysScroll(page, 'landing with banner');
    await page.screenshot({ path: `${SCREENS}/cookie-banner-phone.png` });
  });
});

test("opening a foreign or deleted client's URL signs out and says why", async ({ page }) => {
  await signInAsClient(page);
  await page.goto('/client/00000000-0000-4000-8000-000000000000/dashboard');
  await expect(page).toHaveURL(/\/\?grund=kein-zugriff$/, { timeout: 15_000 });
  const notice = page.getByTestId('sign-out-reason');
  await expect(notice).toContainText('Sie wurden abgemeldet');
  await expect(notice).toContainText('existiert nicht mehr oder Sie haben keinen Zugriff');
  await page.screenshot({ path: `${SCREENS}/sign-out-reason.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENS}/sign-out-reason-phone.png`, fullPage: true });
  // Signed out for real: the session is gone.
  const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
  expect(session).toEqual({});
});

test('the change history decodes flags, SIDs and times and shows multi-valued changes as a diff', async ({ page, request }) => {
  const clientId = await signInAsClient(page);
  const post = async (row: Parameters<typeof changeEvent>[1]) => {
    const response = await request.post('/services/ioe/data-change', { headers: { authorization: E2E_SERVICE_API_KEY }, data: changeEvent(clientId, row) });
    expect(response.status()).toBe(200);
  };
  const members = Array.from({ length: 8 }, (_, index) => `CN=Mitarbeiter ${index + 1},OU=Team,DC=sonnenschein,DC=local`);
  await post({ objectClass: 'group', dn: 'CN=Projektgruppe Diff,OU=Gruppen,DC=sonnenschein,DC=local', property: 'member', oldValue: members.join('\n'), newValue: [...members.slice(1), 'CN=Neu Hinzugefügt,OU=Team,DC=sonnenschein,DC=local'].join('\n') });
  await post({ objectClass: 'user', dn: 'CN=Uwe Flagge,OU=Team,DC=sonnenschein,DC=local', property: 'userAccountControl', oldValue: '512', newValue: '66050' });
  // 2026-01-15 12:00 UTC as a Windows FILETIME.
  await post({ objectClass: 'user', dn: 'CN=Uwe Flagge,OU=Team,DC=sonnenschein,DC=local', property: 'pwdLastSet', oldValue: '0', newValue: '134129520000000000' });
  await post({ objectClass: 'user', dn: 'CN=Uwe Flagge,OU=Team,DC=sonnenschein,DC=local', property: 'primaryGroupSid', oldValue: 'S-1-5-21-1-2-3-513', newValue: 'S-1-5-21-1-2-3-512' });
  // A year ago: older than the demo's few days of changes and anything another spec stores, yet within retention.
  const oldest = new Date(Date.now() - 365 * 24 * 3600_000).toISOString();
  await post({ objectClass: 'user', dn: 'CN=Erste Änderung,OU=Team,DC=sonnenschein,DC=local', property: 'description', oldValue: null, newValue: 'Sortierung', timestamp: oldest });

  await page.goto(`/client/${clientId}/change-history`);
  const rowOf = (property: string, object: string) => page.getByTestId('change-row').filter({ hasText: object }).filter({ hasText: property });
  const member = rowOf('member', 'Projektgruppe Diff');
  await expect(member).toBeVisible();
  await expect(member.locator('[data-diff="removed"]')).toHaveText(['− CN=Mitarbeiter 1,OU=Team,DC=sonnenschein,DC=local']);
  await expect(member.locator('[data-diff="added"]')).toHaveText(['+ CN=Neu Hinzugefügt,OU=Team,DC=sonnenschein,DC=local']);
  await expect(member.getByText('7 Werte unverändert')).toBeVisible();

  const uac = rowOf('userAccountControl', 'Uwe Flagge');
  await expect(uac.locator('[data-diff="added"]')).toHaveText(['+ Konto deaktiviert (ACCOUNTDISABLE)', '+ Kennwort läuft nie ab (DONT_EXPIRE_PASSWORD)']);
  await expect(uac.getByText('1 Wert unverändert')).toBeVisible();
  const pwd = rowOf('pwdLastSet', 'Uwe Flagge');
  await expect(pwd.locator('[data-diff="old"]')).toHaveText('nie');
  await expect(pwd.locator('[data-diff="new"]')).toHaveText('15.01.2026, 13:00 Uhr');
  const sid = rowOf('primaryGroupSid', 'Uwe Flagge');
  await expect(sid.locator('[data-diff="new"]')).toHaveText('Domänen-Admins (S-1-5-21-1-2-3-512)');
  // Every value in full: no diff line is cut.
  const cut = await page.locator('[data-testid="change-diff"] [data-diff]').evaluateAll((lines) => lines.filter((line) => line.scrollWidth > line.clientWidth + 1).length);
  expect(cut).toBe(0);
  await page.screenshot({ path: `${SCREENS}/change-history.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, 'change history');
  // Nor inside its frame: on a phone every change is a stacked card, none wider than the list.
  await expect(member).toBeVisible();
  const frames = await page.locator('[data-testid="change-table"], [data-testid="change-row"]').evaluateAll((elements) => elements.map((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth })));
  expect(frames.length).toBeGreaterThan(1);
  for (const frame of frames) expect(frame.scrollWidth, 'change list scrolls sideways at 390 px').toBeLessThanOrEqual(frame.clientWidth);
  await page.screenshot({ path: `${SCREENS}/change-history-phone.png`, fullPage: true });

  // Sorted by time through the server: oldest first pages from the other end, on phones and desktops alike.
  const firstRow = page.getByTestId('change-row').first();
  await expect(firstRow).not.toContainText('CN=Erste Änderung');
  await page.getByTestId('time-order').getByText('Älteste zuerst').click();
  await expect(firstRow).toContainText('CN=Erste Änderung');
  await expect(firstRow).toContainText(formatDateTime(oldest));
  await expectNoSidewaysScroll(page, 'change history oldest first');
  await page.screenshot({ path: `${SCREENS}/change-history-oldest-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('time-order').getByText('Neueste zuerst').click();
  await expect(firstRow).not.toContainText('CN=Erste Änderung');
  await page.getByTestId('time-order').getByText('Älteste zuerst').click();
  await expect(firstRow).toContainText('CN=Erste Änderung');
  await page.screenshot({ path: `${SCREENS}/change-history-oldest.png`, fullPage: true });
});
