import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Config, DEVELOPMENT_SERVICE_API_KEY } from '../config';
import { unauthorized } from '../http/problem';

/** The key service calls must present: the configured one, the development key only with APP_ENV=dev. */
export function serviceApiKey(config: Pick<Config, 'SERVICE_API_KEY' | 'APP_ENV'>): string | null {
  return config.SERVICE_API_KEY ?? (config.APP_ENV === 'dev' ? DEVELOPMENT_SERVICE_API_KEY : null);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison (of digests, so the length of the key does not leak either). */
export function matchesServiceKey(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * onRequest hook for service routes: `Authorization: <key>` (optionally prefixed `ApiKey ` or `Bearer `).
 * The key itself is never logged or echoed.
 */
export function requireServiceKey(config: Pick<Config, 'SERVICE_API_KEY' | 'APP_ENV'>) {
  const expected = serviceApiKey(config);
  return async (request: FastifyRequest) => {
    // Without a configured key no presented key can be right: refused like a wrong one, not a server fault.
    if (!expected) throw unauthorized('Dienstaufrufe sind abgeschaltet, weil auf dem Server kein Dienstschlüssel (SERVICE_API_KEY) eingerichtet ist.');
    const header = request.headers.authorization?.replace(/^(ApiKey|Bearer)\s+/i, '').trim() ?? '';
    if (header === '') throw unauthorized('Der Dienstschlüssel fehlt. Senden Sie ihn in der Kopfzeile Authorization.');
    if (!matchesServiceKey(header, expected)) throw unauthorized('Der Dienstschlüssel ist ungültig.');
  };
}
