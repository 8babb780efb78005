/** All sizes, each in a fresh process: `node --import tsx bench/attack-paths/run.ts [4700,47000,100000,470000]`. */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// About 10k, 100k and 1M edges (issue 20), plus 100k objects (the goal's size).
const sizes = (process.argv[2] ?? '4700,47000,100000,470000').split(',').map(Number);
console.log(`load average before: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
console.log('| objects | nodes | edges | principals with path | cuts | graph build | paths + best cut | graph + paths | peak RSS | all IoE checks (reference) |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const size of sizes) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=12288', '--expose-gc', path.join(here, 'run-size.ts'), String(size)], { encoding: 'utf8' });
  const r = JSON.parse(output.trim().split('\n').at(-1) as string) as Record<string, number>;
  const de = (n: number | undefined) => (n ?? 0).toLocaleString('de-DE');
  console.log(`| ${de(size)} | ${de(r.nodes)} | ${de(r.edges)} | ${de(r.withPath)} | ${r.cuts} | ${de(r.buildMs)} ms | ${de(r.analyseMs)} ms | ${de((r.buildMs ?? 0) + (r.analyseMs ?? 0))} ms | ${de(r.peakRssMb)} MB | ${de(r.checksMs)} ms (${r.checks} checks) |`);
}
