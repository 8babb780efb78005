import { withAuthRetry } from '../auth/auth-error';
import type { SessionState } from '../auth/session';
import { CombinedError, GRAPHQL_RETRY, retryDelayMs } from './graphql-errors';
import { graphqlHeaders, graphqlHttpUrl } from './graphql-endpoint';

let sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Tests replace the waits. */
export function setGraphqlSleep(next: (ms: number) => Promise<void>): void {
  sleep = next;
}

interface GraphqlResponse<T> {
  data?: T | null;
  errors?: { message: string }[];
}

async function send<T>(query: string, variables: Record<string, unknown>, session: SessionState): Promise<GraphqlResponse<T>> {
  const response = await fetch(graphqlHttpUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...graphqlHeaders(session) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json().catch(() => null)) as GraphqlResponse<T> | null;
  if (!body) throw new CombinedError(new Error(`HTTP ${response.status}`), []);
  // A refused token is an auth error for withAuthRetry (refresh once, then sign-out), not a network failure.
  if (response.status === 401) throw new CombinedError(null, body.errors ?? [{ message: 'Nicht angemeldet' }], 401);
  return body;
}

/**
 * Runs a GraphQL operation and throws a CombinedError on failure. Network failures are retried (1–15 s,
 * randomised, 3 attempts in all); GraphQL errors are answers and are not retried.
 */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return withAuthRetry((session) => requestWithRetries<T>(query, variables, session));
}

async function requestWithRetries<T>(query: string, variables: Record<string, unknown>, session: SessionState): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let body: GraphqlResponse<T>;
    try {
      body = await send<T>(query, variables, session);
    } catch (error) {
      if (error instanceof CombinedError && error.status === 401) throw error;
      const networkError = error instanceof CombinedError ? error : new CombinedError(error instanceof Error ? error : new Error(String(error)), []);
      if (attempt >= GRAPHQL_RETRY.maxAttempts) throw networkError;
      await sleep(retryDelayMs(attempt));
      continue;
    }
    if (body.errors?.length || !body.data) throw new CombinedError(null, body.errors ?? [{ message: 'Keine Daten' }]);
    return body.data;
  }
}

/** SPEC §8 query helper: a failed query is logged, then it waits 1 s and returns nothing. */
export async function graphqlQuery<T>(query: string, variables: Record<string, unknown> = {}): Promise<T | null> {
  try {
    return await graphqlRequest<T>(query, variables);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await sleep(1000);
    return null;
  }
}
