import type { AlertSeverity } from '@burgwall/shared';
import type { AlertItem } from '../alerts/alert-item';
import { VERSION } from '../version';

/** What one syslog message carries: an IoA, a new finding or the settings page's test message. */
export interface SiemEvent {
  event: 'ioa' | 'finding' | 'test';
  item: AlertItem;
}

/** syslog facility 13 ("log audit", RFC 5424 table 1): what SIEMs file security audit events under. */
const FACILITY = 13;
/** RFC 5424 severities: 2 critical, 3 error, 4 warning, 5 notice, 6 informational. */
const SYSLOG_SEVERITY: Record<AlertSeverity, number> = { critical: 2, high: 3, medium: 4, low: 5, info: 6 };
/** CEF severities 0–10 (ArcSight: 0–3 low, 4–6 medium, 7–8 high, 9–10 very high). */
const CEF_SEVERITY: Record<AlertSeverity, number> = { critical: 10, high: 8, medium: 5, low: 3, info: 1 };
const MSG_IDS: Record<SiemEvent['event'], string> = { ioa: 'IOA', finding: 'FINDING', test: 'TEST' };

/** CEF header fields: backslash and pipe are escaped; line breaks would end the event and become spaces. */
export function cefHeaderEscape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}

/** CEF extension values: backslash and equals are escaped, line breaks written as \n and \r. */
export function cefExtensionEscape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/=/g, '\\=').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

function signatureOf({ event, item }: SiemEvent): string {
  return event === 'test' ? 'burgwall-test' : `${event}:${item.signatureId ?? item.trigger}`;
}

/** `CEF:0|Burgwall|Burgwall|<version>|<signatureId>|<name>|<severity>|<extension>` (ArcSight CEF 25). */
export function cefPayload(siemEvent: SiemEvent): string {
  const { item } = siemEvent;
  const header = ['CEF:0', 'Burgwall', 'Burgwall', VERSION, signatureOf(siemEvent), item.title, String(CEF_SEVERITY[item.severity])].map((field, index) =>
    index === 0 ? field : cefHeaderEscape(field),
  );
  const extension: Array<[string, string]> = [
    ['rt', String(Date.parse(item.occurredAt))],
    ['cat', siemEvent.event],
    ['msg', item.detail],
    ['cs1Label', 'Kunde'],
    ['cs1', item.clientName],
    ['cs2Label', 'KundenID'],
    ['cs2', item.clientId],
    ['cs3Label', 'Schweregrad'],
    ['cs3', item.severity],
    ['request', item.link],
  ];
  return `${header.join('|')}|${extension.map(([key, value]) => `${key}=${cefExtensionEscape(value)}`).join(' ')}`;
}

/** The JSON payload: one object per event, field names stable for SIEM parsers. */
export function jsonPayload(siemEvent: SiemEvent): string {
  const { item } = siemEvent;
  return JSON.stringify({
    vendor: 'Burgwall',
    product: 'Burgwall',
    version: VERSION,
    event: siemEvent.event,
    signatureId: signatureOf(siemEvent),
    severity: item.severity,
    title: item.title,
    detail: item.detail,
    clientId: item.clientId,
    clientName: item.clientName,
    occurredAt: item.occurredAt,
    link: item.link,
  });
}

/** RFC 5424 header fields allow printable US-ASCII without spaces only (1–255 characters, NILVALUE "-" when empty). */
function headerField(value: string, max: number): string {
  const clean = value.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return clean || '-';
}

/**
 * One RFC 5424 syslog message with RFC 6587 octet-counting framing (`<length> <message>`), as TCP and TLS syslog
 * receivers expect it. The MSG part is the CEF line or the JSON object, UTF-8 (umlauts of client names stay intact).
 */
export function syslogFrame(siemEvent: SiemEvent, format: 'cef' | 'json', hostname: string, now = new Date()): Buffer {
  const pri = FACILITY * 8 + SYSLOG_SEVERITY[siemEvent.item.severity];
  const payload = format === 'cef' ? cefPayload(siemEvent) : jsonPayload(siemEvent);
  const message = `<${pri}>1 ${now.toISOString()} ${headerField(hostname, 255)} burgwall - ${MSG_IDS[siemEvent.event]} - ${payload}`;
  const bytes = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${bytes.length} `, 'ascii'), bytes]);
}
