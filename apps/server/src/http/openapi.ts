/**
 * OpenAPI 3.1 from the same zod schemas that validate the routes (`@fastify/swagger`), served at `/openapi.json`,
 * and a readable reference at `/api-docs` (`@fastify/swagger-ui`). Each operation gets its security scheme from the
 * route's tenant scope and auth (bearer + x-hasura-role, or the collector's ApiKey) and the problem shape of errors.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
const API_TOKEN: Security = [{ apiToken: [] }];

/** How a route that accepts API tokens says which scope it needs (the reference lists it under the description). */
function withTokenScope(description: unknown, route: RouteOptions | undefined): string | undefined {
  const scope = route?.config?.apiTokenScope;
  const text = typeof description === 'string' ? description : undefined;
  if (!scope) return text;
  return `${text ?? ''}\n\nMit API-Token (\`Authorization: Bearer bwt_…\`): Berechtigung \`${scope}\`.`.trim();
}

/** Security of one route, from what its scope guard or hooks demand. */
function securityOf(route: RouteOptions | undefined): Security | undefined {
  const config = route?.config;
  if (!config) return undefined;
  if (config.openapiSecurity) return config.openapiSecurity;
  if (!config.tenantScope) return undefined;
  if (config.auth === 'collector-key') return COLLECTOR_KEY;
  if (config.auth === 'collector-key-or-user') return [...BEARER, ...COLLECTOR_KEY];
  if (config.auth === 'quickcheck-link-or-user') return [...BEARER, ...QUICKCHECK_LINK];
  if (config.apiTokenScope) return [...BEARER, ...API_TOKEN];
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

/** NDJSON request bodies are read as a stream by the route, so they are documented, not validated, by Fastify. */
export const NDJSON_CONTENT_TYPE = 'application/x-ndjson';

/** A route whose body is NDJSON documents the schema of one line as its request body under that media type. */
function withNdjsonBody(document: Transform): Transform {
  const route = (document as Transform & { route?: RouteOptions }).route;
  const line = route?.config?.ndjsonLineSchema;
  if (!line || !document.schema) return document;
  return { ...document, schema: { ...document.schema, body: line, consumes: [NDJSON_CONTENT_TYPE] } as typeof document.schema };
}

const transform = (document: Transform): { schema: Record<string, unknown>; url: string } => {
  const transformed = jsonSchemaTransform(withNdjsonBody(document)) as { schema: Record<string, unknown> | undefined; url: string };
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
    ...(route?.config?.apiTokenScope ? { description: withTokenScope(result.schema.description, route) } : {}),
    response: { ...response, '4XX': problemResponse, '5XX': problemResponse },
  };
  return result;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Security requirement for OpenAPI of a route outside the tenant scopes (e.g. `[{ bearerAuth: [] }]`). */
    openapiSecurity?: Array<Record<string, string[]>>;
    /** The schema of one line of a route's NDJSON body (the route validates each line itself as it streams in). */
    ndjsonLineSchema?: z.ZodType;
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
          '`Authorization: ApiKey <Schlüssel>`.\n\n' +
          '**API-Tokens** für Skripte und andere Werkzeuge legen Sie in den Benutzereinstellungen (persönlich) oder in den ' +
          'Einstellungen des Dienstleisters an (Reiter „API-Tokens“; Endpunkte `/user/api-tokens` und ' +
          '`/serviceprovider/{serviceproviderUUID}/api-tokens`). Senden Sie sie als `Authorization: Bearer bwt_…` (ohne ' +
          '`x-hasura-role`). Ein Token handelt als sein Benutzer bzw. Dienstleister, aber nur auf Endpunkten, deren ' +
          'Beschreibung eine seiner Berechtigungen nennt: `findings:read` (Befunde lesen), `changes:read` (Änderungen und ' +
          'Angriffe lesen), `clients:manage` (Kunden verwalten). Fehlt die Berechtigung, antwortet die API 403; ein ' +
          'abgelaufenes oder widerrufenes Token wird mit 401 abgelehnt. Exporte als CSV, XLSX oder JSON: ' +
          '`/client/{clientUUID}/export/{findings|affected-objects|changes|ioas}?format=csv|xlsx|json`.',
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
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bwt_…',
            description:
              'API-Token (`bwt_…`) aus den Einstellungen „API-Tokens“; gilt nur auf Endpunkten mit passender Berechtigung (findings:read, changes:read, clients:manage), ohne x-hasura-role.',
          },
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
    // Tags start collapsed: with ~160 operations swagger-ui stopped rendering the fully expanded list after a few.
    uiConfig: { docExpansion: 'none', deepLinking: true },
    staticCSP: false,
    theme: {
      title: 'Burgwall API – Referenz',
      // The explorer bar of the default top bar invites fetching foreign documents; the reference shows ours only.
      css: [{ filename: 'burgwall.css', content: '.swagger-ui .topbar { display: none; }' }],
    },
  });
}
