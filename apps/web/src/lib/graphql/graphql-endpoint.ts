import { mainRole } from '@burgwall/shared';
import { apiUrl } from '../api-base';
import type { SessionState } from '../auth/session';

/** The server's GraphQL path (Hasura-compatible). */
export const GRAPHQL_PATH = '/v1/graphql';

export function graphqlHttpUrl(): string {
  return apiUrl(GRAPHQL_PATH);
}

/** ws(s):// URL of the same endpoint, relative to the page when the API is same-origin. */
export function graphqlWsUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const http = graphqlHttpUrl();
  if (/^https?:\/\//.test(http)) return http.replace(/^http/, 'ws');
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${http}`;
}

/** SPEC §6: the chosen role as x-hasura-role, with the bearer token, on every request and connection. */
export function graphqlHeaders(session: SessionState): Record<string, string> {
  if (!session.data) return {};
  const role = mainRole(session.data.user.roles);
  return { Authorization: `Bearer ${session.data.accessToken}`, ...(role ? { 'x-hasura-role': role } : {}) };
}
