import {
  mailingContactAnswerSchema,
  mailingContactBodySchema,
  mailingContactEmailParamsSchema,
  mailingRemovedSchema,
  mailingRemoveFromListBodySchema,
  mailingTemplateBodySchema,
  mailSentSchema,
  messageSchema,
} from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import { conflict, notFound, ProblemError } from '../http/problem';
import { MailError } from '../mail/mailer';
import { publicUrl, type Services } from '../services';
import { addContact, deleteContact, findContact, unsubscribe } from './mailing-contacts';
import { mailingUnsubscribeUrl } from './mailing-unsubscribe-route';
import { renderTemplateMail } from './mail-templates';
import { ADMIN_OR_SERVICE_SECURITY, adminOrServiceKey } from './saas-auth';

const CONTACT_NOT_FOUND = 'Zu dieser E-Mail-Adresse gibt es keinen Kontakt in den Verteilerlisten.';

/** /saas/mailing (SPEC §7): contact lists in PostgreSQL; admins and services with the service key. */
export function registerMailingRoutes(app: ApiApp, services: Services): void {
  const { db } = services;
  const guarded = { onRequest: adminOrServiceKey(services), config: { openapiSecurity: ADMIN_OR_SERVICE_SECURITY } };

  app.post(
    '/saas/mailing/contacts',
    {
      ...guarded,
      schema: {
        summary: 'Kontakt in eine Verteilerliste aufnehmen',
        description: 'Legt den Kontakt an (oder ergänzt ihn) und nimmt ihn in die Liste auf. Wer sich von der Liste abgemeldet hat, wird nur mit consent: true wieder aufgenommen (sonst added: false); der Newsletter verlangt consent: true. Nur admin oder mit dem Dienstschlüssel.',
        body: mailingContactBodySchema,
        response: { 200: mailingContactAnswerSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const result = await addContact(db, {
        email: body.email,
        list: body.list,
        firstName: body.firstName,
        lastName: body.lastName,
        company: body.company,
        source: request.principal ? 'admin' : 'dienst',
        consent: body.consent === true,
      });
      return { message: result.contactId, added: result.added };
    },
  );

  app.delete(
    '/saas/mailing/contacts/:email',
    {
      ...guarded,
      schema: {
        summary: 'Kontakt löschen',
        description: 'Löscht den Kontakt mit allen Listeneinträgen und Abmeldungen (Recht auf Löschung). Nur admin oder mit dem Dienstschlüssel.',
        params: mailingContactEmailParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      if (!(await deleteContact(db, request.params.email))) throw notFound(CONTACT_NOT_FOUND);
      return { message: request.params.email.toLowerCase() };
    },
  );

  app.post(
    '/saas/mailing/contacts/remove-from-list',
    {
      ...guarded,
      schema: {
        summary: 'Kontakt aus einer Verteilerliste nehmen',
        description: 'Nimmt den Kontakt aus der Liste und merkt die Abmeldung, damit Registrierung und Quickcheck ihn nicht wieder aufnehmen. Nur admin oder mit dem Dienstschlüssel.',
        body: mailingRemoveFromListBodySchema,
        response: { 200: mailingRemovedSchema },
      },
    },
    async (request) => {
      const contact = await findContact(db, { email: request.body.email });
      if (!contact) throw notFound(CONTACT_NOT_FOUND);
      return { removed: (await unsubscribe(db, contact.mailing_contact_id_pk, [request.body.list])) > 0 };
    },
  );

  app.post(
    '/saas/mailing/email/template',
    {
      ...guarded,
      schema: {
        summary: 'Vorlagen-E-Mail an einen Kontakt senden',
        description: 'Nur an Kontakte, die auf einer (oder der genannten) Liste stehen; die E-Mail trägt den Abmeldelink (List-Unsubscribe). Name und Firma des Kontakts füllen die Platzhalter, wenn values sie nicht nennt. Nur admin oder mit dem Dienstschlüssel.',
        body: mailingTemplateBodySchema,
        response: { 200: mailSentSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const contact = await findContact(db, { email: body.email });
      if (!contact) throw notFound(CONTACT_NOT_FOUND);
      const onList = body.list ? contact.lists.includes(body.list) : contact.lists.length > 0;
      if (!onList) throw conflict(body.list ? `Der Kontakt steht nicht (mehr) auf der Liste „${body.list}“.` : 'Der Kontakt steht auf keiner Verteilerliste mehr (abgemeldet).');
      const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
      const mail = renderTemplateMail(body.template, {
        to: contact.email,
        values: { name, company: contact.company ?? '', ...body.values },
        appUrl: publicUrl(services.config),
        unsubscribeUrl: mailingUnsubscribeUrl(services, contact.mailing_contact_id_pk),
      });
      try {
        return { delivered: (await services.mailer.send(mail)).delivered };
      } catch (error) {
        if (error instanceof MailError) throw new ProblemError(502, error.message);
        throw error;
      }
    },
  );
}
