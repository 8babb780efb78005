import { createHmac } from 'node:crypto';
import Provider from 'oidc-provider';
import type { Db } from '../../db/database';
import type { SigningKey } from '../signing-keys';
import { findUserById } from '../users';
import { postgresAdapterFactory } from './postgres-adapter';

/** Where the embedded provider is mounted inside the Fastify server. */
export const OIDC_MOUNT_PATH = '/oidc';
export const EMBEDDED_CLIENT_ID = 'burgwall-web';

export interface EmbeddedProviderOptions {
  db: Db;
  publicUrl: string;
  appSecret: string;
  signingKey: SigningKey;
  redirectUri: string;
}

/** Derived per installation from APP_SECRET, so every instance agrees without extra configuration. */
export function derivedSecret(appSecret: string, purpose: string): string {
  return createHmac('sha256', appSecret).update(`burgwall:${purpose}`).digest('base64url');
}

export function embeddedIssuer(publicUrl: string): string {
  return `${publicUrl}${OIDC_MOUNT_PATH}`;
}

/**
 * The embedded OpenID Connect provider: users from app_user, state in
 * PostgreSQL, tokens signed with the installation's signing key. Its one
 * client is Burgwall's own server (code flow with PKCE); consent is implicit
 * because client and provider are the same product.
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): Provider {
  const { db, signingKey } = options;
  const provider = new Provider(embeddedIssuer(options.publicUrl), {
    adapter: postgresAdapterFactory(db),
    jwks: { keys: [{ ...signingKey.privateJwk, kid: signingKey.kid, alg: 'RS256', use: 'sig' }] },
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: derivedSecret(options.appSecret, 'oidc-client'),
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [`${options.publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: {
      keys: [derivedSecret(options.appSecret, 'oidc-cookies')],
      long: { sameSite: 'lax' },
      short: { sameSite: 'lax' },
    },
    pkce: { required: () => true, methods: ['S256'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
      roles: ['realm_access'],
    },
    scopes: ['openid', 'email', 'profile', 'roles'],
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true }, revocation: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${OIDC_MOUNT_PATH}/interaction/${interaction.uid}` },
    ttl: { Session: 8 * 3600, Interaction: 3600, Grant: 8 * 3600, AccessToken: 300, IdToken: 300, AuthorizationCode: 60 },
    async findAccount(_ctx: unknown, id: string) {
      const user = await findUserById(db, id);
      if (!user) return undefined;
      return {
        accountId: user.userId,
        claims: async () => ({
          sub: user.userId,
          email: user.email,
          email_verified: true,
          given_name: user.firstName,
          family_name: user.lastName,
          name: `${user.firstName} ${user.lastName}`.trim() || user.email,
          realm_access: { roles: user.roles },
        }),
      };
    },
    // First-party client: grant the requested scopes without a consent screen.
    async loadExistingGrant(ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string; grantIdFor(clientId: string): string | undefined };
        result?: { consent?: { grantId?: string } };
      };
    }) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) {
        const existing = await provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile roles');
      await grant.save();
      return grant;
    },
    renderError(ctx: { type: string; body: string }, out: { error: string; error_description?: string }) {
      // oidc-provider's own descriptions are English: the user reads a German sentence, support the error code.
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="de"><meta charset="utf-8"><title>Anmeldung nicht möglich</title><body style="font-family:system-ui;padding:48px"><h1>Anmeldung nicht möglich</h1><p>${germanOidcError(out.error)}</p><p><code style="color:#8a93a3;font-size:12px">${escapeHtml(out.error)}</code></p><p><a href="/api/auth/signin">Erneut anmelden</a> · <a href="/">Zur Startseite</a></p></body></html>`;
    },
  });
  // The scheme and host come from X-Forwarded-*, which registerEmbeddedProvider always sets from PUBLIC_URL (never
  // the client's), so the public https scheme holds behind a TLS-terminating proxy.
  provider.proxy = true;
  return provider;
}

const MISCONFIGURED = 'Der Anmeldedienst ist falsch eingerichtet. Bitte wenden Sie sich an Ihren Administrator.';
const OIDC_ERRORS: Record<string, string> = {
  access_denied: 'Die Anmeldung wurde abgelehnt.',
  invalid_client: MISCONFIGURED,
  invalid_redirect_uri: MISCONFIGURED,
  unauthorized_client: MISCONFIGURED,
  server_error: 'Beim Anmeldedienst ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
};

/** The German text of an OpenID error code of the embedded provider's error page. */
export function germanOidcError(code: string): string {
  return (
    OIDC_ERRORS[code] ??
    'Die Anmeldung konnte nicht abgeschlossen werden; vermutlich ist sie abgelaufen oder wurde in einem anderen Fenster fortgesetzt. Bitte melden Sie sich erneut an.'
  );
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
