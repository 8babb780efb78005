import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/sign-in';

/**
 * German-only scan (issue 17): every route of every demo role, all visible text plus the texts a screen reader or a
 * tooltip gives (title, aria-label, placeholder), must not contain English UI words.
 *
 * The list holds words that are English UI vocabulary and never German; words German shares (Dashboard, Team,
 * Status, Monitoring, Audit, Export, Filter, Details, Token, Login, Download) are left out, and so are directory
 * terms (LDAP, Kerberos, SID, GPO, Entra ID …), which the list never names. Directory data (distinguished names,
 * account names) stands in <code>/<pre> and is skipped: it is the customer's, not ours.
 */
const ENGLISH = [
  'Loading', 'Error', 'Submit', 'Cancel', 'Save', 'Delete', 'Search', 'Settings', 'Close', 'Next', 'Previous', 'Back',
  'Edit', 'Remove', 'Add', 'Create', 'Sign in', 'Sign out', 'Log in', 'Log out', 'Password', 'Username', 'Confirm',
  'Required', 'Invalid', 'Failed', 'Success', 'Warning', 'Unknown', 'None', 'Not found', 'Page', 'Rows', 'Show', 'Hide',
  'Select', 'Nothing found', 'No records', 'Records per page', 'Clear', 'Refresh', 'Retry', 'Sorted', 'Not sorted',
  'ascending', 'descending', 'Today', 'Yesterday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday',
  'Sunday', 'January', 'February', 'March', 'June', 'July', 'October', 'December', 'Please', 'Welcome', 'Overview',
  'Enabled', 'Disabled', 'Yes', 'the', 'and', 'your', 'with', 'Something went wrong',
];
/** Names of attack techniques, English in German texts too (as in the BSI's and Microsoft's German documents). */
const TECHNIQUES = ['Password Spraying', 'Pass-the-Hash', 'Pass-the-Ticket', 'Golden Ticket', 'Silver Ticket', 'Kerberoasting', 'AS-REP Roasting'];
/** Directory data is the customer's, not our UI text: the components of distinguished names („CN=NTDS Settings,…“). */
const DN_COMPONENT = /\b(CN|OU|DC)=[^,\]]*/gi;
const PATTERN = new RegExp(`\\b(${ENGLISH.map((word) => word.replace(/ /g, '\\s+')).join('|')})\\b`);

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

/** The visible texts of the page, one entry per text node or attribute, without directory data in code blocks. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = (element: Element | null) => !element || element.closest('code, pre, script, style, noscript, [aria-hidden="true"]') !== null;
    const shown = (element: Element) => element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true });
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (text && parent && !skip(parent) && shown(parent)) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[title], [aria-label], [placeholder]')) {
      if (skip(element) || !shown(element)) continue;
      for (const name of ['title', 'aria-label', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(`${value} [${name}]`);
      }
    }
    return texts;
  });
}

/** Opens a route, waits for its data, and collects what reads English there. */
async function englishOn(page: Page, path: string, findings: string[], prepare?: () => Promise<void>): Promise<void> {
  if (path) await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('loading-state')).toHaveCount(0, { timeout: 15_000 });
  if (prepare) await prepare();
  const texts = await visibleTexts(page);
  // The collector itself works: every screen has at least its heading and navigation to read.
  expect(texts.length).toBeGreaterThan(2);
  for (const text of texts) {
    const match = PATTERN.exec(TECHNIQUES.reduce((rest, name) => rest.replaceAll(name, ''), text.replace(DN_COMPONENT, '')));
    if (match) findings.push(`${path || page.url()}: „${match[1]}“ in „${text.slice(0, 120)}“`);
  }
}

test.describe('German-only scan', () => {
  test.setTimeout(240_000);

  test('the public pages and the admin area read German', async ({ page }) => {
    const findings: string[] = [];
    for (const path of ['/', '/register', '/does-not-exist']) await englishOn(page, path, findings);
    await signIn(page, 'admin@burgwall.demo', DEMO_PASSWORD, '/admin/serviceprovider');
    const adminRoutes = ['serviceprovider', 'attacks', 'findings', 'settings', 'logs', 'logs/search', 'jobs', 'selfhosted', 'graph-explorer'];
    for (const path of [...adminRoutes.map((route) => `/admin/${route}`), '/settings', '/support']) await englishOn(page, path, findings);
    // The dialogs of the admin area (their buttons and validation messages).
    await page.goto('/admin/serviceprovider');
    await page.getByRole('button', { name: 'Dienstleister anlegen' }).click();
    await page.getByRole('button', { name: 'Anlegen und einladen' }).click();
    await englishOn(page, '', findings);
    expect(findings).toEqual([]);
  });

  test('the provider area reads German', async ({ page }) => {
    const findings: string[] = [];
    await page.goto('/');
    await signIn(page, 'anbieter@burgwall.demo', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}\/monitoring$/);
    const base = new URL(page.url()).pathname.replace(/\/monitoring$/, '');
    const tabs = ['team', 'whitelabel', 'email', 'alerts', 'reports', 'quickcheck', 'billing', 'api-tokens'];
    const paths = [`${base}/monitoring`, `${base}/audit`, `${base}/quickcheck`, ...tabs.map((tab) => `${base}/settings?tab=${tab}`), '/settings', '/support'];
    for (const path of paths) await englishOn(page, path, findings);
    expect(findings).toEqual([]);
  });

  test('the client area reads German', async ({ page }) => {
    const findings: string[] = [];
    await page.goto('/');
    await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD, '/client');
    await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
    const base = new URL(page.url()).pathname.replace(/\/dashboard$/, '');
    const routes = [
      'dashboard', 'ioe', 'ioe/exceptions', 'ioa', 'security-log', 'change-history', 'change-history/search', 'explorer', 'attack-paths',
      'settings/ioa/thresholds', 'settings/ioe/thresholds', 'settings/ioe/criticalities',
    ];
    for (const route of routes) await englishOn(page, `${base}/${route}`, findings);
    // One finding page (the first of the list) and every tab of the client settings.
    await page.goto(`${base}/ioe`);
    const finding = page.locator(`a[href*="${base}/ioe/findings/"]`).first();
    await finding.click();
    await englishOn(page, '', findings);
    await page.goto(`${base}/settings`);
    for (const tab of ['Team', 'Kontakt', 'Lizenz', 'Collector', 'Entra ID']) {
      await page.getByRole('tab', { name: tab }).click();
      await englishOn(page, '', findings);
    }
    for (const path of ['/settings', '/support']) await englishOn(page, path, findings);
    expect(findings).toEqual([]);
  });
});
