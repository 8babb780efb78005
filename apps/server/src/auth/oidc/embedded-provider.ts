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
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="de"><meta charset="utf-8"><title>Anmeldung nicht möglich</title><body style="font-family:system-ui;padding:48px"><h1>Anmeldung nicht möglich</h1><p>${escapeHtml(out.error_description ?? out.error)}</p><p><a href="/">Zur Startseite</a></p></body></html>`;
    },
  });
  // Behind a TLS-terminating proxy the public scheme comes from X-Forwarded-Proto.
  provider.proxy = true;
  return provider;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
