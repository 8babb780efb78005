import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  clientCardPageQuerySchema,
  clientCardPageSchema,
  clientCardsQuerySchema,
  clientCardsSchema,
  clientStatusSchema,
  createProviderAnswerSchema,
  createProviderBodySchema,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  logoUploadAnswerSchema,
  logoUploadBodySchema,
  messageSchema,
  providerViewSchema,
  quickcheckSettingsSchema,
  whitelabelBodySchema,
} from '@burgwall/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AuthError, principalFromRequest } from '../auth/principal';
import type { ApiApp } from '../http/api-app';
import { fileResponse } from '../http/file-response';
import { sendPrecompressedJson } from '../http/precompressed-json';
import { badRequest, conflict, forbidden, notFound, ProblemError, validationProblem } from '../http/problem';
import { publicUrl, type Services } from '../services';
import { sendInvitation } from '../team/team-service';
import { clientCardsAnswer, keptClientCardsProbe } from './client-cards-answer';
import { collectorHealthOf, readClientCardPage, readClientCards } from './client-cards';
import { createProviderWithAccount, isEmailTaken, SIGN_UP_MAILS_PER_ADDRESS, signUpWithExistingAccountMail } from './create-provider';
import { throttle } from '../http/rate-limit/count-hit';
import { loadProviderView } from './provider-view';
import { joinListsAfterSignUp } from '../saas/mailing-funnels';

const PROVIDER_NOT_FOUND = 'Der Dienstleister wurde nicht gefunden.';
const CLIENT_NOT_FOUND = 'Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.';

type LogoType = (typeof LOGO_TYPES)[number];

/** Raster formats only: an SVG could carry script. Checked by magic bytes, not by the declared type. */
export function logoType(data: Buffer): LogoType | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** The parts of the logo upload, checked after reading the multipart form (a multipart body is no JSON to validate up front). */
const logoPartsSchema = z.object({
  logo: z.object({ data: z.instanceof(Buffer), truncated: z.boolean() }).superRefine((file, context) => {
    if (file.truncated) context.addIssue({ code: 'custom', message: `Das Logo ist zu groß: Es darf höchstens ${LOGO_MAX_BYTES / 1024} KB groß sein.` });
    else if (!logoType(file.data)) context.addIssue({ code: 'custom', message: 'Das Logo hat ein ungültiges Format: Erlaubt sind PNG, JPEG und WebP.' });
  }),
});

/** The logo as the GET answers it: the stored raster image with its own media type. */
const logoFileResponse = {
  description: 'Das Logo des Dienstleisters (PNG, JPEG oder WebP)',
  content: Object.fromEntries(LOGO_TYPES.map((type) => [type, fileResponse(type, '').content[type]])),
};

/** German texts for a token that cannot be used on the sign-up route. */
const EXPIRED_TOKEN = 'Could not verify JWT: JWTExpired';
const AUTH_DETAILS: Record<401 | 403, string> = {
  401: 'Ihre Anmeldung ist ungültig oder abgelaufen. Bitte melden Sie sich erneut an.',
  403: 'Die gewählte Rolle ist für Ihr Konto nicht freigegeben.',
};

/**
 * POST /serviceprovider, outside the tenant scopes: self-registration from /register (no token) or an admin creating
 * a provider with its initial account. A token of any other role is refused before the body is looked at.
 */
export function registerProviderSignUpRoutes(app: ApiApp, services: Services): void {
  const { db, tokens, config, mailer } = services;

  const noTokenOrAdmin = async (request: FastifyRequest) => {
    if (!request.headers.authorization) return;
    try {
      const principal = await principalFromRequest(tokens, request);
      if (principal.role !== 'admin') {
        throw forbidden('Angemeldet können nur Administratoren einen Dienstleister anlegen. Bitte melden Sie sich für die Registrierung ab.');
      }
      request.principal = principal;
    } catch (error) {
      // SPEC §4: the web refreshes the session on exactly 'Could not verify JWT: JWTExpired'.
      if (error instanceof AuthError) throw new ProblemError(error.statusCode, error.message === EXPIRED_TOKEN ? error.message : AUTH_DETAILS[error.statusCode]);
      throw error;
    }
  };

  app.post(
    '/serviceprovider',
    {
      bodyLimit: 16 * 1024,
      onRequest: noTokenOrAdmin,
      config: { openapiSecurity: [{}, { bearerAuth: [], hasuraRole: [] }], rateLimit: { max: config.SIGN_UPS_PER_HOUR, timeWindow: 3_600_000 } },
      schema: {
        summary: 'Dienstleister registrieren',
        description: 'Selbstregistrierung ohne Token oder Anlage durch einen admin: legt den Dienstleister mit dem ersten Konto an und sendet die Einladung. Ein Token einer anderen Rolle antwortet 403.',
        body: createProviderBodySchema,
        response: { 201: createProviderAnswerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const mailsToAddress = await throttle(db, `sign-up-mail:${body.initialAccountEmail.toLowerCase()}`, SIGN_UP_MAILS_PER_ADDRESS, 3_600_000);
      if (!mailsToAddress.allowed) {
        reply.header('retry-after', String(mailsToAddress.retryAfterSeconds));
        throw new ProblemError(429, 'An diese E-Mail-Adresse wurden gerade schon Registrierungs-E-Mails gesendet. Bitte prüfen Sie Ihr Postfach oder versuchen Sie es später erneut.');
      }
      let created: { providerId: string; userId: string };
      try {
        created = await createProviderWithAccount(db, body, config.APP_ENV);
      } catch (error) {
        // Anonymous sign-up must not tell which addresses have an account: it answers like a new sign-up and the
        // owner of the address learns from a mail that someone tried. Admins get the 409.
        if (request.principal || !isEmailTaken(error)) throw error;
        const notice = await mailer.send(signUpWithExistingAccountMail(body.initialAccountEmail, publicUrl(config)));
        return reply.code(201).send({ message: randomUUID(), invitationSent: notice.delivered });
      }
      const { providerId, userId } = created;
      await joinListsAfterSignUp(db, request.log, {
        email: body.initialAccountEmail,
        firstName: body.initialAccountFirstname,
        lastName: body.initialAccountLastname,
        company: body.companyName,
        newsletterConsent: body.newsletterConsent === true,
      });
      const mail = await sendInvitation({ db, mailer, publicBase: publicUrl(config) }, { kind: 'serviceprovider', id: providerId }, {
        id: userId,
        email: body.initialAccountEmail,
        firstName: body.initialAccountFirstname,
        lastName: body.initialAccountLastname,
      });
      return reply.code(201).send({ message: providerId, invitationSent: mail.delivered });
    },
  );
}

/** SPEC §7 "Service provider" routes in the provider scope (the caller's own provider; admins any). */
export function registerProviderRoutes(app: ApiApp, services: Services): void {
  const { db } = services;

  app.get(
    '/serviceprovider/:serviceproviderUUID',
    {
      schema: {
        summary: 'Dienstleister lesen',
        description: 'Stammdaten, White Label, Quickcheck- und E-Mail-Einstellungen. Für admin und Benutzer des Dienstleisters.',
        response: { 200: providerViewSchema },
      },
    },
    async (request) => {
      const view = await loadProviderView(db, request.provider.providerId);
      if (!view) throw notFound(PROVIDER_NOT_FOUND);
      return view;
    },
  );

  app.delete(
    '/serviceprovider/:serviceproviderUUID',
    {
      config: { roles: ['admin'] },
      schema: {
        summary: 'Dienstleister löschen',
        description: 'Löscht den Dienstleister mit seinen Benutzerkonten. Nur Rolle admin. Hat er noch Kunden, antwortet 409.',
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const id = request.provider.providerId;
      const clients = await db.selectFrom('client').select('client_id_pk').where('serviceprovider_fk', '=', id).execute();
      if (clients.length > 0) {
        throw conflict(`Der Dienstleister hat noch ${clients.length} Kunden. Bitte löschen Sie zuerst die Kunden.`);
      }
      const deleted = await db.transaction().execute(async (trx) => {
        const users = await trx.selectFrom('membership').select('user_fk').where('serviceprovider_fk', '=', id).execute();
        if (users.length > 0) await trx.deleteFrom('app_user').where('user_id_pk', 'in', users.map((u) => u.user_fk)).execute();
        return trx.deleteFrom('serviceprovider').where('serviceprovider_id_pk', '=', id).returning('serviceprovider_id_pk').executeTakeFirst();
      });
      if (!deleted) throw notFound(PROVIDER_NOT_FOUND);
      return { message: id };
    },
  );

  app.get(
    '/serviceprovider/:serviceproviderUUID/clients',
    {
      config: { apiTokenScope: 'clients:manage', providerProbe: keptClientCardsProbe },
      schema: {
        summary: 'Kunden des Dienstleisters auflisten',
        description: 'Kundenkarten mit dem Zustand des Collectors, optional nach Modus gefiltert. Für admin und Benutzer des Dienstleisters.',
        querystring: clientCardsQuerySchema,
        response: { 200: clientCardsSchema },
      },
    },
    // Sent as ready JSON (text or compressed), checked against the schema when it was built (as the dashboard's answer).
    async (request, reply) => {
      const { providerId, probe } = request.provider;
      const answer = await clientCardsAnswer(db, { providerId, url: request.url, probe }, () => readClientCards(db, providerId, request.query.mode), (cards) => z.encode(clientCardsSchema, cards));
      return sendPrecompressedJson(request, reply, answer);
    },
  );

  app.get(
    '/serviceprovider/:serviceproviderUUID/clients/page',
    {
      config: { apiTokenScope: 'clients:manage', providerProbe: keptClientCardsProbe },
      schema: {
        summary: 'Eine Seite der Kundenliste lesen',
        description:
          'Kundenkarten einer Seite, vom Server gesucht (Name oder Standort) und sortiert, mit der Zahl der Treffer und aller Kunden des Modus. Für admin und Benutzer des Dienstleisters.',
        querystring: clientCardPageQuerySchema,
        response: { 200: clientCardPageSchema },
      },
    },
    async (request, reply) => {
      const { providerId, probe } = request.provider;
      const answer = await clientCardsAnswer(db, { providerId, url: request.url, probe }, () => readClientCardPage(db, providerId, request.query), (page) => z.encode(clientCardPageSchema, page));
      return sendPrecompressedJson(request, reply, answer);
    },
  );

  app.get(
    '/serviceprovider/:serviceproviderUUID/clients/:clientUUID/status',
    {
      config: { apiTokenScope: 'clients:manage' },
      schema: {
        summary: 'Zustand eines Kunden lesen',
        description: 'Zustand des Collectors, Initialisierung und Modus eines Kunden dieses Dienstleisters. Für admin und Benutzer des Dienstleisters.',
        params: z.object({ serviceproviderUUID: z.string(), clientUUID: z.string() }),
        response: { 200: clientStatusSchema },
      },
    },
    async (request) => {
      // The guard resolved the client; for admins it did not check that the client belongs to the provider in the path.
      const { clientId, providerId } = request.tenant;
      if (providerId !== request.provider.providerId) throw notFound(CLIENT_NOT_FOUND);
      const client = await db.selectFrom('client').select(['client_initialized', 'client_mode']).where('client_id_pk', '=', clientId).executeTakeFirst();
      if (!client) throw notFound(CLIENT_NOT_FOUND);
      const health = await collectorHealthOf(db, clientId);
      return {
        status: health.colour === 'green' ? ('healthy' as const) : health.colour === 'red' ? ('unhealthy' as const) : ('unknown' as const),
        initialized: client.client_initialized,
        mode: client.client_mode,
        collectorHealth: health,
      };
    },
  );

  app.post(
    '/serviceprovider/:serviceproviderUUID/whitelabel',
    {
      schema: {
        summary: 'White Label des Dienstleisters speichern',
        description: 'Firmenname, E-Mail und Telefon; ohne isActive ist das White Label aktiv, sobald ein Firmenname gesetzt ist. Für admin und Benutzer des Dienstleisters.',
        body: whitelabelBodySchema,
        response: { 200: providerViewSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const id = request.provider.providerId;
      await db
        .updateTable('serviceprovider')
        .set({
          whitelabel_company_name: body.companyName || null,
          whitelabel_email: body.email || null,
          whitelabel_phone: body.phone || null,
          whitelabel_is_active: body.isActive ?? Boolean(body.companyName),
        })
        .where('serviceprovider_id_pk', '=', id)
        .execute();
      const view = await loadProviderView(db, id);
      if (!view) throw notFound(PROVIDER_NOT_FOUND);
      return view;
    },
  );

  app.get(
    '/serviceprovider/:serviceproviderUUID/whitelabel/logo',
    {
      schema: {
        summary: 'Logo des Dienstleisters herunterladen',
        description: 'Das gespeicherte Logo (PNG, JPEG oder WebP); ohne Logo 404. Für admin und Benutzer des Dienstleisters.',
        response: { 200: logoFileResponse },
      },
    },
    async (request, reply) => {
      const row = await db
        .selectFrom('serviceprovider')
        .select(['whitelabel_logo', 'whitelabel_logo_type'])
        .where('serviceprovider_id_pk', '=', request.provider.providerId)
        .executeTakeFirst();
      if (!row?.whitelabel_logo) throw notFound('Für diesen Dienstleister ist kein Logo hinterlegt.');
      return reply
        .type(row.whitelabel_logo_type ?? 'application/octet-stream')
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(row.whitelabel_logo);
    },
  );

  // The upload in its own child context: only this route parses multipart/form-data.
  void app.register(async (upload: ApiApp) => {
    await upload.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 }, throwFileSizeLimit: false });
    upload.post(
      '/serviceprovider/:serviceproviderUUID/whitelabel/logo',
      // The body schema documents the form for OpenAPI (a multipart body reaches validation as null); the handler
      // reads the parts and checks them.
      {
        schema: {
          summary: 'Logo des Dienstleisters hochladen',
          description: `multipart/form-data mit dem Feld „logo“: PNG, JPEG oder WebP (am Inhalt erkannt), höchstens ${LOGO_MAX_BYTES / 1024} KB. Für admin und Benutzer des Dienstleisters.`,
          consumes: ['multipart/form-data'],
          body: logoUploadBodySchema.nullish(),
          response: { 200: logoUploadAnswerSchema },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest('Bitte senden Sie das Logo als multipart/form-data im Feld „logo“.');
        const file = await request.file();
        const parts = logoPartsSchema.safeParse({ logo: file && { data: await file.toBuffer(), truncated: file.file.truncated } });
        if (!parts.success) throw validationProblem(parts.error, 'body');
        const { data } = parts.data.logo;
        const type = logoType(data) as LogoType;
        const id = request.provider.providerId;
        await db.updateTable('serviceprovider').set({ whitelabel_logo: data, whitelabel_logo_type: type }).where('serviceprovider_id_pk', '=', id).execute();
        return { message: id, hasLogo: true as const, type, size: data.length };
      },
    );
  });

  app.post(
    '/serviceprovider/:serviceproviderUUID/quickcheck/settings',
    {
      schema: {
        summary: 'Quickcheck-Einstellungen speichern',
        description: 'Adresse der Quickcheck-Seite (origin) und der Datenschutzerklärung (privacy); leere Werte löschen sie. Für admin und Benutzer des Dienstleisters.',
        body: quickcheckSettingsSchema,
        response: { 200: quickcheckSettingsSchema },
      },
    },
    async (request) => {
      const { origin, privacy } = request.body;
      await db
        .updateTable('serviceprovider')
        .set({ quickcheck_origin: origin || null, quickcheck_privacy: privacy || null })
        .where('serviceprovider_id_pk', '=', request.provider.providerId)
        .execute();
      return { origin, privacy };
    },
  );
}
