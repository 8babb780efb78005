/**
 * A synthetic domain uploaded through the collector routes and evaluated, end to end (upload start → score readable in
 * the API), next to a plain COPY of the same rows, per size in its own process:
 *
 *   nice node --import tsx bench/scale/run.ts [sizes=10000,100000,1000000] [--direct]
 *
 * `--direct` stores the parts through the store functions in the bench process instead of HTTP (until the parts
 * routes are merged); `--recollect` also times the next full collection of the same domain (upload into the directory
 * holding the first, re-evaluation, the first's rows pruned). Prints Markdown tables; figures in bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CpuSpent } from '../support/cpu-seconds';
import type { ReadLatency } from './read-latency';
import type { Recollection } from './run-size';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const sizes = (args.find((arg) => !arg.startsWith('--')) ?? '10000,100000,1000000').split(',').map(Number);
const flags = args.filter((arg) => arg.startsWith('--'));
const de = (n: number) => n.toLocaleString('de-DE');
console.log(`load average before: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
console.log('| objects | upload | parts | upload time | evaluation | end to end | explorer indexes ready | objects/s | findings | server RSS peak (after upload) | slowest health answer | COPY same rows + indexes (COPY alone) | ratio to COPY | load avg after |');
console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
const reads: string[] = [];
const recollections: string[] = [];
const cpuRows: string[] = [];
for (const size of sizes) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=12288', path.join(here, 'run-size.ts'), String(size), ...flags], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const r = JSON.parse(output.trim().split('\n').at(-1) as string) as Record<string, number | string | number[]>;
  const n = (key: string) => r[key] as number;
  console.log(
    `| ${de(size)} | ${r.mode} | ${n('parts')} (${n('partMb')} MB gzip) | ${de(n('uploadMs'))} ms | ${de(n('evaluationMs'))} ms | **${de(n('totalMs'))} ms** | ${de(n('indexesReadyMs'))} ms | ${de(n('objectsPerSecond'))} | ${de(n('findings'))} | ${de(n('serverPeakRssMb'))} MB (${de(n('uploadPeakRssMb'))} MB) | ${de(n('slowestHealthMs'))} ms | ${de(n('copyMs'))} ms (${de(n('copyRowsMs'))} ms) | ${n('ratioToCopy')}× | ${(r.loadAverage as number[]).join(' ')} |`,
  );
  const cpu = r.cpu as unknown as { upload: CpuSpent; evaluation: CpuSpent; copyPostgresS: number };
  for (const [phase, spent] of [['upload', cpu.upload], ['evaluation', cpu.evaluation]] as const) {
    cpuRows.push(`| ${de(size)} | ${phase} | ${de(spent.serverS)} s | ${de(spent.postgresS)} s | ${de(spent.machineBusyS)} s | ${Math.round(spent.machineBusyShare * 100)} % of ${spent.cores} |`);
  }
  cpuRows.push(`| ${de(size)} | COPY same rows | – | ${de(cpu.copyPostgresS)} s | | |`);
  const next = r.recollect as unknown as Recollection | null;
  if (next) recollections.push(`| ${de(size)} | ${de(next.uploadMs)} ms | ${de(next.evaluationMs)} ms | **${de(next.totalMs)} ms** | ${de(next.oldRowsGoneMs)} ms | ${de(next.serverPeakRssMb)} MB |`);
  for (const read of r.reads as unknown as ReadLatency[]) reads.push(`| ${de(size)} | ${read.query} | ${read.answered} | ${de(read.p50)} ms | **${de(read.p99)} ms** | ${de(read.max)} ms |`);
}
console.log('\nReads on the evaluated domain (100 sequential requests each, after 5 unmeasured):\n');
console.log('| objects | query | answer | p50 | p99 | max |');
console.log('|---:|---|---|---:|---:|---:|');
for (const line of reads) console.log(line);
console.log('\nCPU time per phase (server process with its evaluation worker, all PostgreSQL processes, the whole machine):\n');
console.log('| objects | phase | server CPU | PostgreSQL CPU | machine busy | cores busy |');
console.log('|---:|---|---:|---:|---:|---:|');
for (const line of cpuRows) console.log(line);
if (recollections.length > 0) {
  console.log('\nThe next full collection of the same domain (--recollect; old rows gone = from its upload start):\n');
  console.log('| objects | upload | re-evaluation | end to end | old rows gone | server RSS peak |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const line of recollections) console.log(line);
}
