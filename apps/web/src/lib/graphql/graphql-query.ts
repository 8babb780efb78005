import { withAuthRetry } from '../auth/auth-error';
import type { SessionState } from '../auth/session';
import { CombinedError } from './graphql-errors';
import { graphqlHeaders, graphqlHttpUrl } from './graphql-endpoint';

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
 * Runs a GraphQL operation and throws a CombinedError on failure: '[Network] …' for a transport failure, '[GraphQL] …'
 * for the server's errors. Retrying transport failures is the query cache's job (../query-retry).
 */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return withAuthRetry((session) => requestOnce<T>(query, variables, session));
}

async function requestOnce<T>(query: string, variables: Record<string, unknown>, session: SessionState): Promise<T> {
  let body: GraphqlResponse<T>;
  try {
    body = await send<T>(query, variables, session);
  } catch (error) {
    if (error instanceof CombinedError) throw error;
    throw new CombinedError(error instanceof Error ? error : new Error(String(error)), []);
  }
  if (body.errors?.length || !body.data) throw new CombinedError(null, body.errors ?? [{ message: 'Keine Daten' }]);
  return body.data;
}
