import { runtimeConfigAnswerSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import type { Config } from '../config';

/** GET /api/runtime-config (public): per-installation values the web app reads at start (SPEC §5 needs APP_ENV). */
export function registerRuntimeConfigRoute(app: ApiApp, config: Config): void {
  app.get(
    '/api/runtime-config',
    {
      schema: {
        summary: 'Laufzeitkonfiguration lesen',
        description: 'Werte der Installation, die die Web-App beim Start liest (APP_ENV). Öffentlich.',
        response: { 200: runtimeConfigAnswerSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { appEnv: config.APP_ENV };
    },
  );
}
