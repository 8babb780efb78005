import { ioaDetectors } from '@burgwall/checks/attacks';
import { ioaDetectorListSchema, ioaDetectorSettingBodySchema, messageSchema, noBodySchema } from '@burgwall/shared';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { ApiApp } from '../http/api-app';
import { notFound } from '../http/problem';
import type { Services } from '../services';
import { loadIoaSettings, resetIoaSettings, saveIoaSetting } from './ioa-settings-store';

const detectorParams = z.object({ clientUUID: z.string(), detector: z.string().describe('Slug der Erkennung') });

/** Every detector with its defaults and the client's setting. */
async function detectorList(db: Db, clientId: string) {
  const settings = await loadIoaSettings(db, clientId);
  return ioaDetectors.map((detector) => ({
    slug: detector.slug,
    title: detector.title,
    description: detector.description,
    severity: detector.severity,
    defaults: detector.defaults,
    setting: settings[detector.slug] ?? detector.defaults,
  }));
}

/** /client/{clientUUID}/ioa/thresholds: per-detector switch, allowlist and thresholds, and reset (SPEC §7; client scope). */
export function registerIoaThresholdRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/client/:clientUUID/ioa/thresholds',
    {
      schema: {
        summary: 'Angriffserkennungen des Kunden lesen',
        description: 'Jede Erkennung (IoA) mit ihren Standardwerten und der Einstellung des Kunden. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        response: { 200: ioaDetectorListSchema },
      },
    },
    async (request) => detectorList(db, request.tenant.clientId),
  );

  app.put(
    '/client/:clientUUID/ioa/thresholds/:detector',
    {
      schema: {
        summary: 'Angriffserkennung einstellen',
        description: 'Schalter, Ausnahmeliste und Schwellenwerte einer Erkennung; eine unbekannte Erkennung antwortet 404. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        params: detectorParams,
        body: ioaDetectorSettingBodySchema,
        response: { 200: ioaDetectorListSchema },
      },
    },
    async (request) => {
      const { detector } = request.params;
      if (!ioaDetectors.some((candidate) => candidate.slug === detector)) throw notFound(`Die Angriffserkennung „${detector}“ gibt es nicht.`);
      await saveIoaSetting(db, request.tenant.clientId, detector, request.body);
      return detectorList(db, request.tenant.clientId);
    },
  );

  app.post(
    '/client/:clientUUID/ioa/thresholds/reset',
    {
      schema: {
        summary: 'Angriffserkennungen zurücksetzen',
        description: 'Alle Erkennungen auf die Standardwerte. Für admin, den Dienstleister des Kunden und Benutzer des Kunden. Ohne Body.',
        body: noBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await resetIoaSettings(db, request.tenant.clientId);
      return { message: request.tenant.clientId };
    },
  );
}
