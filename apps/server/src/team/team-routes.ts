import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate, principalOf } from '../auth/principal';
import { requireClientAccess, requireProviderAccess } from '../auth/tenant-access';
import { sendZodError } from '../http/zod-reply';
import { publicUrl, type Services } from '../services';
import { createMember, findTeamMember, listTeam, removeMember, sendInvitation, TeamError, type TeamOrg } from './team-service';

const addMemberBody = z.object({
  email: z.email('E-Mail-Adresse ist ungültig').transform((email) => email.trim()),
  firstname: z.string().trim().min(1, 'Vorname ist erforderlich').max(100),
  lastname: z.string().trim().min(1, 'Nachname ist erforderlich').max(100),
});
const removeMemberBody = z.object({ userUUID: z.uuid('userUUID muss eine UUID sein') });

/** Team routes for clients (/client/{id}/collaboration/team) and providers (/serviceprovider/{id}/collaboration/team). */
export function registerTeamRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens, config, mailer } = services;

  const handlers = (orgOf: (request: FastifyRequest) => TeamOrg) => ({
    list: async (request: FastifyRequest) => listTeam(db, orgOf(request)),
    add: async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = addMemberBody.safeParse(request.body);
      if (!parsed.success) return sendZodError(reply, parsed.error);
      const org = orgOf(request);
      const member = { email: parsed.data.email, firstName: parsed.data.firstname, lastName: parsed.data.lastname };
      try {
        const userId = await createMember(db, org, member, config.APP_ENV);
        const mail = await sendInvitation({ db, mailer, publicBase: publicUrl(config) }, org, { id: userId, ...member });
        return reply.code(201).send({
          user: { id: userId, firstName: member.firstName, lastName: member.lastName, email: member.email, requiredActions: ['UPDATE_PASSWORD'] },
          invitationSent: mail.delivered,
          ...(mail.error ? { invitationError: mail.error } : {}),
        });
      } catch (error) {
        if (error instanceof TeamError) return reply.code(error.statusCode).send({ message: error.message });
        throw error;
      }
    },
    remove: async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = removeMemberBody.safeParse(request.body);
      if (!parsed.success) return sendZodError(reply, parsed.error);
      try {
        await removeMember(db, orgOf(request), parsed.data.userUUID, principalOf(request).userId);
        return { message: parsed.data.userUUID };
      } catch (error) {
        if (error instanceof TeamError) return reply.code(error.statusCode).send({ message: error.message });
        throw error;
      }
    },
  });

  const client = handlers((request) => ({ kind: 'client', id: (request.params as { clientUUID: string }).clientUUID }));
  const clientScope = { onRequest: [authenticate(tokens), requireClientAccess(db)] };
  app.get('/client/:clientUUID/collaboration/team', clientScope, client.list);
  app.post('/client/:clientUUID/collaboration/team', clientScope, client.add);
  app.delete('/client/:clientUUID/collaboration/team', clientScope, client.remove);
  app.get('/client/:clientUUID/collaboration/team/member/:userUUID', clientScope, async (request, reply) => {
    const { clientUUID, userUUID } = request.params as { clientUUID: string; userUUID: string };
    const member = await findTeamMember(db, { kind: 'client', id: clientUUID }, userUUID);
    return member ?? reply.code(404).send({ message: `Team member ${userUUID} not found` });
  });

  const provider = handlers((request) => ({ kind: 'serviceprovider', id: (request.params as { serviceproviderUUID: string }).serviceproviderUUID }));
  const providerScope = { onRequest: [authenticate(tokens, ['admin', 'serviceprovider']), requireProviderAccess()] };
  app.get('/serviceprovider/:serviceproviderUUID/collaboration/team', providerScope, provider.list);
  app.post('/serviceprovider/:serviceproviderUUID/collaboration/team', providerScope, provider.add);
  app.delete('/serviceprovider/:serviceproviderUUID/collaboration/team', providerScope, provider.remove);
}
