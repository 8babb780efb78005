import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Loopback, private, link-local, CGNAT, unspecified and multicast addresses (IPv4 and IPv6, incl. IPv4-mapped). */
export function isInternalAddress(ip: string): boolean {
  const mapped = ip.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped?.[1]) return isInternalAddress(mapped[1]);
  if (isIP(ip) === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || a >= 224 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  const lower = ip.toLowerCase();
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}

export class InternalHostError extends Error {
  readonly code = 'EINTERNALHOST';
}

/**
 * Resolves a provider-supplied host and refuses internal addresses, so the
 * custom-SMTP feature cannot probe the server's own network. Returns the
 * address to connect to (connecting by address avoids a second, different
 * DNS answer between check and use).
 */
export async function resolvePublicHost(host: string, allowInternal: boolean): Promise<string> {
  if (allowInternal) return host;
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true }).catch(() => {
    throw Object.assign(new Error(`cannot resolve ${host}`), { code: 'EDNS' });
  });
  const first = addresses[0];
  if (!first || addresses.some((entry) => isInternalAddress(entry.address))) throw new InternalHostError(`${host} is internal`);
  return first.address;
}
