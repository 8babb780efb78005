import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { ProblemError } from '../problem';
import { postgresRateLimitStore } from './postgres-store';

const waitText = (ttlMs: number) => {
  const minutes = Math.ceil(ttlMs / 60_000);
  return ttlMs < 60_000 ? `${Math.max(1, Math.ceil(ttlMs / 1000))} Sekunden` : minutes === 1 ? 'einer Minute' : `${minutes} Minuten`;
};

/**
 * @fastify/rate-limit for the routes that say so in `config.rateLimit` (sign-up, mail-sending routes): counters in
 * PostgreSQL (all instances share them), a German 429 problem with Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    errorResponseBuilder: (_request, context) =>
      new ProblemError(context.statusCode, `Zu viele Anfragen. Bitte versuchen Sie es in ${waitText(context.ttl)} erneut.`),
  });
}
