import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's options as registered (config carries the tenant scope and auth; schema the zod schemas). */
  options: RouteOptions;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route added to the app from now on (all plugins and scopes),
 * so tests can walk the whole route table, including routes added later.
 */
export function recordRoutes(app: FastifyInstance): void {
  const entries: RouteEntry[] = [];
  tables.set(app, entries);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) entries.push({ method: String(method).toUpperCase(), url: route.url, options: route });
  });
}

export function routeTableOf(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
