import * as oidc from 'openid-client';
import { serverConfiguredFetch } from '../http/outgoing';

/** A sign-in provider in the NextAuth sense (SPEC §7 "GET providers"). */
export interface AuthProviderInfo {
  id: string;
  name: string;
  type: 'oidc';
}

export class AuthConfigurationError extends Error {}

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Fetch used for the issuer's back-channel calls (the embedded issuer is reached in-process). */
  fetch?: oidc.CustomFetch;
  /** Called once the issuer's metadata is known (to trust its JWKS for bearer tokens). */
  onDiscovered?: (metadata: oidc.ServerMetadata) => void;
}

export interface AuthorizationStart {
  url: string;
  state: string;
  codeVerifier: string;
}

/** Burgwall's server as OpenID Connect client (code flow with PKCE) of the embedded provider or an external issuer. */
export class RelyingParty {
  #configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly info: AuthProviderInfo,
    private readonly options: RelyingPartyOptions,
  ) {}

  get issuer(): string {
    return this.options.issuer;
  }

  /** Discovers the issuer once; a failure is not cached, so the next sign-in retries. */
  configuration(): Promise<oidc.Configuration> {
    this.#configuration ??= this.#discover().catch((error: unknown) => {
      this.#configuration = undefined;
      throw new AuthConfigurationError(`Discovery of ${this.options.issuer} failed: ${String(error)}`);
    });
    return this.#configuration;
  }

  async #discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.options;
    const insecure = new URL(issuer).protocol === 'http:';
    const discoveryOptions: oidc.DiscoveryRequestOptions = {
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(this.options.fetch ? { [oidc.customFetch]: this.options.fetch } : {}),
    };
    const configuration = await oidc.discovery(
      new URL(issuer),
      clientId,
      undefined,
      oidc.ClientSecretBasic(clientSecret),
      discoveryOptions,
    );
    if (this.options.fetch) configuration[oidc.customFetch] = this.options.fetch;
    this.options.onDiscovered?.(configuration.serverMetadata());
    return configuration;
  }

  async start(): Promise<AuthorizationStart> {
    const configuration = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.options.redirectUri,
      scope: 'openid email profile roles',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      // Always show the sign-in form: switching accounts after "Abmelden" must be possible.
      prompt: 'login',
    });
    return { url: url.href, state, codeVerifier };
  }

  /** Exchanges the code and returns the merged ID token and userinfo claims plus the raw tokens. */
  async finish(
    callbackUrl: URL,
    checks: { state: string; codeVerifier: string },
  ): Promise<{ claims: Record<string, unknown>; idToken?: string; refreshToken?: string }> {
    const configuration = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('The issuer returned no ID token');
    const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    return {
      claims: { ...idClaims, ...userinfo },
      idToken: tokens.id_token,
      refreshToken: tokens.refresh_token,
    };
  }

  /** Ends the session at an external issuer the Keycloak way (back-channel POST with the refresh token). */
  async endExternalSession(refreshToken: string): Promise<boolean> {
    const configuration = await this.configuration();
    const endpoint = configuration.serverMetadata().end_session_endpoint;
    if (!endpoint) return false;
    const body = new URLSearchParams({
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      refresh_token: refreshToken,
    });
    const response = await serverConfiguredFetch(endpoint, { method: 'POST', body });
    return response.ok;
  }
}
