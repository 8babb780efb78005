/**
 * SHA-256 over every check's serialised outcome on the synthetic domains (with the delegations of bench/scale), to
 * show that an optimisation changed no result: `node --import tsx bench/checks/outcome-hash.ts 10000,100000`.
 */
import { createHash } from 'node:crypto';
import { analyseAttackPaths, buildControlGraph } from '../../packages/checks/src/attack-paths';
import { evaluateChecks } from '../../packages/checks/src/evaluate';
import { syntheticDomain, syntheticSnapshot } from './synthetic-snapshot';

for (const size of (process.argv[2] ?? '10000,100000').split(',').map(Number)) {
  for (const [label, snapshot] of [
    ['plain', syntheticSnapshot(size)],
    ['delegations', syntheticDomain(size)],
  ] as const) {
    const hash = createHash('sha256');
    let findings = 0;
    for (const { check, outcome } of evaluateChecks({ ad: snapshot })) {
      hash.update(`${check.slug}\n${JSON.stringify(outcome)}\n`);
      findings += outcome.affected.length;
    }
    // The attack-path page's analysis too (with its best cuts, which the check does not compute).
    const paths = createHash('sha256').update(JSON.stringify(analyseAttackPaths(buildControlGraph(snapshot)))).digest('hex');
    console.log(`${size} ${label}: ${findings} findings, sha256 ${hash.digest('hex')}, attack paths ${paths}`);
  }
}
