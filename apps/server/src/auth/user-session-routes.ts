import { noBodySchema, sessionEndedAnswerSchema, sessionValidityAnswerSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { destroyProviderSessions } from './oidc/postgres-adapter';
import { principalOf } from './principal';
import type { RelyingParty } from './relying-party';
import { endSession, findSessionById } from './session-store';

/**
 * GET /user/session/validate and POST /user/keycloak/end-session (SPEC §7 "User"), in the user scope (bearer token).
 * `external` is the relying party of an external issuer, whose session ends there; without one the embedded
 * provider's sessions of the user end here.
 */
export function registerUserSessionRoutes(app: ApiApp, services: Services, external: RelyingParty | undefined): void {
  const { db, secrets } = services;

  app.get(
    '/user/session/validate',
    {
      config: { acceptEndedSession: true },
      schema: {
        summary: 'Sitzung prüfen',
        description: 'Ob die Sitzung des Zugriffstokens noch besteht (valid) oder beendet ist (ended); Tokens eines externen Ausstellers gelten als valid. Für jeden angemeldeten Benutzer.',
        response: { 200: sessionValidityAnswerSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      // Tokens of an external issuer carry no Burgwall session; their signature and expiry were checked.
      if (!principal.sessionId) return { status: 'valid' as const };
      return { status: (await findSessionById(db, principal.sessionId)) ? ('valid' as const) : ('ended' as const) };
    },
  );

  app.post(
    '/user/keycloak/end-session',
    {
      schema: {
        summary: 'Sitzung beim Anmeldedienst beenden',
        description: 'Beendet die Sitzung beim externen Anmeldedienst bzw. alle Sitzungen des Benutzers beim eingebauten Anbieter. Für jeden angemeldeten Benutzer. Ohne Body.',
        body: noBodySchema,
        response: { 200: sessionEndedAnswerSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const session = principal.sessionId ? await findSessionById(db, principal.sessionId) : undefined;
      if (external) {
        if (session?.refreshTokenSealed) {
          await external.endExternalSession(secrets.open(session.refreshTokenSealed)).catch((error: unknown) => {
            request.log.warn({ err: error }, 'ending the external identity session failed');
          });
        }
      } else {
        await destroyProviderSessions(db, principal.userId);
      }
      if (session) await endSession(db, session.sessionId);
      return { status: 'ended' as const };
    },
  );
}
