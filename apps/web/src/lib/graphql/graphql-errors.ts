/**
 * Combined GraphQL errors as the SPEC §8 lines: '[Network] message' for a transport failure, '[GraphQL] message'
 * for each error the server returned.
 */
export class CombinedError extends Error {
  constructor(
    readonly networkError: Error | null,
    readonly graphQLErrors: readonly { message: string }[],
    /** HTTP status of the answer, when there was one (401: refused token). */
    readonly status?: number,
  ) {
    super(combinedMessage(networkError, graphQLErrors));
  }
}

export function combinedMessage(networkError: Error | null, graphQLErrors: readonly { message: string }[]): string {
  const lines = networkError ? [`[Network] ${networkError.message}`] : [];
  for (const error of graphQLErrors) lines.push(`[GraphQL] ${error.message}`);
  return lines.join('\n');
}

/** SPEC §9: GraphQL retry from 1000 ms up to 15000 ms, randomised, at most 3 attempts. */
export const GRAPHQL_RETRY = { initialDelayMs: 1000, maxDelayMs: 15_000, maxAttempts: 3 } as const;

/** Delay before retry number `attempt` (1-based): exponential from 1 s, capped at 15 s, with jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(GRAPHQL_RETRY.maxDelayMs, GRAPHQL_RETRY.initialDelayMs * 2 ** (attempt - 1));
  return Math.round(Math.min(GRAPHQL_RETRY.maxDelayMs, base * (1 + random())));
}

/** SPEC §8: WebSocket close codes that are not retried (server said no, retrying cannot help). */
export const NON_RETRYABLE_CLOSE_CODES: readonly number[] = [4500, 4400, 4401, 4403, 4408, 4409, 4429];
