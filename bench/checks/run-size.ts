/** One benchmark run in its own process (so peak RSS belongs to one size): `tsx bench/checks/run-size.ts 100000`. */
import { evaluateChecks } from '../../packages/checks/src/evaluate';
import { syntheticSnapshot } from './synthetic-snapshot';

const size = Number(process.argv[2] ?? 10_000);
const rssBefore = process.memoryUsage().rss;
// Through JSON like the server, which reads the snapshot from jsonb (uniform object shapes).
const snapshot = JSON.parse(JSON.stringify(syntheticSnapshot(size))) as ReturnType<typeof syntheticSnapshot>;
const rssWithSnapshot = process.memoryUsage().rss;

const cpuBefore = process.cpuUsage();
const started = process.hrtime.bigint();
const results = evaluateChecks(snapshot);
const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
const peakRssMb = process.resourceUsage().maxRSS / 1024;
const findings = results.reduce((sum, result) => sum + result.outcome.affected.length, 0);

console.log(
  JSON.stringify({
    objects: size,
    checks: results.length,
    findings,
    evaluateMs: Math.round(elapsedMs),
    cpuMs: Math.round(cpuMs),
    snapshotMb: Math.round((rssWithSnapshot - rssBefore) / 1_048_576),
    peakRssMb: Math.round(peakRssMb),
  }),
);
