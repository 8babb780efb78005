/**
 * One size of bench/scale in its own process: `node --import tsx bench/scale/run-size.ts 100000 [--direct]
 * [--recollect]`. Prints one JSON line; `--recollect` also times the next full collection of the same domain (see
 * below). See bench/scale/run.ts and bench/README.md ("bench/scale: 1M-object domain end to end").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { issueCollectorKey } from '../../apps/server/src/collector/collector-keys';
import { loadConfig } from '../../apps/server/src/config';
import { clientDb } from '../../apps/server/src/db/client-db';
import { clientSchemaName } from '../../apps/server/src/db/client-schema';
import { createDb } from '../../apps/server/src/db/database';
import { migrateAll } from '../../apps/server/src/db/migrator';
import { JobQueue } from '../../apps/server/src/jobs/job-queue';
import { createServices } from '../../apps/server/src/services';
import { explorerIndexesBuilt } from '../../apps/server/src/snapshots/directory-partition';
import { latestSnapshotId } from '../../apps/server/src/snapshots/snapshot-store';
import { snapshotHeadOf } from '@burgwall/shared';
import { builtServerArgs } from '../../test-support/built-server';
import { createEmptyDatabase, findOrStartPostgres } from '../../test-support/postgres-server';
import { insertProviderWithClient } from '../../test-support/tenants';
import { freePort } from '../api/free-port';
import { cpuSpent, readCpu } from '../support/cpu-seconds';
import { waitFor } from '../support/wait-for';
import { syntheticDomain } from '../checks/synthetic-snapshot';
import { copyFloorMs } from './copy-floor';
import { readLatencies } from './read-latency';
import { snapshotParts } from './parts';
import { uploadDirect, uploadOverHttp } from './upload';

const size = Number(process.argv[2] ?? 10_000);
const direct = process.argv.includes('--direct');
const recollectFlag = process.argv.includes('--recollect');

/** `--recollect`: the next full collection's figures (ms from its upload start; the server's peak over both). */
export interface Recollection {
  uploadMs: number;
  evaluationMs: number;
  totalMs: number;
  oldRowsGoneMs: number;
  serverPeakRssMb: number;
}
const PORT = await freePort();
const APP_SECRET = 'burgwall-bench-secret-0123456789';
const base = `http://127.0.0.1:${PORT}`;

const postgres = await findOrStartPostgres();
const database = await createEmptyDatabase(postgres.adminUrl);
const db = createDb(database.url, 6);
let server: ChildProcess | null = null;
const jobs = new JobQueue(db);

/** Peak resident memory of a process since it started (kB → MB), from /proc. */
const peakRssMb = (pid: number) => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

try {
  await migrateAll(db);
  const services = await createServices(loadConfig({ PORT: String(PORT), LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false', APP_SECRET }), db);
  const { clientId } = await insertProviderWithClient(db, { name: 'Scale-Bench GmbH' });
  const { key } = await issueCollectorKey(db, clientId);
  const asClient = { authorization: `Bearer ${await services.tokens.issue({ userId: '00000000-0000-4000-8000-000000000001', email: 'kunde@example.com', roles: ['client'], orgId: clientId }, 3600)}`, 'x-hasura-role': 'client' };

  // Before the clock: the domain, and its parts as the collector would have them ready.
  const snapshot = syntheticDomain(size);
  const parts = snapshotParts(snapshot);
  const partBytes = parts.reduce((sum, part) => sum + part.length, 0);

  server = spawn(process.execPath, [...(process.env.SCALE_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(await builtServerArgs())], {
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(PORT), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', APP_SECRET },
    stdio: 'inherit',
  });
  await waitFor(`${base}/services/health`);
  // Direct mode enqueues from this process: pg-boss only has to run here (the server created the queues).
  if (direct) await jobs.start();
  const serverPid = server.pid as number;
  const rssAtStartMb = peakRssMb(serverPid);
  // The server's RSS every 5 s on stderr: which phase (upload, evaluation worker, after it) makes the peak.
  const rssTimelineMb: number[] = [];
  const rssSampler = setInterval(() => {
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${serverPid}/status`, 'utf8'))?.[1];
    if (rss) rssTimelineMb.push(Math.round(Number(rss) / 1024));
  }, 5000).unref();

  const cpuAtStart = readCpu(serverPid);
  const started = performance.now();
  const upload = { baseUrl: base, clientId, collectorKey: key, batchId: `00000000-0000-4000-8000-${size.toString(16).padStart(12, '0')}`, head: snapshotHeadOf(snapshot), parts };
  if (direct) await uploadDirect(db, jobs, upload);
  else await uploadOverHttp(upload);
  const uploaded = performance.now();
  const cpuAtCommit = readCpu(serverPid);
  const uploadPeakRssMb = peakRssMb(serverPid);

  // Until the score is readable; meanwhile the server must keep answering (the health route's slowest answer).
  let slowestHealthMs = 0;
  /** Polls the dashboard read until an evaluation newer than `previous` (its lastEvaluatedAt) has a score. */
  const waitForEvaluation = async (previous: string | null) => {
    for (;;) {
      const asked = performance.now();
      const health = await fetch(`${base}/services/health`);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - asked);
      if (!health.ok) throw new Error(`health: ${health.status}`);
      const states = await fetch(`${base}/client/${clientId}/ioe/states`, { headers: asClient });
      if (!states.ok) throw new Error(`ioe/states: ${states.status} ${await states.text()}`);
      const answer = (await states.json()) as { score: { score: number } | null; lastEvaluatedAt: string | null };
      if (answer.score && answer.lastEvaluatedAt !== previous) return { score: answer.score, lastEvaluatedAt: answer.lastEvaluatedAt };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const { score, lastEvaluatedAt } = await waitForEvaluation(null);
  const evaluated = performance.now();
  const cpuAtScore = readCpu(serverPid);
  const serverPeakRssMb = peakRssMb(serverPid);
  clearInterval(rssSampler);
  console.error(`[bench/scale] ${size} objects: server RSS every 5 s (MB): ${rssTimelineMb.join(' ')}`);
  const findings = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.id(clientSchemaName(clientId), 'finding')}`.execute(db);
  // The explorer's indexes of the new snapshot, built after its evaluation (client migration 0360): the reads wait for them.
  const snapshotId = (await latestSnapshotId(db, clientId)) as string;
  while (!(await explorerIndexesBuilt(db, clientId, snapshotId))) await new Promise((resolve) => setTimeout(resolve, 250));
  const indexed = performance.now();
  // The reads on the evaluated domain, while nothing else runs (not part of the end-to-end time).
  const reads = await readLatencies(base, clientId, asClient);

  // --recollect: the next full collection of the same domain six hours later, as every client's collector sends it —
  // into a directory that holds the first one, evaluated as a re-evaluation (the findings stay), the first snapshot's
  // rows pruned by the job its commit queued.
  let recollect: Recollection | null = null;
  if (recollectFlag) {
    const firstSnapshotId = await latestSnapshotId(db, clientId);
    const collectedAt = new Date(Date.parse(snapshot.collectedAt) + 6 * 3_600_000).toISOString();
    const again = performance.now();
    await uploadOverHttp({ ...upload, batchId: upload.batchId.replace(/^00000000/, '00000001'), head: { ...upload.head, collectedAt } });
    const againUploaded = performance.now();
    await waitForEvaluation(lastEvaluatedAt);
    const againEvaluated = performance.now();
    const oldRowLeft = () => clientDb(db, clientId).selectFrom('directory_object').select('object_guid').where('snapshot_fk', '=', firstSnapshotId as string).limit(1).executeTakeFirst();
    while (await oldRowLeft()) await new Promise((resolve) => setTimeout(resolve, 250));
    recollect = {
      uploadMs: Math.round(againUploaded - again),
      evaluationMs: Math.round(againEvaluated - againUploaded),
      totalMs: Math.round(againEvaluated - again),
      oldRowsGoneMs: Math.round(performance.now() - again),
      serverPeakRssMb: peakRssMb(serverPid),
    };
    console.error(`[bench/scale] ${size} objects, next full collection: ${JSON.stringify(recollect)}`);
  }

  // On stderr at once, so a failing COPY step cannot lose the end-to-end figures.
  console.error(`[bench/scale] ${size} objects: upload ${Math.round(uploaded - started)} ms, evaluation ${Math.round(evaluated - uploaded)} ms, server peak RSS ${serverPeakRssMb} MB`);
  server.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
  server = null;

  // The physical floor, same run: the same rows by COPY into the empty table of a client of its own.
  const { clientId: copyClient } = await insertProviderWithClient(db, { name: 'COPY-Referenz GmbH' });
  await sql`CHECKPOINT`.execute(db);
  const cpuBeforeCopy = readCpu(process.pid);
  const { totalMs: copyMs, copyMs: copyRowsMs } = await copyFloorMs(db, copyClient, snapshot);
  const copyCpu = cpuSpent(cpuBeforeCopy, readCpu(process.pid));

  const totalMs = evaluated - started;
  console.log(
    JSON.stringify({
      objects: size,
      mode: direct ? 'direct' : 'http',
      parts: parts.length,
      partMb: Math.round(partBytes / 1_048_576),
      uploadMs: Math.round(uploaded - started),
      evaluationMs: Math.round(evaluated - uploaded),
      totalMs: Math.round(totalMs),
      // Upload start → the explorer's indexes of the snapshot built (after the score).
      indexesReadyMs: Math.round(indexed - started),
      objectsPerSecond: Math.round(size / (totalMs / 1000)),
      findings: Number(findings.rows[0]?.n ?? 0),
      score: score.score,
      serverRssAtStartMb: rssAtStartMb,
      serverPeakRssMb,
      uploadPeakRssMb,
      slowestHealthMs: Math.round(slowestHealthMs),
      copyMs: Math.round(copyMs),
      // Of it the COPY of the rows alone (the rest: building the explorer's indexes).
      copyRowsMs: Math.round(copyRowsMs),
      ratioToCopy: Number((totalMs / copyMs).toFixed(2)),
      // CPU seconds per phase (server process with its worker, all PostgreSQL processes, the whole machine): whether the
      // run is bound by the cores. The COPY's PostgreSQL seconds are the floor's own CPU work.
      cpu: { upload: cpuSpent(cpuAtStart, cpuAtCommit), evaluation: cpuSpent(cpuAtCommit, cpuAtScore), copyPostgresS: copyCpu.postgresS },
      loadAverage: loadavg().map((n) => Number(n.toFixed(1))),
      reads,
      recollect,
    }),
  );
} finally {
  server?.kill('SIGTERM');
  await jobs.stop();
  await db.destroy();
  await database.drop();
  await postgres.stop();
}

