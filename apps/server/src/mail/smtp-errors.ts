/**
 * German messages for a failed SMTP delivery (shown after "Test-E-Mail senden").
 * nodemailer sets `code` (EAUTH, ECONNECTION, ETIMEDOUT, ESOCKET, EENVELOPE, …)
 * and for SMTP replies `responseCode`.
 */
export const SMTP_AUTH_FAILED =
  'Anmeldung am SMTP-Server fehlgeschlagen: Benutzername oder Passwort ist falsch.';

/**
 * Refused, timed out, not found, or an internal address the outgoing guard refused: one answer for all, so the
 * "Test-E-Mail" cannot tell a closed port from a filtered one or an internal host from a missing one.
 */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'ECONNREFUSED', 'ETIMEDOUT', 'EDNS', 'EINTERNALHOST', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);

export const smtpUnreachable = (where: string): string =>
  `Keine Verbindung zum SMTP-Server ${where} möglich. Bitte prüfen Sie Host und Port; Adressen in internen Netzen sind nicht erlaubt.`;

/** Refused, timed out, not found or forbidden: what a port scan would learn from (see uniform-failure.ts). */
export function isUnreachableSmtpError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return UNREACHABLE_CODES.has(code ?? '') && !isTlsFailure(code, message);
}

const isTlsFailure = (code: string | undefined, message: string | undefined): boolean =>
  code === 'ETLS' || (code === 'ESOCKET' && /ssl|tls|wrong version/i.test(message ?? ''));

export function germanSmtpError(error: unknown, target: { host?: string | null; port?: number | null }): string {
  const where = `${target.host ?? '?'}:${target.port ?? '?'}`;
  const { code, responseCode, message } = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  if (code === 'EAUTH' || responseCode === 535 || responseCode === 534) return SMTP_AUTH_FAILED;
  if (code === 'EOAUTH2') return 'Anmeldung per OAuth2 fehlgeschlagen: Das Zugriffstoken konnte nicht abgerufen werden.';
  if (isUnreachableSmtpError(error)) return smtpUnreachable(where);
  if (isTlsFailure(code, message)) {
    return `Die verschlüsselte Verbindung zu ${where} ist fehlgeschlagen. Bitte prüfen Sie Port und Verschlüsselung (SSL/TLS).`;
  }
  if (code === 'EENVELOPE') return 'Der SMTP-Server hat die Absender- oder Empfängeradresse abgelehnt.';
  if (code === 'ENOAUTH') return 'Der SMTP-Server verlangt eine Anmeldung. Bitte hinterlegen Sie Benutzername und Passwort.';
  return 'Die E-Mail konnte nicht gesendet werden. Bitte prüfen Sie die SMTP-Einstellungen.';
}
