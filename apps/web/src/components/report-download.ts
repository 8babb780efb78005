import { ANALYTICS_EVENTS, trackEvent } from '../lib/analytics';
import { downloadFile } from '../lib/download';
import { notify } from '../lib/notify';
import { errorText } from '../lib/api-query';

/** Downloads the client's PDF security report (GET /client/{id}/report) and says so, or shows the server's German error. */
export async function downloadReport(client: { id: string; title?: string }): Promise<void> {
  try {
    const name = await downloadFile(`/client/${encodeURIComponent(client.id)}/report`, 'Sicherheitsbericht.pdf');
    trackEvent(ANALYTICS_EVENTS.reportDownloaded);
    notify({ type: 'success', title: 'Bericht heruntergeladen', text: client.title ? `${name} für ${client.title}.` : name });
  } catch (error) {
    notify({ type: 'error', title: 'Bericht konnte nicht erstellt werden', text: errorText(error) });
  }
}

/** Downloads the provider's summary across all its clients (GET /serviceprovider/{id}/report/summary). */
export async function downloadSummaryReport(providerId: string): Promise<void> {
  try {
    const name = await downloadFile(`/serviceprovider/${encodeURIComponent(providerId)}/report/summary`, 'Uebersichtsbericht.pdf');
    trackEvent(ANALYTICS_EVENTS.reportDownloaded);
    notify({ type: 'success', title: 'Übersichtsbericht heruntergeladen', text: name });
  } catch (error) {
    notify({ type: 'error', title: 'Übersichtsbericht konnte nicht erstellt werden', text: errorText(error) });
  }
}
