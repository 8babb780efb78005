import { ApiError } from './api-client';
import { CombinedError, GRAPHQL_RETRY, retryDelayMs } from './graphql/graphql-errors';

/** SPEC §9: REST calls are retried 3 times, after 400, 800 and 1600 ms. */
export const REST_RETRY_DELAYS_MS = [400, 800, 1600] as const;

/**
 * Whether the query cache tries a failed call again (`failureCount` failures so far, 0-based as TanStack counts):
 * REST 5xx and network failures up to 3 times, GraphQL transport failures up to 3 attempts in all (SPEC §8/§9).
 * Answers (4xx, GraphQL errors, a refused token) are final: asking again cannot change them.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof CombinedError) return error.networkError !== null && error.status !== 401 && failureCount < GRAPHQL_RETRY.maxAttempts - 1;
  if (error instanceof ApiError) return error.status >= 500 && failureCount < REST_RETRY_DELAYS_MS.length;
  // fetch rejects with a TypeError when the server cannot be reached.
  return error instanceof TypeError && failureCount < REST_RETRY_DELAYS_MS.length;
}

/** Wait before the next attempt: REST's fixed backoff, GraphQL's randomised 1–15 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof CombinedError) return retryDelayMs(failureCount + 1);
  return REST_RETRY_DELAYS_MS[Math.min(failureCount, REST_RETRY_DELAYS_MS.length - 1)] as number;
}
