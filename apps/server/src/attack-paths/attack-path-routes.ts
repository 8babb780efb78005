import {
  attackPathAnswerSchema,
  attackPathQuerySchema,
  attackPathsAnswerSchema,
  attackPathsQuerySchema,
  messageSchema,
  tier0ExtraAddBodySchema,
  tier0ExtraAddedSchema,
  tier0ExtraParamsSchema,
  tier0ExtrasAnswerSchema,
} from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import { badRequest, conflict, notFound } from '../http/problem';
import type { Services } from '../services';
import { latestSnapshotId } from '../snapshots/snapshot-store';
import { attackPathOf, attackPathSummary } from './attack-path-service';
import { findTier0Candidates } from './tier0-candidates';
import { changeTier0Extras, listTier0Extras } from './tier0-extras';

const ACCESS = 'Für admin, den Dienstleister des Kunden und Benutzer des Kunden.';

/** The "Angriffspfade" page: its reads and the client's own extra Tier-0 objects (client scope). */
export function registerAttackPathRoutes(app: ApiApp, services: Services): void {
  const { db, jobs } = services;

  app.get(
    '/client/:clientUUID/attack-paths',
    {
      schema: {
        summary: 'Angriffspfade zu Tier 0 lesen',
        description:
          'Konten und Gruppen außerhalb von Tier 0 mit einem Pfad zu Tier 0 (kürzester zuerst), die Größe des Kontrollgraphen und die Schnitte, die die meisten Pfade trennen. Aus dem neuesten AD-Snapshot. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        querystring: attackPathsQuerySchema,
        response: { 200: attackPathsAnswerSchema },
      },
    },
    async (request) => attackPathSummary(db, request.tenant.clientId, request.query),
  );

  app.get(
    '/client/:clientUUID/attack-paths/path',
    {
      schema: {
        summary: 'Kürzesten Angriffspfad eines Kontos lesen',
        description: 'Die Schritte vom Konto oder von der Gruppe bis zum ersten Tier-0-Objekt. Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        querystring: attackPathQuerySchema,
        response: { 200: attackPathAnswerSchema },
      },
    },
    async (request) => {
      const path = await attackPathOf(db, request.tenant.clientId, request.query.objectKey);
      if (!path) throw notFound('Für dieses Objekt gibt es keinen Pfad zu Tier 0.');
      return path;
    },
  );

  app.get(
    '/client/:clientUUID/attack-paths/tier0',
    {
      schema: {
        summary: 'Zusätzliche Tier-0-Objekte des Kunden lesen',
        description: `Objekte, die der Kunde zusätzlich zu den bekannten (Domänen-Admins, Domänencontroller, krbtgt …) als Tier 0 zählt, z. B. einen PAM- oder Backup-Server; mit der Angabe, ob der neueste Snapshot sie noch enthält. ${ACCESS}`,
        response: { 200: tier0ExtrasAnswerSchema },
      },
    },
    async (request) => {
      const { clientId } = request.tenant;
      return { objects: await listTier0Extras(db, clientId, await latestSnapshotId(db, clientId)) };
    },
  );

  app.post(
    '/client/:clientUUID/attack-paths/tier0',
    {
      schema: {
        summary: 'Objekt als Tier 0 markieren',
        description: `Sucht das Objekt im neuesten Snapshot (Name, Anmeldename, Distinguished Name, SID oder objectGUID) und zählt es ab sofort als Tier 0: Pfade dorthin werden Befunde der Prüfung „Angriffspfade zu Tier 0“ (die Neuauswertung läuft als Hintergrundauftrag). ${ACCESS}`,
        body: tier0ExtraAddBodySchema,
        response: { 201: tier0ExtraAddedSchema },
      },
    },
    async (request, reply) => {
      const { clientId } = request.tenant;
      const snapshotId = await latestSnapshotId(db, clientId);
      if (!snapshotId) throw conflict('Für diesen Kunden wurden noch keine Verzeichnisdaten erfasst. Objekte lassen sich erst nach der ersten Übertragung des Collectors als Tier 0 markieren.', 'no-snapshot');
      const text = request.body.object;
      const matches = await findTier0Candidates(db, clientId, snapshotId, text);
      if (matches.length === 0) {
        const message = `Im neuesten Snapshot gibt es kein Konto, keinen Computer, keine Gruppe, OU oder GPO „${text}“. Geben Sie den Anmeldenamen, den Distinguished Name, die SID oder die objectGUID an.`;
        throw badRequest(message, [{ path: 'body.object', message }]);
      }
      if (matches.length > 1) {
        const message = `„${text}“ passt auf ${matches.length} Objekte (${matches.map((m) => m.distinguishedName ?? m.name).join('; ')}). Geben Sie den Distinguished Name oder die objectGUID an.`;
        throw badRequest(message, [{ path: 'body.object', message }]);
      }
      const object = matches[0]!;
      const email = request.tenant.principal?.email ?? null;
      const added = await changeTier0Extras(db, jobs, clientId, async (own) => {
        const inserted = await own
          .insertInto('tier0_extra')
          .values({ object_key: object.objectKey, object_name: object.name, object_kind: object.kind, distinguished_name: object.distinguishedName, added_by_email: email })
          .onConflict((oc) => oc.column('object_key').doNothing())
          .returning('object_key')
          .executeTakeFirst();
        return inserted !== undefined;
      });
      if (!added) throw conflict(`„${object.name}“ ist bereits als Tier 0 markiert.`);
      const [listed] = (await listTier0Extras(db, clientId, snapshotId)).filter((entry) => entry.objectKey === object.objectKey);
      return reply.code(201).send({ message: `„${object.name}“ zählt jetzt als Tier 0. Die Prüfungen werden neu ausgewertet.`, object: listed! });
    },
  );

  app.delete(
    '/client/:clientUUID/attack-paths/tier0/:objectKey',
    {
      schema: {
        summary: 'Markierung als Tier 0 entfernen',
        description: `Das Objekt zählt wieder nur nach den bekannten Regeln; die Prüfungen werden neu ausgewertet. ${ACCESS}`,
        params: tier0ExtraParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      let name = '';
      const removed = await changeTier0Extras(db, jobs, request.tenant.clientId, async (own) => {
        const row = await own.deleteFrom('tier0_extra').where('object_key', '=', request.params.objectKey).returning('object_name').executeTakeFirst();
        name = row?.object_name ?? '';
        return row !== undefined;
      });
      if (!removed) throw notFound('Dieses Objekt ist nicht als Tier 0 markiert. Vielleicht wurde die Markierung bereits entfernt.');
      return { message: `„${name}“ zählt nicht mehr als zusätzliches Tier-0-Objekt.` };
    },
  );
}
