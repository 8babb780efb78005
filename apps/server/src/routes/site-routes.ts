import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { StoryStore } from '../content/story-store';
import { registerServerErrorReporting } from '../observability/error-reporting';
import type { Services } from '../services';
import { registerConsentRoute } from './consent/consent-route';
import { registerContentRoutes } from './content/content-routes';
import { registerImageProxy } from './images/ipx-route';

/**
 * Issue 8: content API, consent log, image proxy and server error reporting (the audit report is a client-scope
 * route). (Build metadata lives in the web build and is served as static files.)
 */
export async function registerSiteRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { config, db } = services;
  await registerServerErrorReporting(app, config);
  registerContentRoutes(app, config, new StoryStore(path.join(config.CONTENT_DIR, 'stories')));
  registerConsentRoute(app, db);
  registerImageProxy(app, config.CONTENT_DIR);
}
