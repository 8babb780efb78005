/** All sizes, each in a fresh process: `npx tsx bench/checks/run.ts` (prints a Markdown table). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const sizes = (process.argv[2] ?? '10000,100000,1000000').split(',').map(Number);
console.log(`load average before: ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}`);
console.log('| objects | checks | findings | evaluation (wall) | evaluation (CPU) | snapshot in memory | peak RSS |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
for (const size of sizes) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=12288', '--max-semi-space-size=64', '--expose-gc', path.join(here, 'run-size.ts'), String(size)], { encoding: 'utf8' });
  const result = JSON.parse(output.trim().split('\n').at(-1) as string) as Record<string, number>;
  console.log(`| ${size.toLocaleString('de-DE')} | ${result.checks} | ${result.findings} | ${result.evaluateMs} ms | ${result.cpuMs} ms | ${result.snapshotMb} MB | ${result.peakRssMb} MB |`);
}
