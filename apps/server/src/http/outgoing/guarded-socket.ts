import { connect as netConnect, isIP, type Socket } from 'node:net';
import { checkServerIdentity, connect as tlsConnect, rootCertificates } from 'node:tls';
import { resolvePublicAddress, type OutgoingPolicy } from './resolve-public-address';

export interface GuardedSocketTarget {
  host: string;
  port: number;
  tls: boolean;
  /** PEM of the CA the tenant's server certificate is signed by; without it Node's trust store (+ the extra CA). */
  caPem?: string | null;
}

/**
 * Opens a raw TCP or TLS connection to a tenant-chosen host (e.g. a SIEM's syslog port) and writes `payload`. The host
 * is resolved and checked once by `resolvePublicAddress` and the socket goes to exactly that address; TLS verifies
 * the certificate against the name the tenant entered. Resolves when the data was handed to the peer and the
 * connection closed cleanly.
 */
export function sendOverGuardedSocket(target: GuardedSocketTarget, payload: Buffer, policy: OutgoingPolicy): Promise<void> {
  return resolvePublicAddress(target.host, policy).then(
    (address) =>
      new Promise<void>((resolve, reject) => {
        const name = target.host.replace(/^\[|\]$/g, '');
        const socket: Socket = target.tls
          ? tlsConnect({
              host: address,
              port: target.port,
              // SNI only for names (RFC 6066); the certificate is checked against the entered host either way.
              ...(isIP(name) ? {} : { servername: name }),
              checkServerIdentity: (_address, cert) => checkServerIdentity(name, cert),
              ca: target.caPem ? [target.caPem] : policy.extraCaPem ? [...rootCertificates, policy.extraCaPem] : undefined,
            })
          : netConnect({ host: address, port: target.port });
        const timer = setTimeout(() => socket.destroy(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })), policy.connectTimeoutMs);
        socket.once(target.tls ? 'secureConnect' : 'connect', () => {
          clearTimeout(timer);
          socket.end(payload);
        });
        socket.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        socket.once('close', (hadError) => {
          clearTimeout(timer);
          if (!hadError) resolve();
        });
        // A peer that never closes its side: our data is out once 'finish' fired; do not wait forever for its FIN.
        socket.once('finish', () => setTimeout(() => socket.destroy(), 2_000).unref());
      }),
  );
}

