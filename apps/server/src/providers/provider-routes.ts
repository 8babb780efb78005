import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate, principalFromRequest, AuthError } from '../auth/principal';
import { requireProviderAccess } from '../auth/tenant-access';
import { isClientId } from '../db/client-schema';
import { sendZodError } from '../http/zod-reply';
import { publicUrl, type Services } from '../services';
import { sendInvitation } from '../team/team-service';
import { collectorHealthOf, listClientCards } from './client-cards';
import { createProviderBody, createProviderWithAccount, EmailTakenError } from './create-provider';
import { loadProviderView } from './provider-view';

const whitelabelBody = z.object({
  companyName: z.string().trim().max(200),
  email: z.union([z.email('E-Mail-Adresse ist ungültig'), z.literal('')]),
  phone: z.string().trim().max(50).regex(/^[\d\s+()/-]*$/, 'Telefonnummer enthält ungültige Zeichen'),
  isActive: z.boolean().optional(),
});
const quickcheckSettingsBody = z.object({
  origin: z.union([z.url('origin muss eine URL sein'), z.literal('')]),
  privacy: z.union([z.url('privacy muss eine URL sein'), z.literal('')]),
});

export const LOGO_MAX_BYTES = 512 * 1024;
/** Raster formats only: an SVG could carry script. Checked by magic bytes, not by the declared type. */
export function logoType(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

type ProviderParams = { serviceproviderUUID: string };

/** SPEC §7 "Service provider" routes, each scoped to the caller's own provider (admins any). */
export function registerProviderRoutes(app: FastifyInstance, services: Services): void {
  const { db, tokens, config, mailer } = services;
  const scope = { onRequest: [authenticate(tokens, ['admin', 'serviceprovider']), requireProviderAccess()] };
  const idOf = (request: FastifyRequest) => (request.params as ProviderParams).serviceproviderUUID;

  /**
   * Self-registration from /register (no token) or an admin creating a provider with its initial account.
   * A token of any other role is refused.
   */
  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) {
      try {
        const principal = await principalFromRequest(tokens, request);
        if (principal.role !== 'admin') return reply.code(403).send({ message: `Role "${principal.role}" may not call this endpoint` });
      } catch (error) {
        if (error instanceof AuthError) return reply.code(error.statusCode).send({ message: error.message });
        throw error;
      }
    }
    const parsed = createProviderBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    try {
      const { providerId, userId } = await createProviderWithAccount(db, parsed.data, config.APP_ENV);
      const mail = await sendInvitation({ db, mailer, publicBase: publicUrl(config) }, { kind: 'serviceprovider', id: providerId }, {
        id: userId,
        email: parsed.data.initialAccountEmail,
        firstName: parsed.data.initialAccountFirstname,
        lastName: parsed.data.initialAccountLastname,
      });
      return reply.code(201).send({ message: providerId, invitationSent: mail.delivered });
    } catch (error) {
      if (error instanceof EmailTakenError) return reply.code(409).send({ message: error.message });
      throw error;
    }
  };
  app.post('/serviceprovider', { bodyLimit: 16 * 1024 }, create);

  for (const path of ['/serviceprovider/:serviceproviderUUID']) {
    app.get(path, scope, async (request, reply) => (await loadProviderView(db, idOf(request))) ?? reply.code(404).send({ message: 'Service provider not found' }));
    app.delete(path, { onRequest: authenticate(tokens, ['admin']) }, async (request, reply) => {
      const id = idOf(request);
      if (!z.uuid().safeParse(id).success) return reply.code(404).send({ message: `Service provider ${id} not found` });
      const clients = await db.selectFrom('client').select('client_id_pk').where('serviceprovider_fk', '=', id).execute();
      if (clients.length > 0) return reply.code(409).send({ message: `Der Dienstleister hat noch ${clients.length} Kunden. Bitte zuerst die Kunden löschen.` });
      const deleted = await db.transaction().execute(async (trx) => {
        const users = await trx.selectFrom('membership').select('user_fk').where('serviceprovider_fk', '=', id).execute();
        if (users.length > 0) await trx.deleteFrom('app_user').where('user_id_pk', 'in', users.map((u) => u.user_fk)).execute();
        return trx.deleteFrom('serviceprovider').where('serviceprovider_id_pk', '=', id).returning('serviceprovider_id_pk').executeTakeFirst();
      });
      return deleted ? { message: id } : reply.code(404).send({ message: `Service provider ${id} not found` });
    });
  }

  app.get('/serviceprovider/:serviceproviderUUID/clients', scope, async (request, reply) => {
    const mode = (request.query as { mode?: string }).mode;
    if (mode !== undefined && !['monitoring', 'audit', 'quickcheck'].includes(mode)) {
      return reply.code(400).send({ message: 'mode: must be monitoring, audit or quickcheck' });
    }
    return listClientCards(db, idOf(request), mode as 'monitoring' | 'audit' | 'quickcheck' | undefined);
  });

  app.get('/serviceprovider/:serviceproviderUUID/clients/:clientUUID/status', scope, async (request, reply) => {
    const { serviceproviderUUID, clientUUID } = request.params as ProviderParams & { clientUUID: string };
    const client = isClientId(clientUUID)
      ? await db.selectFrom('client').select(['client_initialized', 'client_mode']).where('client_id_pk', '=', clientUUID).where('serviceprovider_fk', '=', serviceproviderUUID).executeTakeFirst()
      : undefined;
    if (!client) return reply.code(404).send({ message: `Client ${clientUUID} not found` });
    const health = await collectorHealthOf(db, clientUUID);
    return { status: health.colour === 'green' ? 'healthy' : health.colour === 'red' ? 'unhealthy' : 'unknown', initialized: client.client_initialized, mode: client.client_mode, collectorHealth: health };
  });

  for (const path of ['/serviceprovider/:serviceproviderUUID/whitelabel']) {
    app.post(path, scope, async (request, reply) => {
      const parsed = whitelabelBody.safeParse(request.body);
      if (!parsed.success) return sendZodError(reply, parsed.error);
      const body = parsed.data;
      await db
        .updateTable('serviceprovider')
        .set({
          whitelabel_company_name: body.companyName || null,
          whitelabel_email: body.email || null,
          whitelabel_phone: body.phone || null,
          whitelabel_is_active: body.isActive ?? Boolean(body.companyName),
        })
        .where('serviceprovider_id_pk', '=', idOf(request))
        .execute();
      return loadProviderView(db, idOf(request));
    });
  }

  app.get('/serviceprovider/:serviceproviderUUID/whitelabel/logo', scope, async (request, reply) => {
    const row = await db.selectFrom('serviceprovider').select(['whitelabel_logo', 'whitelabel_logo_type']).where('serviceprovider_id_pk', '=', idOf(request)).executeTakeFirst();
    if (!row?.whitelabel_logo) return reply.code(404).send({ message: 'Kein Logo hinterlegt' });
    return reply.type(row.whitelabel_logo_type ?? 'application/octet-stream').header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').send(row.whitelabel_logo);
  });

  void app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 } });
    upload.post('/serviceprovider/:serviceproviderUUID/whitelabel/logo', scope, async (request, reply) => {
      if (!request.isMultipart()) return reply.code(400).send({ message: 'Bitte das Logo als multipart/form-data (Feld "logo") senden.' });
      const file = await request.file();
      if (!file) return reply.code(400).send({ message: 'Keine Datei empfangen.' });
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        return reply.code(400).send({ message: `Das Logo ist zu groß (höchstens ${LOGO_MAX_BYTES / 1024} KB).` });
      }
      const type = logoType(data);
      if (!type) return reply.code(400).send({ message: 'Ungültiges Dateiformat: erlaubt sind PNG, JPEG und WebP.' });
      await db.updateTable('serviceprovider').set({ whitelabel_logo: data, whitelabel_logo_type: type }).where('serviceprovider_id_pk', '=', idOf(request)).execute();
      return { message: idOf(request), hasLogo: true, type, size: data.length };
    });
  });

  app.post('/serviceprovider/:serviceproviderUUID/quickcheck/settings', scope, async (request, reply) => {
    const parsed = quickcheckSettingsBody.safeParse(request.body);
    if (!parsed.success) return sendZodError(reply, parsed.error);
    await db
      .updateTable('serviceprovider')
      .set({ quickcheck_origin: parsed.data.origin || null, quickcheck_privacy: parsed.data.privacy || null })
      .where('serviceprovider_id_pk', '=', idOf(request))
      .execute();
    return { origin: parsed.data.origin, privacy: parsed.data.privacy };
  });
}
