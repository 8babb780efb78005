import { CONSENT_RECORD_PATH, type ConsentRecordBody } from '@burgwall/shared';

/** The placeholder path of the consent log, literally as SPEC §7 names it. */
export const CONSENT_RECORD_URL = CONSENT_RECORD_PATH;

/** POSTs one consent decision; failures are logged, never shown (the choice itself is stored in the cookie). */
export async function sendConsentRecord(record: ConsentRecordBody, fetcher: typeof fetch = fetch): Promise<void> {
  try {
    const response = await fetcher(CONSENT_RECORD_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
      keepalive: true,
    });
    if (!response.ok) console.error(`Einwilligung konnte nicht protokolliert werden (HTTP ${response.status})`);
  } catch (error) {
    console.error('Einwilligung konnte nicht protokolliert werden', error);
  }
}
