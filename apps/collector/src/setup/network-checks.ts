import { lookup } from 'node:dns/promises';
import { isIP, Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { failed, passed, type CheckResult } from './check-result';

const TIMEOUT_MS = 8000;

/** DNS: the DC's name resolves (an IP address needs no DNS). */
export async function checkDns(host: string): Promise<CheckResult> {
  const step = 'DNS';
  if (isIP(host)) return passed(step, `${host} ist eine IP-Adresse (keine Namensauflösung nötig)`);
  try {
    const { address } = await lookup(host);
    return passed(step, `${host} → ${address}`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unbekannt';
    return failed(
      step,
      `Der Name ${host} lässt sich nicht auflösen (${code}).`,
      `Schreibweise prüfen (voller Name, z. B. dc01.firma.local) und ob dieser Server den DNS-Server der Domäne nutzt: nslookup ${host}. Notfalls die IP-Adresse des Domänencontrollers eintragen.`,
    );
  }
}

/** TCP: the LDAP port answers (636 for LDAPS, 389 for LDAP/StartTLS). */
export function checkTcp(host: string, port: number): Promise<CheckResult> {
  const step = `TCP ${port}`;
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (result: CheckResult) => {
      socket.destroy();
      resolve(result);
    };
    const unreachable = (reason: string) =>
      done(
        failed(
          step,
          `Keine Verbindung zu ${host}:${port} (${reason}).`,
          `Firewall zwischen diesem Server und dem Domänencontroller für TCP ${port} (${port === 636 ? 'LDAPS' : 'LDAP/StartTLS'}) freigeben und prüfen, ob ${host} wirklich ein Domänencontroller ist.`,
        ),
      );
    socket.setTimeout(TIMEOUT_MS, () => unreachable(`keine Antwort nach ${TIMEOUT_MS / 1000} s`));
    socket.once('error', (error: NodeJS.ErrnoException) => unreachable(error.code === 'ECONNREFUSED' ? 'Verbindung abgelehnt' : (error.code ?? error.message)));
    socket.connect(port, host, () => done(passed(step, `${host}:${port} erreichbar`)));
  });
}

const CERTIFICATE_PROBLEMS: Record<string, string> = {
  SELF_SIGNED_CERT_IN_CHAIN: 'die Zertifikatskette endet bei einer Zertifizierungsstelle, der dieser Server nicht vertraut',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'der Domänencontroller nutzt ein selbstsigniertes Zertifikat',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'die ausstellende Zertifizierungsstelle ist diesem Server unbekannt',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'die ausstellende Zertifizierungsstelle ist diesem Server unbekannt',
  CERT_HAS_EXPIRED: 'das Zertifikat des Domänencontrollers ist abgelaufen',
  CERT_NOT_YET_VALID: 'das Zertifikat des Domänencontrollers ist noch nicht gültig (Uhrzeit prüfen)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'das Zertifikat ist für einen anderen Namen ausgestellt',
};

/** German finding and fix for a TLS handshake error (certificate chain, name, expiry). */
export function tlsFailure(host: string, error: NodeJS.ErrnoException): CheckResult {
  const code = error.code ?? '';
  const problem = CERTIFICATE_PROBLEMS[code];
  if (!problem) {
    return failed('TLS-Zertifikat', `TLS-Verbindung zu ${host} fehlgeschlagen: ${error.message}`, 'Auf dem Domänencontroller ein gültiges Zertifikat für LDAPS einrichten (Zertifikatdienste oder Zertifikat mit Serverauthentifizierung).');
  }
  const fix =
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
      ? `Den Namen verwenden, auf den das Zertifikat ausgestellt ist (meist der volle DNS-Name des Domänencontrollers statt ${host}).`
      : code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID'
        ? 'Das LDAPS-Zertifikat auf dem Domänencontroller erneuern und die Uhrzeit beider Server prüfen.'
        : 'Das Zertifikat der Stammzertifizierungsstelle Ihrer Domäne (PEM) in der Konfiguration als ldap.tlsCaFile eintragen oder im Assistenten angeben.';
  return failed('TLS-Zertifikat', `Dem Zertifikat von ${host} wird nicht vertraut: ${problem} (${code}).`, fix);
}

/** TLS for LDAPS: the handshake succeeds with the DC's certificate checked (chain and name). */
export function checkTls(host: string, port: number, ca: string | undefined): Promise<CheckResult> {
  return new Promise((resolve) => {
    const options: ConnectionOptions = { host, port, servername: isIP(host) ? undefined : host, rejectUnauthorized: true, timeout: TIMEOUT_MS, ...(ca ? { ca } : {}) };
    const socket = tlsConnect(options, () => {
      const subject = socket.getPeerCertificate().subject?.CN;
      socket.destroy();
      resolve(passed('TLS-Zertifikat', `gültig${subject ? ` (ausgestellt für ${subject})` : ''}`));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      resolve(tlsFailure(host, error));
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(failed('TLS-Zertifikat', `Kein TLS-Handshake mit ${host}:${port} nach ${TIMEOUT_MS / 1000} s.`, 'Prüfen, ob auf dem Domänencontroller LDAPS eingerichtet ist, sonst StartTLS über Port 389 wählen.'));
    });
  });
}
