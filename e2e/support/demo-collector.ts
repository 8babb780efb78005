import { expect, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { signIn } from './sign-in';

const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

export interface DemoCollector {
  clientId: string;
  /** The collector key from the installer's config (Authorization: ApiKey …). */
  apiKey: string;
  /** The signed-in client user's access token. */
  bearer: string;
}

/** Signs the page in as the demo client user and takes a real collector key from the installer download. */
export async function demoClientCollector(page: Page): Promise<DemoCollector> {
  await page.goto('/');
  await signIn(page, 'kunde@burgwall.demo', DEMO_PASSWORD, '/client');
  await expect(page).toHaveURL(/\/client\/[0-9a-f-]{36}\/dashboard$/);
  const clientId = new URL(page.url()).pathname.split('/')[2] as string;
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const installer = await page.request.get(`/client/${clientId}/collector/installer`, {
    headers: { authorization: `Bearer ${session.accessToken}`, 'x-hasura-role': 'client' },
  });
  expect(installer.status()).toBe(200);
  const zip = await JSZip.loadAsync(await installer.body());
  const configFile = Object.values(zip.files).find((file) => file.name.endsWith('burgwall-collector.json'));
  const { apiKey } = JSON.parse((await configFile?.async('string')) ?? '{}') as { apiKey: string };
  return { clientId, apiKey, bearer: session.accessToken };
}

/** Uploads a log through the real collector route, as the collector does. */
export async function uploadCollectorLog(page: Page, collector: DemoCollector, logName: string, content: string): Promise<void> {
  const upload = await page.request.post(`/client/${collector.clientId}/collector/log/${logName}`, {
    headers: { authorization: `ApiKey ${collector.apiKey}`, 'content-type': 'text/plain' },
    data: content,
  });
  expect(upload.status()).toBe(201);
}
