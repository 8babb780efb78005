import { addTeamMemberAnswerSchema, addTeamMemberBodySchema, messageSchema, removeTeamMemberBodySchema, teamMemberSchema, teamSchema } from '@burgwall/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/principal';
import type { ApiApp } from '../http/api-app';
import { notFound } from '../http/problem';
import { publicUrl, type Services } from '../services';
import { createMember, findTeamMember, listTeam, removeMember, sendInvitation, type TeamOrg } from './team-service';
import { MAIL_SENDING_LIMIT } from '../http/rate-limit/limits';

type TeamPath = '/client/:clientUUID/collaboration/team' | '/serviceprovider/:serviceproviderUUID/collaboration/team';

/** How the API reference names the team's organisation and who may call its routes. */
interface TeamDocs {
  /** Genitive, e.g. „des Kunden“. */
  of: string;
  callers: string;
}

/** List, invite and remove: the same three routes for the team of a client and of a provider. */
function registerTeam(app: ApiApp, services: Services, path: TeamPath, orgOf: (request: FastifyRequest) => TeamOrg, docs: TeamDocs): void {
  const { db, config, mailer } = services;

  app.get(
    path,
    { schema: { summary: `Team ${docs.of} auflisten`, description: docs.callers, response: { 200: teamSchema } } },
    async (request) => listTeam(db, orgOf(request)),
  );

  app.post(
    path,
    {
      config: { rateLimit: MAIL_SENDING_LIMIT },
      schema: {
        summary: `Mitglied ins Team ${docs.of} einladen`,
        description: `Legt ein Benutzerkonto an und sendet die Einladung mit dem Link zum Setzen des Passworts; ist die E-Mail-Adresse schon vergeben, antwortet 409. ${docs.callers}`,
        body: addTeamMemberBodySchema,
        response: { 201: addTeamMemberAnswerSchema },
      },
    },
    async (request, reply) => {
      const org = orgOf(request);
      const member = { email: request.body.email, firstName: request.body.firstname, lastName: request.body.lastname };
      // A taken e-mail is a 409 that does not say which organisation has it.
      const userId = await createMember(db, org, member, config.APP_ENV);
      const mail = await sendInvitation({ db, mailer, publicBase: publicUrl(config) }, org, { id: userId, ...member });
      return reply.code(201).send({
        user: { id: userId, firstName: member.firstName, lastName: member.lastName, email: member.email, requiredActions: ['UPDATE_PASSWORD'] },
        invitationSent: mail.delivered,
        ...(mail.error ? { invitationError: mail.error } : {}),
      });
    },
  );

  // A user of another organisation answers 404 like an unknown one.
  app.delete(
    path,
    {
      schema: {
        summary: `Mitglied aus dem Team ${docs.of} entfernen`,
        description: `Löscht das Benutzerkonto des Mitglieds. Sich selbst entfernen geht nicht (400); ein unbekanntes oder fremdes Mitglied antwortet 404. ${docs.callers}`,
        body: removeTeamMemberBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await removeMember(db, orgOf(request), request.body.userUUID, principalOf(request).userId);
      return { message: request.body.userUUID };
    },
  );
}

/** The team of a client (client scope). */
export function registerClientTeamRoutes(app: ApiApp, services: Services): void {
  registerTeam(app, services, '/client/:clientUUID/collaboration/team', (request) => ({ kind: 'client', id: request.tenant.clientId }), {
    of: 'des Kunden',
    callers: 'Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
  });

  app.get(
    '/client/:clientUUID/collaboration/team/member/:userUUID',
    {
      schema: {
        summary: 'Teammitglied des Kunden lesen',
        description: 'Für admin, den Dienstleister des Kunden und Benutzer des Kunden.',
        params: z.object({ clientUUID: z.string(), userUUID: z.uuid() }),
        response: { 200: teamMemberSchema },
      },
    },
    async (request) => {
      const member = await findTeamMember(services.db, { kind: 'client', id: request.tenant.clientId }, request.params.userUUID);
      if (!member) throw notFound('Das Teammitglied wurde nicht gefunden.');
      return member;
    },
  );
}

/** The team of a service provider (provider scope). */
export function registerProviderTeamRoutes(app: ApiApp, services: Services): void {
  registerTeam(
    app,
    services,
    '/serviceprovider/:serviceproviderUUID/collaboration/team',
    (request) => ({ kind: 'serviceprovider', id: request.provider.providerId }),
    { of: 'des Dienstleisters', callers: 'Für admin und Benutzer des Dienstleisters.' },
  );
}
