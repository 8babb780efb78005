import { sql } from 'kysely';
import { ZodError } from 'zod';
import { clientDb } from '../db/client-db';
import { requestIoeEvaluation, runLockKey, underRunLock } from '../ioe/evaluation-jobs';
import type { JobQueue } from '../jobs/job-queue';
import type { Services } from '../services';
import { collectEntraSnapshot } from './collect-entra';
import { entraEndpoints, fetchGraphToken } from './entra-token';
import { loadLatestEntraSnapshot, saveEntraSnapshot } from './entra-snapshot-store';
import { diffEntraSnapshots } from './entra-changes';
import { saveEntraChanges } from '../changes/change-store';
import { loadCredentials } from './entra-store';
import { GraphClient, GraphError } from './graph-client';

export const ENTRA_COLLECT_JOB = 'entra-collect';
export const ENTRA_COLLECT_ALL_JOB = 'entra-collect-all';

interface CollectData {
  clientId: string;
}

/**
 * One Entra ID collection of a client, as a job: token, Graph reads, snapshot stored together with the connection
 * state (plan → dashboard „Verbunden“, cloud replication time → collector health) and the evaluation of the checks
 * queued in the same transaction (so a crash after the commit still evaluates it). A refused connection is recorded
 * with its German reason (no retry: the customer has to act); a Graph outage is retried.
 */
async function runEntraCollection(services: Pick<Services, 'db' | 'secrets' | 'config' | 'outgoing' | 'jobs'>, clientId: string): Promise<void> {
  const { db, secrets, config } = services;
  const loaded = await loadCredentials(db, secrets, clientId);
  if (!loaded.ok) return recordCollection(services, clientId, 'failed', loaded.message);
  const token = await fetchGraphToken(loaded.credentials, entraEndpoints(services));
  if (!token.ok) return recordCollection(services, clientId, 'failed', token.message);
  let snapshot;
  try {
    snapshot = await collectEntraSnapshot(new GraphClient(config.GRAPH_BASE_URL, token.accessToken, services.outgoing), loaded.credentials.tenantId);
  } catch (error) {
    const message =
      error instanceof GraphError
        ? `Microsoft Graph hat die Abfrage abgelehnt (${error.status} ${error.code}).`
        : error instanceof ZodError
          ? 'Microsoft Graph hat Daten in einem unerwarteten Format geliefert; die Erfassung wird wiederholt.'
          : 'Microsoft Graph war nicht erreichbar; die Erfassung wird wiederholt.';
    await recordCollection(services, clientId, 'failed', message);
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    const previous = await loadLatestEntraSnapshot(trx, clientId);
    const entraSnapshotId = await saveEntraSnapshot(trx, clientId, snapshot);
    // The first collection is the baseline; from the second on, what changed goes into the change history.
    if (previous) await saveEntraChanges(trx, clientId, entraSnapshotId, snapshot.collectedAt, diffEntraSnapshots(previous.snapshot, snapshot));
    const client = clientDb(trx, clientId);
    const defaultDomain = snapshot.organization?.verifiedDomains.find((domain) => domain.isDefault)?.name ?? snapshot.tenantId;
    const updated = await client.updateTable('domain').set({ domain_entra_plan: snapshot.plan }).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await client.insertInto('domain').values({ domain_name: defaultDomain, domain_entra_plan: snapshot.plan, created_at: new Date() }).execute();
    }
    await client.updateTable('status_collector').set({ cloud_last_replication_at: sql<Date>`now()`, updated_at: sql<Date>`now()` }).execute();
    const unreadable = Object.values(snapshot.unavailable).map((entry) => entry?.permission).filter(Boolean);
    const summary = `${snapshot.users.length} Benutzer, ${snapshot.groups.length} Gruppen, ${snapshot.servicePrincipals.length} Dienstprinzipale erfasst${unreadable.length > 0 ? `; nicht lesbar ohne ${[...new Set(unreadable)].join(', ')}` : ''}.`;
    await recordCollection({ db: trx }, clientId, 'ok', summary);
    await requestIoeEvaluation(services.jobs, trx, clientId);
  });
}

async function recordCollection(services: { db: Pick<Services['db'], 'updateTable'> }, clientId: string, status: 'ok' | 'failed', message: string): Promise<void> {
  await services.db
    .updateTable('client_entra')
    .set({ collected_at: new Date(), collection_status: status, collection_message: message })
    .where('client_fk', '=', clientId)
    .execute();
}

/** Registers the collection jobs: one per client on demand, and all connected clients on ENTRA_COLLECTION_CRON. */
export function defineEntraJobs(jobs: JobQueue, services: Pick<Services, 'db' | 'secrets' | 'config' | 'outgoing'>): void {
  jobs.define<CollectData>({
    name: ENTRA_COLLECT_JOB,
    // Sent with the client as singletonKey: one collection of a client waiting at a time.
    onePerKey: true,
    retryLimit: 3,
    // One collection of a client at a time across instances (its changes are the difference to the previous one);
    // the evaluation job it queues sends the alerts.
    handler: ({ clientId }) => underRunLock(services.db, runLockKey(ENTRA_COLLECT_JOB, clientId), () => runEntraCollection({ ...services, jobs }, clientId)),
  });
  jobs.define<object>({
    name: ENTRA_COLLECT_ALL_JOB,
    retryLimit: 1,
    handler: async () => {
      const connected = await services.db.selectFrom('client_entra').select('client_fk').where('status', '=', 'valid').execute();
      for (const { client_fk } of connected) await enqueueEntraCollection(jobs, client_fk);
    },
  });
}

/** Asks for a collection of the client (one queued at a time per client). */
export function enqueueEntraCollection(jobs: JobQueue, clientId: string): Promise<void> {
  return jobs.enqueue<CollectData>(ENTRA_COLLECT_JOB, { clientId }, { singletonKey: clientId });
}
