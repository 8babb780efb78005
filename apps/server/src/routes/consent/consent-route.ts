import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { consentRecordSchema } from './consent-schema';

/** The placeholder path of the consent log, literally as the SPEC §7 names it. */
export const CONSENT_RECORD_PATH = '/your-endpoint-url';

/** POST /your-endpoint-url: stores one consent decision (anonymous; the consent id is the only key). */
export function registerConsentRoute(app: FastifyInstance, db: Db): void {
  app.post(CONSENT_RECORD_PATH, { bodyLimit: 4096 }, async (request, reply) => {
    const parsed = consentRecordSchema.safeParse(request.body);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
      return reply.code(400).send({ message: `Invalid consent record – ${problems.join('; ')}` });
    }
    const body = parsed.data;
    await db
      .insertInto('consent_record')
      .values({
        consent_id: body.consentId,
        accept_type: body.acceptType,
        accepted_categories: [...new Set(body.acceptedCategories)],
        rejected_categories: [...new Set(body.rejectedCategories)],
      })
      .execute();
    return reply.code(201).send({ message: 'Consent recorded' });
  });
}
