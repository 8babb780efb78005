import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo/demo-users';
import { publicUrl, type Services } from '../services';
import { userScope } from '../tenancy/tenant-scope';
import { inProcessFetch } from './in-process-fetch';
import { contentSecurityPolicy } from '../http/security-headers';
import { demoScript } from './oidc/sign-in-page';
import { createEmbeddedProvider, derivedSecret, EMBEDDED_CLIENT_ID, embeddedIssuer } from './oidc/embedded-provider';
import { registerEmbeddedProvider } from './oidc/register-embedded-provider';
import { RelyingParty } from './relying-party';
import { registerRuntimeConfigRoute } from './runtime-config-route';
import { registerSignInRoutes } from './sign-in-routes';
import { registerUserSessionRoutes } from './user-session-routes';

/**
 * Sign-in and sessions: the embedded OpenID provider (unless OIDC_ISSUER
 * names an external one), the server as its relying party, the public sign-in
 * routes under /api/auth, the runtime configuration and, in the user scope,
 * the user session routes.
 */
export async function registerIdentity(app: FastifyInstance, services: Services): Promise<void> {
  const { config } = services;
  if (!app.hasRequestDecorator('cookies')) await app.register(fastifyCookie);
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(fastifyFormbody);

  const base = publicUrl(config);
  const redirectUri = `${base}/api/auth/callback/keycloak`;
  const external = Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);
  let relyingParty: RelyingParty;
  if (external) {
    relyingParty = new RelyingParty(
      { id: 'keycloak', name: 'Keycloak', type: 'oidc' },
      {
        issuer: config.OIDC_ISSUER as string,
        clientId: config.OIDC_CLIENT_ID as string,
        clientSecret: config.OIDC_CLIENT_SECRET as string,
        redirectUri,
        onDiscovered: (metadata) => {
          if (metadata.jwks_uri) services.tokens.trustIssuer(metadata.issuer, new URL(metadata.jwks_uri));
        },
      },
    );
    // Learn the issuer's keys early, so its bearer tokens verify before anyone signs in here.
    void relyingParty.configuration().catch((error: unknown) => app.log.warn({ err: error }, 'OIDC discovery failed'));
  } else {
    const provider = createEmbeddedProvider({
      db: services.db,
      publicUrl: base,
      appSecret: config.APP_SECRET,
      signingKey: services.tokens.signingKey,
      redirectUri,
    });
    await registerEmbeddedProvider(app, provider, services.db, {
      demo: config.SEED_DEMO ? { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS } : undefined,
      publicUrl: base,
      attemptsPerMinute: config.AUTH_ATTEMPTS_PER_MINUTE,
      contentSecurityPolicy: contentSecurityPolicy(config, { inlineScripts: config.SEED_DEMO ? [demoScript(DEMO_PASSWORD)] : [] }),
    });
    relyingParty = new RelyingParty(
      { id: 'keycloak', name: 'Burgwall', type: 'oidc' },
      {
        issuer: embeddedIssuer(base),
        clientId: EMBEDDED_CLIENT_ID,
        clientSecret: derivedSecret(config.APP_SECRET, 'oidc-client'),
        redirectUri,
        fetch: inProcessFetch(app, base),
      },
    );
  }

  const api = app.withTypeProvider<ZodTypeProvider>();
  registerSignInRoutes(api, services, { providers: [relyingParty], publicUrl: base, external });
  registerRuntimeConfigRoute(api, config);
  const externalParty = external ? relyingParty : undefined;
  await app.register(userScope, { services, routes: [(scoped) => registerUserSessionRoutes(scoped, services, externalParty)] });
}
