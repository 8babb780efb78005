import { createGraphQLError } from 'graphql-yoga';
import { AuthError, principalFromHeaders } from '../auth/principal';
import type { Services } from '../services';
import type { GraphqlContext } from './builder';

/**
 * The caller of one GraphQL operation from its headers (HTTP request headers, or the connection_init payload's
 * `headers` on a WebSocket): `Authorization: Bearer` + `x-hasura-role`; a role the token does not allow is refused.
 */
export async function graphqlContextFromHeaders(
  services: Services,
  headers: Record<string, string | string[] | undefined>,
): Promise<GraphqlContext> {
  try {
    return { principal: await principalFromHeaders(services.tokens, headers), services };
  } catch (error) {
    if (error instanceof AuthError) {
      throw createGraphQLError(error.message, {
        extensions: { code: error.statusCode === 401 ? 'invalid-jwt' : 'access-denied', http: { status: error.statusCode } },
      });
    }
    throw error;
  }
}

/** connection_init payload → lower-case header map; accepts `{ headers: {...} }` (Hasura style) or the headers flat. */
export function headersFromConnectionParams(params: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  const source = params && typeof params.headers === 'object' && params.headers !== null ? (params.headers as Record<string, unknown>) : (params ?? {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) if (typeof value === 'string') headers[name.toLowerCase()] = value;
  return headers;
}
