import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/database';
import { countHit } from './count-hit';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** The plugin hands `child` its merged route options with `routeInfo` (the route) in them. */
const routeKey = (routeOptions: unknown) => {
  const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  return `${String(route?.method ?? '')} ${String(route?.url ?? '')}`;
};

function storeWithPrefix(db: Db, prefix: string): FastifyRateLimitStore {
  return {
    incr: (key: string, callback: IncrCallback, timeWindow: number) => {
      countHit(db, `route:${prefix} ${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    },
    child: (routeOptions) => storeWithPrefix(db, routeKey(routeOptions)),
  };
}

/**
 * The @fastify/rate-limit store in PostgreSQL: the counters live in `rate_limit_hit`, so a limit holds across every
 * instance of the server (the plugin's default store is per process). Keys carry the route and the client address.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore {
    constructor() {
      return storeWithPrefix(db, '');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
