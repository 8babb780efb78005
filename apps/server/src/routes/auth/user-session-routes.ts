import type { FastifyInstance } from 'fastify';
import { destroyProviderSessions } from '../../auth/oidc/postgres-adapter';
import { authenticate, principalOf } from '../../auth/principal';
import type { RelyingParty } from '../../auth/relying-party';
import { endSession, findSessionById } from '../../auth/session-store';
import type { Services } from '../../services';

/** GET /user/session/validate and POST /user/keycloak/end-session (SPEC §7 "User"), bearer-authenticated. */
export function registerUserSessionRoutes(
  app: FastifyInstance,
  services: Services,
  options: { external: RelyingParty | undefined },
): void {
  const { db, secrets, tokens } = services;
  const onRequest = authenticate(tokens);

  app.get('/user/session/validate', { onRequest }, async (request) => {
    const principal = principalOf(request);
    // Tokens of an external issuer carry no Burgwall session; their signature and expiry were checked.
    if (!principal.sessionId) return { status: 'valid' };
    return { status: (await findSessionById(db, principal.sessionId)) ? 'valid' : 'ended' };
  });

  app.post('/user/keycloak/end-session', { onRequest }, async (request) => {
    const principal = principalOf(request);
    const session = principal.sessionId ? await findSessionById(db, principal.sessionId) : undefined;
    if (options.external) {
      if (session?.refreshTokenSealed) {
        await options.external.endExternalSession(secrets.open(session.refreshTokenSealed)).catch((error: unknown) => {
          request.log.warn({ err: error }, 'ending the external identity session failed');
        });
      }
    } else {
      await destroyProviderSessions(db, principal.userId);
    }
    if (session) await endSession(db, session.sessionId);
    return { status: 'ended' };
  });
}
