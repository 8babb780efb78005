import type { Transaction } from 'kysely';
import pLimit from 'p-limit';
import type { Database } from '../db/schema';
import type { Services } from '../services';
import { evaluationPlacement, requestIoeEvaluation, runIoeEvaluation } from './evaluation-jobs';
import { domainObjectCount } from './evaluation-worker';
import type { EvaluationSummary } from './ioe-evaluation';

/** What a user's request gets: the evaluation now, or the news that it was queued as a job (for a domain this large). */
export type EvaluationOutcome = { queued: false; summary: EvaluationSummary | null } | { queued: true; objects: number };

/**
 * Requests evaluating on this instance at a time. A run holds its client's lock on one pool connection while its loads
 * take others, and a request waiting for the lock holds a connection too: a burst of waiting requests could take every
 * connection the running evaluation needs. Requests beyond this wait here, holding none.
 */
const inRequest = pLimit(1);

/**
 * An evaluation a user asked for („Jetzt neu auswerten“, thresholds, an exposure-relevant data change), after storing
 * `store` (the change that needs it): the change and the evaluation job are stored in one transaction, so a crash
 * never leaves the change unevaluated. A large domain (from EVALUATION_WORKER_MIN_OBJECTS objects: up to a minute at a
 * million, longer than a reverse proxy waits for an answer) is left to that job; a small one is evaluated in the
 * request as well, so the user sees the result at once (the job then finds nothing left to do, or — when it got the
 * lock first — the request evaluates once more).
 */
export async function evaluateNowOrQueue(
  services: Pick<Services, 'db' | 'jobs' | 'config'>,
  clientId: string,
  store?: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<EvaluationOutcome> {
  const objects = await domainObjectCount(services.db, clientId);
  await services.db.transaction().execute(async (trx) => {
    await store?.(trx);
    await requestIoeEvaluation(services.jobs, trx, clientId);
  });
  if (objects > 0 && objects >= services.config.EVALUATION_WORKER_MIN_OBJECTS) return { queued: true, objects };
  const summary = await inRequest(() => runIoeEvaluation(services.db, clientId, evaluationPlacement(services.config), { force: true }));
  return { queued: false, summary };
}

/** The German sentence for a queued evaluation. */
export const queuedEvaluationText = (objects: number) =>
  `Die Domäne ist mit ${objects.toLocaleString('de-DE')} Objekten groß: Die Auswertung läuft im Hintergrund, die Bewertung aktualisiert sich, sobald sie fertig ist.`;
