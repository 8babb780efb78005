/**
 * SHA-256 over every check's serialised outcome on the synthetic domains (with the delegations of bench/scale), to
 * show that an optimisation changed no result: `node --import tsx bench/checks/outcome-hash.ts 10000,100000`.
 */
import { createHash } from 'node:crypto';
import { analyseAttackPaths, buildControlGraph } from '../../packages/checks/src/attack-paths';
import { evaluateChecks } from '../../packages/checks/src/evaluate';
import { syntheticDomain, syntheticSnapshot } from './synthetic-snapshot';

/** Equal security descriptors as one frozen object, as the evaluation's loader shares them (check-snapshot-loader.ts). */
function withSharedDescriptors<T extends { users: object[]; computers: object[]; groups: object[] }>(snapshot: T): T {
  const shared = new Map<string, object>();
  for (const object of [...snapshot.users, ...snapshot.computers, ...snapshot.groups] as Array<{ securityDescriptor?: { aces: object[] } | null }>) {
    const descriptor = object.securityDescriptor;
    if (!descriptor) continue;
    const key = JSON.stringify(descriptor);
    if (!shared.has(key)) {
      for (const ace of descriptor.aces) Object.freeze(ace);
      Object.freeze(descriptor.aces);
      shared.set(key, Object.freeze(descriptor));
    }
    object.securityDescriptor = shared.get(key) as typeof descriptor;
  }
  return snapshot;
}

for (const size of (process.argv[2] ?? '10000,100000').split(',').map(Number)) {
  for (const [label, snapshot] of [
    ['plain', syntheticSnapshot(size)],
    ['delegations', syntheticDomain(size)],
    ['delegations, shared descriptors', withSharedDescriptors(syntheticDomain(size))],
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
