import { type MainRole, mainRole, MAIN_ROLES } from '@burgwall/shared';
import type { FastifyRequest } from 'fastify';
import type { AccessTokens, TokenIdentity } from './access-token';
import { SESSION_ENDED, TokenError } from './access-token';

/** The authenticated caller of one request, with the role it chose for this call. */
export interface Principal extends TokenIdentity {
  role: MainRole;
  /** Set when the caller authenticated with an API token (Bearer bwt_…) instead of a session token. */
  apiTokenId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export class AuthError extends Error {
  constructor(
    readonly statusCode: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The text of a refused token: SPEC §4 fixes 'Could not verify JWT: JWTExpired' (the web refreshes the session on it);
 * every other reason is said in German.
 */
function tokenProblem(error: unknown): string {
  if (error instanceof TokenError && (error.expired || error.message === SESSION_ENDED)) return error.message;
  return 'Das Zugriffstoken ist ungültig. Bitte melden Sie sich erneut an.';
}

/**
 * Resolves the principal from `Authorization: Bearer` and `x-hasura-role`:
 * the chosen role must be one the token allows, and must be a main role.
 */
export async function principalFromRequest(tokens: AccessTokens, request: FastifyRequest): Promise<Principal> {
  return principalFromHeaders(tokens, request.headers, { acceptEndedSession: request.routeOptions.config?.acceptEndedSession === true });
}

/** Same check for header sets that are not a Fastify request (GraphQL over WebSocket: connection_init payload). */
export async function principalFromHeaders(
  tokens: AccessTokens,
  headers: Record<string, string | string[] | undefined>,
  options: { acceptEndedSession?: boolean } = {},
): Promise<Principal> {
  const token = bearerTokenOf(headers);
  let identity: TokenIdentity;
  try {
    identity = await tokens.verify(token, options);
  } catch (error) {
    throw new AuthError(401, tokenProblem(error));
  }
  return principalInRole(identity, headers);
}

/** The bearer value of `Authorization`, or 401. */
function bearerTokenOf(headers: Record<string, string | string[] | undefined>): string {
  const authorization = headers.authorization;
  const header = typeof authorization === 'string' ? authorization : undefined;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw new AuthError(401, 'Bitte melden Sie sich an: die Kopfzeile „Authorization: Bearer …“ fehlt.');
  return match[1];
}

/**
 * The token's identity without its session lookup, for the tenant guard, which checks the session in the query that
 * loads the tenant and then calls `sessionEnded` / `principalInRole` in this order (the same answers as
 * `principalFromHeaders`: a bad or ended token is 401 before a refused role is 403).
 */
export async function identityLeavingSessionToCaller(tokens: AccessTokens, headers: Record<string, string | string[] | undefined>): Promise<TokenIdentity> {
  const token = bearerTokenOf(headers);
  try {
    return await tokens.verifyLeavingSessionToCaller(token);
  } catch (error) {
    throw new AuthError(401, tokenProblem(error));
  }
}

/** The 401 of a token whose session ended (signed out, user removed, password changed). */
export const sessionEnded = () => new AuthError(401, tokenProblem(new TokenError(SESSION_ENDED)));

/** The role chosen by `x-hasura-role` (default: the token's main role); it must be one the token allows and a main role. */
export function principalInRole(identity: TokenIdentity, headers: Record<string, string | string[] | undefined>): Principal {
  const requested = headers['x-hasura-role'];
  const chosen = typeof requested === 'string' && requested !== '' ? requested : mainRole(identity.roles);
  if (!chosen || !identity.roles.includes(chosen)) {
    throw new AuthError(403, `Die Rolle „${chosen ?? ''}“ ist mit diesem Zugriffstoken nicht erlaubt.`);
  }
  if (!(MAIN_ROLES as readonly string[]).includes(chosen)) {
    throw new AuthError(403, `Die Rolle „${chosen}“ kann nicht als x-hasura-role gewählt werden.`);
  }
  return { ...identity, role: chosen as MainRole };
}

/** The principal of an authenticated route (set by `authenticate`). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AuthError(401, 'Bitte melden Sie sich an.');
  return request.principal;
}
