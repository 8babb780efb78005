import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Config, DEVELOPMENT_SERVICE_API_KEY } from '../config';

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
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Without a configured key no presented key can be right: refused like a wrong one, not a server fault.
    if (!expected) return reply.code(401).send({ message: 'Service calls are disabled: SERVICE_API_KEY is not configured' });
    const header = request.headers.authorization?.replace(/^(ApiKey|Bearer)\s+/i, '').trim() ?? '';
    if (header === '') return reply.code(401).send({ message: 'Missing Authorization API key' });
    if (!matchesServiceKey(header, expected)) return reply.code(401).send({ message: 'Invalid API key' });
  };
}
