/** Business constants of SPEC §9 that several apps share. */
export const DEFAULT_FREE_SEATS = 2;
export const DEFAULT_SUBSCRIPTION_STATUS = 'active';
export const SESSION_REFRESH_MS = 300_000;
export const RELOAD_GUARD_MS = 10_000;
export const COLLECTOR_UNHEALTHY_AFTER_MS = 4 * 60 * 60 * 1000;
export const REST_RETRY_DELAYS_MS: readonly number[] = [400, 800, 1600];
export const TOKEN_REFRESH_RETRY_LIMIT = 3;
export const GRAPHQL_RETRY = { initialDelayMs: 1000, maxDelayMs: 15_000, maxAttempts: 3 } as const;
export const GRAPHQL_GET_URL_LIMIT = 2047;
