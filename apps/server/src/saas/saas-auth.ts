import type { FastifyRequest } from 'fastify';
import { AuthError, principalFromRequest } from '../auth/principal';
import { requireServiceKey } from '../auth/service-key';
import { forbidden, ProblemError } from '../http/problem';
import type { Services } from '../services';

/** OpenAPI: these routes take an admin's bearer token or the service key. */
export const ADMIN_OR_SERVICE_SECURITY: Array<Record<string, string[]>> = [{ bearerAuth: [], hasuraRole: [] }, { serviceKey: [] }];

/**
 * onRequest hook of the /saas routes that other services and admins call (mailer, mailing lists): a bearer token must
 * be an admin's; anything else is checked as the service key (SERVICE_API_KEY). The server's own funnels (sign-up,
 * quickcheck) call the mailing service directly, not over HTTP.
 */
export function adminOrServiceKey(services: Services) {
  const serviceKey = requireServiceKey(services.config);
  return async (request: FastifyRequest) => {
    if (!/^Bearer\s/i.test(request.headers.authorization ?? '')) return serviceKey(request);
    try {
      const principal = await principalFromRequest(services.tokens, request);
      if (principal.role !== 'admin') throw forbidden('Nur Administratoren oder Dienste mit dem Dienstschlüssel dürfen diese Aktion ausführen.');
      request.principal = principal;
    } catch (error) {
      if (error instanceof AuthError) throw new ProblemError(error.statusCode, error.message);
      throw error;
    }
  };
}
