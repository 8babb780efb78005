/**
 * Evaluation alone on a stored synthetic domain (developer measurement, no server): `node --import tsx
 * bench/scale/eval-only.ts store 100000` stores the domain into database scale_eval_100000 (kept), then
 * `node --import tsx bench/scale/eval-only.ts evaluate 100000` runs evaluateLatestSnapshot in this process and prints
 * wall time, CPU time, the longest stall of this thread's event loop, peak RSS and the RSS once a second; add `worker`
 * to evaluate in a worker thread as the server does for large domains (heap sized to the domain, ceiling
 * `EVALUATION_WORKER_MAX_HEAP_MB`); add `again` to keep the findings of the run before (a re-evaluation, as after a
 * change batch) instead of starting from none.
 */
import { sql } from 'kysely';
import { clientSchemaName } from '../../apps/server/src/db/client-schema';
import { createDb } from '../../apps/server/src/db/database';
import { migrateAll } from '../../apps/server/src/db/migrator';
import { evaluateWithHeapFallback, workerHeapMb } from '../../apps/server/src/ioe/evaluation-worker';
import { evaluateLatestSnapshot } from '../../apps/server/src/ioe/ioe-evaluation';
import { snapshotHeadOf, snapshotLines } from '@burgwall/shared';
import { beginSnapshot, commitSnapshot, storeSnapshotPart } from '../../apps/server/src/snapshots/snapshot-store';
import { insertProviderWithClient } from '../../test-support/tenants';
import { syntheticDomain } from '../checks/synthetic-snapshot';

const [mode, sizeArg, where] = process.argv.slice(2);
const again = process.argv.includes('again');
const size = Number(sizeArg ?? 10_000);
const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `scale_eval_${size}`;
const url = admin.replace(/\/[^/]*$/, `/${name}`);

if (mode === 'store') {
  const adminDb = createDb(admin, 1);
  await sql`DROP DATABASE IF EXISTS ${sql.id(name)}`.execute(adminDb);
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(adminDb);
  await adminDb.destroy();
  const db = createDb(url, 4);
  await migrateAll(db);
  const { clientId } = await insertProviderWithClient(db);
  const snapshot = syntheticDomain(size);
  const begun = await beginSnapshot(db, clientId, '00000000-0000-4000-8000-00000000b001', snapshotHeadOf(snapshot));
  await storeSnapshotPart(db, clientId, begun.snapshotId, 1, snapshotLines(snapshot));
  await commitSnapshot(db, clientId, begun.snapshotId, 1);
  await sql`VACUUM ANALYZE`.execute(db);
  console.log(JSON.stringify({ stored: size, clientId }));
  await db.destroy();
} else {
  const db = createDb(url, 4);
  const clientId = (await db.selectFrom('client').select('client_id_pk').executeTakeFirstOrThrow()).client_id_pk;
  // Start from no findings, as after a first upload — or, with `again`, from the findings of the evaluation before, as a
  // re-evaluation after a change batch (nearly every finding stays).
  if (!again) {
    await sql`TRUNCATE ${sql.id(clientSchemaName(clientId), 'finding')} CASCADE`.execute(db).catch(() => undefined);
    await sql`UPDATE ${sql.id(clientSchemaName(clientId), 'ioe')} SET total_findings_count = 0`.execute(db);
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  let maxLagMs = 0;
  let last = performance.now();
  // The process's RSS once a second (worker included): where in the evaluation the peak is.
  const rssTimelineMb: number[] = [];
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxLagMs = Math.max(maxLagMs, now - last - 50);
    last = now;
    if (++ticks % 20 === 0) rssTimelineMb.push(Math.round(process.memoryUsage.rss() / 1_048_576));
  }, 50);
  const ceilingMb = Number(process.env.EVALUATION_WORKER_MAX_HEAP_MB ?? 4096);
  const summary = where === 'worker' ? await evaluateWithHeapFallback(db, clientId, workerHeapMb(size, ceilingMb), ceilingMb) : await evaluateLatestSnapshot(db, clientId);
  clearInterval(timer);
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      objects: size,
      findings: summary?.findings,
      score: summary?.score,
      ...summary?.timings,
      wallMs: Math.round(performance.now() - started),
      cpuMs: Math.round((used.user + used.system) / 1000),
      maxEventLoopLagMs: Math.round(maxLagMs),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      rssTimelineMb,
    }),
  );
  await db.destroy();
}
