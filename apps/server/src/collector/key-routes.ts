import { collectorKeyListSchema, messageSchema, noBodySchema, rotatedCollectorKeySchema } from '@burgwall/shared';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { notFound } from '../http/problem';
import type { Services } from '../services';
import { listCollectorKeys, revokeCollectorKey, rotateCollectorKey } from './collector-keys';

const keyParams = z.object({ clientUUID: z.uuid(), keyId: z.uuid() });
const KEY_NOT_FOUND = 'Diesen Collector-Schlüssel gibt es bei diesem Kunden nicht (oder er ist schon widerrufen).';

/** The client's collector keys: list, revoke, renew (client settings, tab „Collector“). */
export function registerCollectorKeyRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/client/:clientUUID/collector/keys',
    {
      schema: {
        summary: 'Collector-Schlüssel auflisten',
        description: 'Alle Schlüssel des Kunden mit Anfang, Rechner, letzter Verwendung und Status (nie der Schlüssel selbst).',
        response: { 200: collectorKeyListSchema },
      },
    },
    async (request) => listCollectorKeys(db, request.tenant.clientId),
  );

  app.post(
    '/client/:clientUUID/collector/keys/:keyId/revoke',
    {
      schema: {
        summary: 'Collector-Schlüssel widerrufen',
        description: 'Der Schlüssel gilt ab sofort nicht mehr; ein Collector, der ihn nutzt, wird abgewiesen.',
        params: keyParams,
        body: noBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      if (!(await revokeCollectorKey(db, request.tenant.clientId, request.params.keyId))) throw notFound(KEY_NOT_FOUND);
      return { message: 'Der Collector-Schlüssel wurde widerrufen.' };
    },
  );

  app.post(
    '/client/:clientUUID/collector/keys/:keyId/rotate',
    {
      schema: {
        summary: 'Collector-Schlüssel erneuern',
        description: 'Widerruft den Schlüssel und gibt einen neuen aus, der nur in dieser Antwort steht (in die Collector-Konfiguration eintragen).',
        params: keyParams,
        body: noBodySchema,
        response: { 200: rotatedCollectorKeySchema },
      },
    },
    async (request) => {
      const rotated = await rotateCollectorKey(db, request.tenant.clientId, request.params.keyId);
      if (!rotated) throw notFound(KEY_NOT_FOUND);
      return rotated;
    },
  );
}
