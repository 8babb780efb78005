import { ResultCodeError } from 'ldapts';
import { LdapSession, type LdapConnectionOptions } from '../ldap/ldap-session';
import { failed, passed, type CheckResult } from './check-result';
import { tlsFailure } from './network-checks';

/** AD's sub-codes of a refused bind (the "data 52e" in the diagnostic message), in German. */
const BIND_REASONS: Record<string, string> = {
  '525': 'das Konto gibt es nicht',
  '52e': 'Benutzername oder Passwort ist falsch',
  '530': 'Anmeldung zu dieser Uhrzeit nicht erlaubt',
  '531': 'Anmeldung von diesem Computer nicht erlaubt',
  '532': 'das Passwort ist abgelaufen',
  '533': 'das Konto ist deaktiviert',
  '701': 'das Konto ist abgelaufen',
  '773': 'das Passwort muss bei der nächsten Anmeldung geändert werden',
  '775': 'das Konto ist gesperrt',
};

/** LDAP result code names (RFC 4511) for the messages. */
const RESULT_NAMES: Record<number, string> = { 8: 'strongerAuthRequired', 13: 'confidentialityRequired', 48: 'inappropriateAuthentication', 49: 'invalidCredentials', 50: 'insufficientAccessRights', 53: 'unwillingToPerform' };

/** German finding and fix for a refused bind, with the LDAP result code. */
export function bindFailure(account: string, error: ResultCodeError): CheckResult {
  const code = `${error.code} ${RESULT_NAMES[error.code] ?? ''}`.trim();
  if (error.code === 8 || error.code === 13) {
    return failed('Anmeldung', `Der Domänencontroller verlangt eine verschlüsselte Verbindung (LDAP-Ergebniscode ${code}).`, 'LDAPS (Port 636) oder StartTLS wählen.');
  }
  const sub = error.message.match(/data ([0-9a-f]{3}),/i)?.[1]?.toLowerCase();
  const reason = (sub && BIND_REASONS[sub]) ?? (error.code === 49 ? 'Benutzername oder Passwort ist falsch' : error.message.replace(/ Code: 0x[0-9a-f]+$/, ''));
  return failed(
    'Anmeldung',
    `Anmeldung als ${account} abgelehnt: ${reason} (LDAP-Ergebniscode ${code}${sub ? `, AD-Code ${sub}` : ''}).`,
    'Konto als benutzer@domäne (UPN) oder DOMÄNE\\benutzer angeben, Passwort prüfen und in „Active Directory-Benutzer und -Computer“ nachsehen, ob das Konto aktiv, nicht gesperrt und nicht abgelaufen ist.',
  );
}

export interface DirectoryFacts {
  defaultNamingContext: string;
  dnsHostName: string | null;
  /** The DC's clock (rootDSE currentTime). */
  dcTime: Date | null;
}

/** Generalized time '20261125190000.0Z' -> Date. */
function generalizedTime(value: string | undefined): Date | null {
  const match = value?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
}

/** StartTLS (if chosen), bind and the rootDSE: one LDAP session like the collection's. */
export async function checkLdapBind(options: LdapConnectionOptions): Promise<{ results: CheckResult[]; facts: DirectoryFacts | null }> {
  const host = new URL(options.url).hostname;
  let session: LdapSession;
  try {
    session = await LdapSession.open({ ...options, timeoutMs: 15_000 });
  } catch (error) {
    if (error instanceof ResultCodeError) return { results: [bindFailure(options.bindDn, error)], facts: null };
    const errno = error as NodeJS.ErrnoException;
    if (errno.code && /CERT|SELF_SIGNED|UNABLE_TO|TLS/.test(errno.code)) return { results: [tlsFailure(host, errno)], facts: null };
    return { results: [failed('Anmeldung', `LDAP-Verbindung zu ${host} fehlgeschlagen: ${errno.message}`, 'Adresse und Port des Domänencontrollers prüfen; bei StartTLS muss der DC ein Zertifikat haben.')], facts: null };
  }
  try {
    const root = await session.read('', ['defaultNamingContext', 'dnsHostName', 'currentTime']);
    const facts: DirectoryFacts = {
      defaultNamingContext: root?.string('defaultNamingContext') ?? '',
      dnsHostName: root?.string('dnsHostName') ?? null,
      dcTime: generalizedTime(root?.string('currentTime') ?? undefined),
    };
    const results = [
      ...(options.startTls ? [passed('TLS-Zertifikat', 'StartTLS mit gültigem Zertifikat')] : []),
      passed('Anmeldung', `angemeldet als ${options.bindDn} an ${facts.dnsHostName ?? host} (${facts.defaultNamingContext})`),
    ];
    return { results, facts };
  } finally {
    await session.close();
  }
}

/** Kerberos, TLS and the change times need clocks within 5 minutes of each other. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

export function checkClock(source: string, remote: Date | null, now = new Date()): CheckResult {
  const step = `Uhrzeit (${source})`;
  if (!remote) return passed(step, 'keine Zeitangabe erhalten, nicht geprüft');
  const skew = Math.round((now.getTime() - remote.getTime()) / 1000);
  if (Math.abs(skew) * 1000 <= MAX_CLOCK_SKEW_MS) return passed(step, `Abweichung ${skew} s`);
  return failed(
    step,
    `Die Uhr dieses Servers weicht um ${Math.round(Math.abs(skew) / 60)} Minuten vom ${source} ab.`,
    'Zeitsynchronisation einrichten: unter Windows w32tm /resync (Domänenmitglieder synchronisieren mit dem DC), unter Linux chrony oder systemd-timesyncd mit dem Domänencontroller als Zeitquelle.',
  );
}
