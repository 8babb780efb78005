import { expect, type Page } from '@playwright/test';
import JSZip from 'jszip';

/**
 * Uploads a log as the signed-in client's collector would: the real key from the installer download, the real
 * collector route. Returns the client's id (from the dashboard URL the page is on).
 */
export async function uploadCollectorLog(page: Page, logName: string, content: string): Promise<string> {
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
  const upload = await page.request.post(`/client/${clientId}/collector/log/${logName}`, {
    headers: { authorization: `ApiKey ${apiKey}`, 'content-type': 'text/plain' },
    data: content,
  });
  expect(upload.status()).toBe(201);
  return clientId;
}
