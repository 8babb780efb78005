import { ApiError, type ApiClient } from '../upload/api-client';
import { failed, passed, type CheckResult } from './check-result';
import { checkClock } from './ldap-checks';

/** The Burgwall server answers (any HTTP status), and its clock is close to ours (HTTP Date header). */
export async function checkServerReachable(serverUrl: string): Promise<CheckResult[]> {
  const step = 'Burgwall-Server';
  try {
    const response = await fetch(serverUrl, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    const date = response.headers.get('date');
    return [passed(step, `${serverUrl} erreichbar`), checkClock('Burgwall-Server', date ? new Date(date) : null)];
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return [
      failed(
        step,
        `${serverUrl} ist nicht erreichbar (${cause?.code ?? cause?.message ?? (error as Error).message}).`,
        'Ausgehende HTTPS-Verbindungen (TCP 443) zu diesem Server in Firewall bzw. Proxy freigeben und die Adresse in serverUrl prüfen.',
      ),
    ];
  }
}

/** The collector key is accepted for this client (and this machine, once activated). */
export async function checkKey(api: ApiClient): Promise<CheckResult> {
  const step = 'Collector-Schlüssel';
  try {
    await api.request('GET', 'config');
    return passed(step, 'vom Server angenommen');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return failed(
        step,
        `Der Server lehnt den Schlüssel ab (HTTP ${error.status}: ${error.message}).`,
        'Im Burgwall-Portal ein neues Installationspaket herunterladen (jedes enthält einen eigenen Schlüssel); ein Schlüssel gilt nur für einen Kunden und den Rechner, auf dem er aktiviert wurde.',
      );
    }
    return failed(step, `Prüfung des Schlüssels fehlgeschlagen: ${(error as Error).message}`, 'Später erneut versuchen; bleibt der Fehler, den Burgwall-Support mit dieser Meldung kontaktieren.');
  }
}
