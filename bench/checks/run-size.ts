/** One benchmark run in its own process (so peak RSS belongs to one size): `tsx bench/checks/run-size.ts 100000`. */
import { evaluateChecks } from '../../packages/checks/src/evaluate';
import { syntheticSnapshot } from './synthetic-snapshot';

const size = Number(process.argv[2] ?? 10_000);
const rssBefore = process.memoryUsage().rss;
/**
 * Round-trips each object list through JSON in chunks, so objects and strings look like the server's
 * (flat strings, one shape per kind, as after reading jsonb). One JSON string of 1M objects would exceed
 * V8's maximum string length, hence the chunks.
 */
function asParsed<T>(list: T[]): T[] {
  const out: T[] = [];
  for (let start = 0; start < list.length; start += 50_000) out.push(...(JSON.parse(JSON.stringify(list.slice(start, start + 50_000))) as T[]));
  return out;
}
const generated = syntheticSnapshot(size);
const snapshot = { ...generated, users: asParsed(generated.users), computers: asParsed(generated.computers), groups: asParsed(generated.groups) };
const rssWithSnapshot = process.memoryUsage().rss;

// Collect the generator's garbage first (run with --expose-gc), as the server has after parsing.
(globalThis as { gc?: () => void }).gc?.();
const cpuBefore = process.cpuUsage();
const started = process.hrtime.bigint();
const results = evaluateChecks({ ad: snapshot });
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
