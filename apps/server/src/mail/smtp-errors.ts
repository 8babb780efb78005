/**
 * German messages for a failed SMTP delivery (shown after "Test-E-Mail senden").
 * nodemailer sets `code` (EAUTH, ECONNECTION, ETIMEDOUT, ESOCKET, EENVELOPE, …)
 * and for SMTP replies `responseCode`.
 */
export const SMTP_AUTH_FAILED =
  'Anmeldung am SMTP-Server fehlgeschlagen: Benutzername oder Passwort ist falsch.';

export function germanSmtpError(error: unknown, target: { host?: string | null; port?: number | null }): string {
  const where = `${target.host ?? '?'}:${target.port ?? '?'}`;
  const { code, responseCode, message } = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  if (code === 'EAUTH' || responseCode === 535 || responseCode === 534) return SMTP_AUTH_FAILED;
  if (code === 'EINTERNALHOST') {
    return `Der Server ${target.host ?? ''} liegt in einem internen Netz und ist als Mailserver nicht erlaubt.`;
  }
  if (code === 'EOAUTH2') return 'Anmeldung per OAuth2 fehlgeschlagen: Das Zugriffstoken konnte nicht abgerufen werden.';
  if (code === 'ETIMEDOUT') return `Zeitüberschreitung beim Verbinden mit dem SMTP-Server ${where}.`;
  if (code === 'EDNS') return `Der SMTP-Server ${target.host ?? ''} wurde nicht gefunden. Bitte prüfen Sie den Hostnamen.`;
  if (code === 'ETLS' || (code === 'ESOCKET' && /ssl|tls|wrong version/i.test(message ?? ''))) {
    return `Die verschlüsselte Verbindung zu ${where} ist fehlgeschlagen. Bitte prüfen Sie Port und Verschlüsselung (SSL/TLS).`;
  }
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'ECONNREFUSED') {
    return `Keine Verbindung zum SMTP-Server ${where} möglich. Bitte prüfen Sie Host und Port.`;
  }
  if (code === 'EENVELOPE') return 'Der SMTP-Server hat die Absender- oder Empfängeradresse abgelehnt.';
  if (code === 'ENOAUTH') return 'Der SMTP-Server verlangt eine Anmeldung. Bitte hinterlegen Sie Benutzername und Passwort.';
  return 'Die E-Mail konnte nicht gesendet werden. Bitte prüfen Sie die SMTP-Einstellungen.';
}
