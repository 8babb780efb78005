/**
 * Heap of a loaded domain, the evaluation's loader against the full one (developer measurement on a database stored by
 * eval-only.ts): `node --expose-gc --import tsx bench/scale/load-memory.ts 1000000 check|full`.
 */
import { createDb } from '../../apps/server/src/db/database';
import { loadCheckSnapshot } from '../../apps/server/src/snapshots/check-snapshot-loader';
import { latestSnapshotId, loadSnapshot } from '../../apps/server/src/snapshots/snapshot-store';

const [sizeArg, which] = process.argv.slice(2);
const db = createDb(`${(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/scale_eval_${sizeArg}`, 3);
const clientId = (await db.selectFrom('client').select('client_id_pk').executeTakeFirstOrThrow()).client_id_pk;
const snapshotId = (await latestSnapshotId(db, clientId)) as string;
(globalThis as { gc?: () => void }).gc?.();
const before = process.memoryUsage().heapUsed;
const started = performance.now();
const snapshot = which === 'full' ? await loadSnapshot(db, clientId, snapshotId) : await loadCheckSnapshot(db, clientId, snapshotId);
const loadMs = Math.round(performance.now() - started);
(globalThis as { gc?: () => void }).gc?.();
console.log(JSON.stringify({ objects: Number(sizeArg), loader: which, users: snapshot?.users.length, loadMs, heapMb: Math.round((process.memoryUsage().heapUsed - before) / 1_048_576), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
await db.destroy();
