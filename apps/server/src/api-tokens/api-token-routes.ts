import { apiTokenCreateBodySchema, apiTokenCreatedSchema, apiTokenListSchema, messageSchema } from '@burgwall/shared';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/principal';
import type { ApiApp } from '../http/api-app';
import { badRequest, notFound } from '../http/problem';
import type { Services } from '../services';
import { createApiToken, listApiTokens, revokeApiToken, type TokenOwner } from './api-token-store';

const TOKEN_NOT_FOUND = 'Das API-Token wurde nicht gefunden oder ist bereits widerrufen.';
const USAGE =
  'Das Token wird als `Authorization: Bearer <Token>` gesendet und gilt nur auf Endpunkten, deren Beschreibung eine seiner Berechtigungen nennt. ' +
  'Tokens verwalten kann nur, wer angemeldet ist (nicht mit einem API-Token).';

const tokenParams = (tenant: 'user' | 'serviceprovider') =>
  z.object({
    ...(tenant === 'serviceprovider' ? { serviceproviderUUID: z.string() } : {}),
    tokenId: z.uuid().describe('ID des API-Tokens'),
  });

function expiryOf(expiresAt: string | null): Date | null {
  if (expiresAt === null) return null;
  const date = new Date(expiresAt);
  if (date.getTime() <= Date.now()) throw badRequest('Das Ablaufdatum muss in der Zukunft liegen.');
  return date;
}

/** Create, list and revoke for one kind of owner; `ownerOf` reads the owner from the request. */
function registerFor(
  app: ApiApp,
  services: Services,
  base: string,
  tenant: 'user' | 'serviceprovider',
  ownerOf: (request: FastifyRequest) => TokenOwner,
): void {
  const { db } = services;
  const whose = tenant === 'user' ? 'Persönliche API-Tokens des angemeldeten Benutzers (handeln als dieser Benutzer mit seiner Rolle).' : 'API-Tokens des Dienstleisters (handeln als der Dienstleister). Für admin und Benutzer des Dienstleisters.';
  const roles: FastifyContextConfig = tenant === 'serviceprovider' ? { roles: ['admin', 'serviceprovider'] } : {};

  app.get(
    base,
    { config: roles, schema: { summary: 'API-Tokens auflisten', description: `${whose} Nicht widerrufene Tokens mit Präfix, Berechtigungen, Ablauf und letzter Verwendung.`, response: { 200: apiTokenListSchema } } },
    async (request) => listApiTokens(db, ownerOf(request)),
  );

  app.post(
    base,
    {
      config: roles,
      schema: {
        summary: 'API-Token anlegen',
        description: `${whose} Die Antwort enthält das Token im Klartext – nur dieses eine Mal; gespeichert wird nur sein Hash. ${USAGE}`,
        body: apiTokenCreateBodySchema,
        response: { 201: apiTokenCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(db, ownerOf(request), {
        name: request.body.name,
        scopes: request.body.scopes,
        expiresAt: expiryOf(request.body.expiresAt),
        createdByEmail: principalOf(request).email,
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    `${base}/:tokenId`,
    {
      config: roles,
      schema: { summary: 'API-Token widerrufen', description: `${whose} Das Token wird ab sofort abgelehnt (401).`, params: tokenParams(tenant), response: { 200: messageSchema } },
    },
    async (request) => {
      if (!(await revokeApiToken(db, ownerOf(request), request.params.tokenId))) throw notFound(TOKEN_NOT_FOUND);
      return { message: 'Das API-Token wurde widerrufen.' };
    },
  );
}

/** Personal tokens (user scope). */
export function registerUserApiTokenRoutes(app: ApiApp, services: Services): void {
  registerFor(app, services, '/user/api-tokens', 'user', (request) => ({ kind: 'personal', userId: principalOf(request).userId }));
}

/** Provider tokens (provider scope). */
export function registerProviderApiTokenRoutes(app: ApiApp, services: Services): void {
  registerFor(app, services, '/serviceprovider/:serviceproviderUUID/api-tokens', 'serviceprovider', (request) => ({ kind: 'serviceprovider', providerId: request.provider.providerId }));
}
