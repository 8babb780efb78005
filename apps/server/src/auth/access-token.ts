import { HASURA_CLAIMS, type HasuraClaims, mainRole } from '@burgwall/shared';
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { SigningKey } from './signing-keys';

/** Who a verified token speaks for. `role` is chosen per request (x-hasura-role). */
export interface TokenIdentity {
  userId: string;
  email: string;
  roles: string[];
  orgId: string | null;
  expiresAt: number;
  /** The web session the token was issued for (absent for tokens of an external issuer). */
  sessionId?: string;
}

export interface IssueInput {
  userId: string;
  email: string;
  roles: string[];
  orgId: string | null;
  firstName?: string;
  lastName?: string;
  sessionId?: string;
}

export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

export const ACCESS_TOKEN_TTL_SECONDS = 300;

/** The token's session ended (signed out, user removed, password changed). */
export const SESSION_ENDED = 'Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.';

/**
 * Issues and verifies access tokens whose claims follow Keycloak
 * (realm_access.roles, email, given/family name) and Hasura
 * (x-hasura-allowed-roles, x-hasura-user-org-id) conventions.
 */
type KeySet = ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet>;

/** A further issuer whose tokens are accepted as bearer tokens (e.g. Keycloak). */
interface TrustedIssuer {
  keys: KeySet;
  audience?: string;
}

export class AccessTokens {
  readonly #key: SigningKey;
  readonly #jwks: ReturnType<typeof createLocalJWKSet>;
  readonly #trusted = new Map<string, TrustedIssuer>();
  #sessionIsActive: (sessionId: string) => Promise<boolean> = async () => true;

  constructor(
    key: SigningKey,
    readonly issuer: string,
    readonly audience = 'burgwall',
  ) {
    this.#key = key;
    this.#jwks = createLocalJWKSet({ keys: [key.publicJwk] });
  }

  /**
   * How `verify` learns whether the token's session still exists. A token of a signed-out or removed user (their
   * sessions end with them) is refused at once, not only when it expires.
   */
  checkSessionsWith(sessionIsActive: (sessionId: string) => Promise<boolean>): void {
    this.#sessionIsActive = sessionIsActive;
  }

  /** The installation's signing key (the embedded OpenID provider signs its ID tokens with it too). */
  get signingKey(): SigningKey {
    return this.#key;
  }

  jwks(): { keys: object[] } {
    return { keys: [this.#key.publicJwk] };
  }

  /**
   * Also accept tokens of an external issuer, verified against its JWKS
   * (fetched and cached by jose). Without an audience any `aud` is accepted,
   * as Keycloak puts `account` there by default.
   */
  trustIssuer(issuer: string, jwksUri: URL, audience?: string): void {
    this.#trusted.set(issuer, { keys: createRemoteJWKSet(jwksUri), audience });
  }

  async issue(input: IssueInput, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const hasura: HasuraClaims = {
      'x-hasura-allowed-roles': input.roles,
      'x-hasura-default-role': mainRole(input.roles) ?? input.roles[0] ?? 'anonymous',
      'x-hasura-user-id': input.userId,
      ...(input.orgId ? { 'x-hasura-user-org-id': input.orgId } : {}),
    };
    return new SignJWT({
      email: input.email,
      given_name: input.firstName,
      family_name: input.lastName,
      realm_access: { roles: input.roles },
      [HASURA_CLAIMS]: hasura,
      ...(input.sessionId ? { sid: input.sessionId } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.#key.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setSubject(input.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.#key.privateKey);
  }

  /** `acceptEndedSession`: only for the route that reports whether the session ended (GET /user/session/validate). */
  async verify(token: string, options: { acceptEndedSession?: boolean } = {}): Promise<TokenIdentity> {
    try {
      const external = this.#externalIssuerOf(token);
      const { payload } = external
        ? await jwtVerify(token, external.trusted.keys, { issuer: external.issuer, audience: external.trusted.audience })
        : await jwtVerify(token, this.#jwks, { issuer: this.issuer, audience: this.audience });
      const identity = identityFromClaims(payload);
      if (external) return { ...identity, sessionId: undefined };
      if (identity.sessionId && !options.acceptEndedSession && !(await this.#sessionIsActive(identity.sessionId))) throw new TokenError(SESSION_ENDED);
      return identity;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenError('Could not verify JWT: JWTExpired', true);
      if (error instanceof TokenError) throw error;
      const code = error instanceof errors.JOSEError ? error.code : 'invalid';
      throw new TokenError(`Could not verify JWT: ${code}`);
    }
  }

  #externalIssuerOf(token: string): { issuer: string; trusted: TrustedIssuer } | undefined {
    if (this.#trusted.size === 0) return undefined;
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      return undefined;
    }
    const trusted = issuer && issuer !== this.issuer ? this.#trusted.get(issuer) : undefined;
    return trusted && issuer ? { issuer, trusted } : undefined;
  }
}

/** Reads roles and organisation from Hasura claims, falling back to Keycloak's realm roles. */
export function identityFromClaims(payload: JWTPayload): TokenIdentity {
  const hasura = payload[HASURA_CLAIMS] as Partial<HasuraClaims> | undefined;
  const realmRoles = (payload.realm_access as { roles?: unknown } | undefined)?.roles;
  const roles = hasura?.['x-hasura-allowed-roles'] ?? (Array.isArray(realmRoles) ? realmRoles.map(String) : []);
  if (!payload.sub) throw new TokenError('Could not verify JWT: no subject');
  return {
    userId: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    roles,
    orgId: hasura?.['x-hasura-user-org-id'] ?? (typeof payload['user-org-id'] === 'string' ? payload['user-org-id'] : null),
    expiresAt: payload.exp ?? 0,
    ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
  };
}
