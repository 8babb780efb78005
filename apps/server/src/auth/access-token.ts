import { HASURA_CLAIMS, type HasuraClaims, mainRole } from '@burgwall/shared';
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
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

/**
 * Own tokens whose signature was checked, kept until they expire: an RS256 verification costs more than the rest of
 * a small API read, and the web sends the same token with every call for its five minutes. Only the signature and the
 * claims are remembered — the session behind the token is still looked up on every request, so sign-out, a password
 * change and removing a user end access at once. Bounded, so a flood of distinct tokens cannot grow the heap.
 */
const VERIFIED_TOKENS_MAX = 10_000;

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
  readonly #verified = new LRUCache<string, TokenIdentity>({ max: VERIFIED_TOKENS_MAX });
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
    const identity = await this.verifyLeavingSessionToCaller(token);
    if (identity.sessionId && !options.acceptEndedSession && !(await this.#sessionIsActive(identity.sessionId))) throw new TokenError(SESSION_ENDED);
    return identity;
  }

  /**
   * Signature, issuer, audience and expiry only. The caller MUST then check that `sessionId` (when set) is still an
   * active session: the tenant guard does so in the same query that loads the tenant (`tenancy/guard-lookup.ts`).
   */
  async verifyLeavingSessionToCaller(token: string): Promise<TokenIdentity> {
    try {
      const external = this.#externalIssuerOf(token);
      if (external) {
        // Not cached: the issuer's keys may be rotated or withdrawn at any time (jose refetches its JWKS).
        const { payload } = await jwtVerify(token, external.trusted.keys, { issuer: external.issuer, audience: external.trusted.audience });
        return { ...identityFromClaims(payload), sessionId: undefined };
      }
      const cached = this.#verified.get(token);
      // The expiry is checked against the wall clock on every hit too (the cache's own clock is monotonic).
      return cached && cached.expiresAt * 1000 > Date.now() ? cached : await this.#verifyOwn(token);
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenError('Could not verify JWT: JWTExpired', true);
      if (error instanceof TokenError) throw error;
      const code = error instanceof errors.JOSEError ? error.code : 'invalid';
      throw new TokenError(`Could not verify JWT: ${code}`);
    }
  }

  /** Signature, issuer, audience and expiry of an own token; remembered until the token expires (jose's own rule: exp ≤ now is expired). */
  async #verifyOwn(token: string): Promise<TokenIdentity> {
    const { payload } = await jwtVerify(token, this.#jwks, { issuer: this.issuer, audience: this.audience });
    // Frozen: every request holding a cached token shares this object.
    const identity = Object.freeze({ ...identityFromClaims(payload), roles: Object.freeze(identityFromClaims(payload).roles) as string[] });
    const ttl = identity.expiresAt * 1000 - Date.now();
    if (payload.exp !== undefined && ttl > 0) this.#verified.set(token, identity, { ttl });
    return identity;
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
