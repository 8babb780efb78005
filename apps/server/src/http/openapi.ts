/**
 * OpenAPI 3.1 from the same zod schemas that validate the routes (`@fastify/swagger`), served at `/openapi.json`,
 * and a readable reference at `/api-docs` (`@fastify/swagger-ui`). Each operation gets its security scheme from the
 * route's tenant scope and auth (bearer + x-hasura-role, or the collector's ApiKey) and the problem shape of errors.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { VERSION } from '../version';

export const OPENAPI_PATH = '/openapi.json';
export const API_DOCS_PATH = '/api-docs';

/** Routes that are not part of the REST API (they serve pages, files or another protocol), and why. */
export const NOT_REST_ROUTES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/oidc/, 'the embedded OpenID provider (its own protocol, oidc-provider)'],
  [/^\/api-docs/, 'the API reference page itself'],
  [/^\/openapi\.json$/, 'the OpenAPI document itself'],
  [/^\/v1\/graphql/, 'GraphQL (its own schema and introspection)'],
  [/^\/_ipx\//, 'the image proxy (modifiers in the path, binary answers)'],
  [/^\/\*$|^\/$/, 'static files of the web build'],
  [/^\/account\/password$/, 'the server-rendered set-password page (an HTML form)'],
];

export const isRestRoute = (url: string) => !NOT_REST_ROUTES.some(([pattern]) => pattern.test(url));

type Transform = NonNullable<Parameters<typeof jsonSchemaTransform>[0]>;
type Security = Array<Record<string, string[]>>;

const BEARER: Security = [{ bearerAuth: [], hasuraRole: [] }];
const COLLECTOR_KEY: Security = [{ collectorKey: [] }];
const QUICKCHECK_LINK: Security = [{ quickcheckLink: [] }];

/** Security of one route, from what its scope guard or hooks demand. */
function securityOf(route: RouteOptions | undefined): Security | undefined {
  const config = route?.config;
  if (!config) return undefined;
  if (config.openapiSecurity) return config.openapiSecurity;
  if (!config.tenantScope) return undefined;
  if (config.auth === 'collector-key') return COLLECTOR_KEY;
  if (config.auth === 'collector-key-or-user') return [...BEARER, ...COLLECTOR_KEY];
  if (config.auth === 'quickcheck-link-or-user') return [...BEARER, ...QUICKCHECK_LINK];
  return BEARER;
}

function tagOf(url: string): string {
  const first = url.split('/').filter(Boolean)[0] ?? 'root';
  return first.replace(/^:.*/, 'root');
}

const problemResponse = {
  description: 'Fehler als RFC 9457 problem details (deutscher `detail`)',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

const transform = (document: Transform): { schema: Record<string, unknown>; url: string } => {
  const transformed = jsonSchemaTransform(document) as { schema: Record<string, unknown> | undefined; url: string };
  const result = { url: transformed.url, schema: transformed.schema ?? {} };
  if (result.schema.hide) return result;
  if (!isRestRoute(result.url)) return { schema: { hide: true }, url: result.url };
  const route = (document as Transform & { route?: RouteOptions }).route;
  const security = securityOf(route);
  const response = (result.schema.response ?? {}) as Record<string, unknown>;
  result.schema = {
    ...result.schema,
    tags: (result.schema.tags as string[] | undefined) ?? [tagOf(result.url)],
    ...(security ? { security } : {}),
    response: { ...response, '4XX': problemResponse, '5XX': problemResponse },
  };
  return result;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Security requirement for OpenAPI of a route outside the tenant scopes (e.g. `[{ bearerAuth: [] }]`). */
    openapiSecurity?: Array<Record<string, string[]>>;
  }
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Burgwall API',
        version: VERSION,
        description:
          'REST-API von Burgwall. Fehler kommen als `application/problem+json` (RFC 9457) mit deutschem `detail`. ' +
          'Angemeldete Aufrufe senden `Authorization: Bearer <Token>` und `x-hasura-role`; der Collector sendet ' +
          '`Authorization: ApiKey <Schlüssel>`.',
      },
      tags: [
        { name: 'client', description: 'Kunden: Lebenszyklus, Lizenz, Kontakt, Befunde (IoE), Angriffe (IoA), Collector, Entra ID' },
        { name: 'serviceprovider', description: 'Dienstleister: Kunden, Team, E-Mail, White Label' },
        { name: 'admin', description: 'Administration (nur Rolle admin)' },
        { name: 'saas', description: 'Abrechnung und SaaS-Dienste' },
        { name: 'user', description: 'Eigenes Benutzerkonto und Sitzung' },
        { name: 'api', description: 'Anmeldung (NextAuth-kompatibel) und Laufzeitkonfiguration' },
        { name: 'services', description: 'Dienste: Zustand, E-Mail-Anbieter, Datenänderungen' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Zugriffstoken aus GET /api/auth/session' },
          hasuraRole: { type: 'apiKey', in: 'header', name: 'x-hasura-role', description: 'Gewählte Rolle: admin, serviceprovider oder client' },
          collectorKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`ApiKey <Schlüssel>` aus dem Installationspaket' },
          quickcheckLink: { type: 'apiKey', in: 'query', name: 'token', description: 'Token aus dem Quickcheck-Link der Einladungs-E-Mail (ohne Konto)' },
          selfhostedKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`ApiKey <Lizenzschlüssel>` einer Self-hosted-Installation (bwl_…)' },
          serviceKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Dienstschlüssel (SERVICE_API_KEY) für /services/ioe/data-change' },
        },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: false,
    theme: {
      title: 'Burgwall API – Referenz',
      // The explorer bar of the default top bar invites fetching foreign documents; the reference shows ours only.
      css: [{ filename: 'burgwall.css', content: '.swagger-ui .topbar { display: none; }' }],
    },
  });
}
