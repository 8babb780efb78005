/**
 * One size in its own process (peak RSS belongs to it): `node --import tsx bench/attack-paths/run-size.ts 100000`.
 * The synthetic domain of bench/checks plus delegated rights as real domains have them: helpdesk groups may reset
 * every user's password (an OU delegation inherited onto each user), some groups may write other groups, and one
 * team has full control of a group nested in Domain Admins — so many principals have a path and the best cut works.
 */
import { analyseAttackPaths, buildControlGraph } from '../../packages/checks/src/attack-paths';
import { evaluateChecks } from '../../packages/checks/src/evaluate';
import { SnapshotIndex } from '../../packages/checks/src/snapshot-index';
import { syntheticDomain } from '../checks/synthetic-snapshot';

const size = Number(process.argv[2] ?? 10_000);
const snapshot = syntheticDomain(size);

(globalThis as { gc?: () => void }).gc?.();
const rssBefore = process.memoryUsage().rss;
const index = new SnapshotIndex(snapshot);
const t0 = performance.now();
const graph = buildControlGraph(snapshot, {}, index);
const t1 = performance.now();
const result = analyseAttackPaths(graph);
const t2 = performance.now();
const rssAfter = process.memoryUsage().rss;
// Reference in the same run: every IoE check on the same snapshot (what an evaluation costs anyway).
const t3 = performance.now();
const checks = evaluateChecks({ ad: snapshot });
const t4 = performance.now();

console.log(
  JSON.stringify({
    objects: size,
    nodes: result.nodeCount,
    edges: result.edgeCount,
    withPath: result.principals.length,
    cuts: result.cuts.length,
    buildMs: Math.round(t1 - t0),
    analyseMs: Math.round(t2 - t1),
    graphMb: Math.round((rssAfter - rssBefore) / 1_048_576),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    checksMs: Math.round(t4 - t3),
    checks: checks.length,
  }),
);
