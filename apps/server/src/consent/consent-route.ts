import { CONSENT_RECORD_PATH, consentRecordAnswerSchema, consentRecordSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';

/** POST /your-endpoint-url: stores one consent decision (public and anonymous; the consent id is the only key). */
export function registerConsentRoute(app: ApiApp, { db }: Services): void {
  app.post(
    CONSENT_RECORD_PATH,
    {
      bodyLimit: 4096,
      schema: {
        summary: 'Einwilligung protokollieren',
        description: 'Speichert eine Cookie-Entscheidung (Pfad wörtlich aus der SPEC). Öffentlich und anonym; die Consent-ID ist der einzige Schlüssel.',
        body: consentRecordSchema,
        response: { 201: consentRecordAnswerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await db
        .insertInto('consent_record')
        .values({
          consent_id: body.consentId,
          accept_type: body.acceptType,
          accepted_categories: [...new Set(body.acceptedCategories)],
          rejected_categories: [...new Set(body.rejectedCategories)],
        })
        .execute();
      return reply.code(201).send({ message: 'Die Einwilligung wurde protokolliert.' });
    },
  );
}
