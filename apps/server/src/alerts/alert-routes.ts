import { alertRecipientSchema, alertRuleBodySchema, alertRuleParamsSchema, alertRuleSchema, messageSchema } from '@burgwall/shared';
import { z } from 'zod';
import type { ApiApp } from '../http/api-app';
import { notFound } from '../http/problem';
import type { Services } from '../services';
import { alertRecipients } from './alert-recipients';
import { createAlertRule, deleteAlertRule, listAlertRules } from './alert-rules-store';

const RULE_NOT_FOUND = 'Die Alarmregel wurde nicht gefunden.';

/** Alert rules of a provider (provider scope): for all its clients or one, to team or client users and webhooks. */
export function registerAlertRuleRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/serviceprovider/:serviceproviderUUID/alert-rules',
    { schema: { summary: 'Alarmregeln auflisten', description: 'Für admin und Benutzer des Dienstleisters.', response: { 200: z.array(alertRuleSchema) } } },
    async (request) => listAlertRules(db, request.provider.providerId),
  );

  app.post(
    '/serviceprovider/:serviceproviderUUID/alert-rules',
    {
      schema: {
        summary: 'Alarmregel anlegen',
        description:
          'Auslöser: neues Risiko ab Schweregrad, Sicherheitswert gesunken (um N Punkte oder unter eine Note), neuer IoA ab Schweregrad, Datensammlung gestört (> 4 h), Lizenzproblem. Empfänger aus dem Team oder den Benutzern des Kunden, dazu Webhooks. Jede Ursache wird je Regel und Kanal nur einmal gemeldet. Für admin und Benutzer des Dienstleisters.',
        body: alertRuleBodySchema,
        response: { 201: alertRuleSchema },
      },
    },
    async (request, reply) => {
      const id = await createAlertRule(db, request.provider.providerId, request.body);
      const rule = (await listAlertRules(db, request.provider.providerId)).find((entry) => entry.id === id);
      if (!rule) throw notFound(RULE_NOT_FOUND);
      return reply.code(201).send(rule);
    },
  );

  app.delete(
    '/serviceprovider/:serviceproviderUUID/alert-rules/:ruleId',
    { schema: { summary: 'Alarmregel löschen', description: 'Für admin und Benutzer des Dienstleisters.', params: alertRuleParamsSchema, response: { 200: messageSchema } } },
    async (request) => {
      if (!(await deleteAlertRule(db, request.provider.providerId, request.params.ruleId))) throw notFound(RULE_NOT_FOUND);
      return { message: 'Die Alarmregel wurde gelöscht.' };
    },
  );

  app.get(
    '/serviceprovider/:serviceproviderUUID/alert-recipients',
    {
      schema: {
        summary: 'Mögliche Alarmempfänger auflisten',
        description: 'Das Team des Dienstleisters und die Benutzer seiner Kunden, mit ihrer Einstellung für Alarm-E-Mails. Für admin und Benutzer des Dienstleisters.',
        response: { 200: z.array(alertRecipientSchema) },
      },
    },
    async (request) => alertRecipients(db, request.provider.providerId),
  );
}
