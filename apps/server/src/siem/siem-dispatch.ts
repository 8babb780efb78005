import type { Transaction } from 'kysely';
import { causesFor, type AlertCause, type RuleCriteria } from '../alerts/alert-causes';
import type { Database } from '../db/schema';
import { publicUrl, type Services } from '../services';
import { queueSiemDelivery } from './siem-delivery';

export const SIEM_EVALUATION_JOB = 'siem.evaluate';

interface SiemEvaluationJob {
  clientId: string;
}

/** The provider's destination for this client's events, if any. */
async function destinationOfClient(db: Services['db'], clientId: string) {
  return db
    .selectFrom('siem_destination')
    .innerJoin('client', 'client.serviceprovider_fk', 'siem_destination.serviceprovider_fk')
    .select(['siem_destination.serviceprovider_fk', 'siem_destination.created_at', 'client.client_name'])
    .where('client.client_id_pk', '=', clientId)
    .executeTakeFirst();
}

/** Called by the alert hook at the end of an evaluation: queues the SIEM check when the client's provider has a feed. */
export async function siemAfterEvaluation(services: Pick<Services, 'jobs' | 'db'>, clientId: string): Promise<void> {
  if (await destinationOfClient(services.db, clientId)) await services.jobs.enqueue<SiemEvaluationJob>(SIEM_EVALUATION_JOB, { clientId });
}

/** Marks causes as sent to the provider's SIEM; returns those not sent before (one message per IoA or finding). */
async function claim(trx: Transaction<Database>, providerId: string, causes: AlertCause[]): Promise<AlertCause[]> {
  if (causes.length === 0) return [];
  const inserted = await trx
    .insertInto('siem_sent')
    .values(causes.map((cause) => ({ serviceprovider_fk: providerId, dedupe_key: cause.dedupeKey })))
    .onConflict((oc) => oc.doNothing())
    .returning('dedupe_key')
    .execute();
  const fresh = new Set(inserted.map((row) => row.dedupe_key));
  return causes.filter((cause) => fresh.has(cause.dedupeKey));
}

/**
 * Every IoA event and every new critical finding of the client since the feed was set up, each once: the same cause
 * finder as the alert rules (a fixed "rule": IoAs of any severity, findings from critical up), one syslog message each.
 */
export async function dispatchSiem(services: Services, clientId: string): Promise<number> {
  const destination = await destinationOfClient(services.db, clientId);
  if (!destination) return 0;
  const client = { clientId, clientName: destination.client_name, baseUrl: publicUrl(services.config) };
  const feed: RuleCriteria[] = [
    { trigger: 'ioa', min_severity: 'info', score_drop: null, below_grade: null, created_at: destination.created_at },
    { trigger: 'finding', min_severity: 'critical', score_drop: null, below_grade: null, created_at: destination.created_at },
  ];
  let queued = 0;
  for (const criteria of feed) {
    const causes = await causesFor(services.db, client, criteria);
    if (causes.length === 0) continue;
    await services.db.transaction().execute(async (trx) => {
      for (const cause of await claim(trx, destination.serviceprovider_fk, causes)) {
        await queueSiemDelivery(trx, services.jobs, destination.serviceprovider_fk, { event: criteria.trigger === 'ioa' ? 'ioa' : 'finding', item: cause.item });
        queued++;
      }
    });
  }
  return queued;
}

export function defineSiemEvaluationJob(services: Services): void {
  services.jobs.define<SiemEvaluationJob>({ name: SIEM_EVALUATION_JOB, retryLimit: 3, handler: async ({ clientId }) => void (await dispatchSiem(services, clientId)) });
}
