import { EDGE_TEXT, type PathStep, attackPathLookup, describePath } from '@burgwall/checks/attack-paths';
import type { AttackPathLookup } from '@burgwall/checks/attacks';
import type { AttackPathAnswer, AttackPathStep, AttackPathsAnswer } from '@burgwall/shared';
import pLimit from 'p-limit';
import type { Db } from '../db/database';
import { domainObjectCount, type EvaluationPlacement, runWithHeapFallback, workerHeapMb } from '../ioe/evaluation-worker';
import { currentDirectoryVersion } from '../snapshots/apply-changed-objects';
import { type AttackPathAnalysis as Analysis, analyseStoredSnapshot } from './attack-path-analysis';
import { extraTier0Keys } from './tier0-extras';

/**
 * The analysis of one state of the directory and a Tier-0 setting never changes, so the last few are kept per instance
 * (keyed by both, so another instance, a newer snapshot, changes applied to it or a changed setting simply compute
 * their own): a 100k-object domain takes a few seconds to analyse.
 */
const CACHE_SIZE = 4;
const cache = new Map<string, Analysis>();
/**
 * Analyses being computed, by the same key: concurrent requests (ten GraphQL aliases, a page's parallel reads, an IoA
 * detector) wait for the one running instead of each loading the snapshot again. An entry lives only while it runs.
 */
const running = new Map<string, Promise<Analysis | null>>();

/**
 * Where analyses run: a domain from `workerMinObjects` objects on in a worker thread, as its evaluation does (at 1M
 * objects the analysis takes tens of seconds and ~1 GB: in the server's thread it would stall every tenant). Set
 * from the configuration when the server's services are created; inline until then.
 */
let placement: EvaluationPlacement | null = null;
/** Analysis workers of this instance at a time: each may take up to EVALUATION_WORKER_MAX_HEAP_MB and 3 connections. */
const analysisWorkers = pLimit(1);
export function placeAttackPathAnalyses(where: EvaluationPlacement): void {
  placement = where;
}

/** Runs `work` once per key at a time: a caller arriving while it runs gets the same promise. */
function once<T>(inFlight: Map<string, Promise<T>>, key: string, work: () => Promise<T>): Promise<T> {
  const pending = inFlight.get(key);
  if (pending) return pending;
  const started = work().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}

async function analyse(db: Db, clientId: string, snapshotId: string, extraTier0: string[]): Promise<Analysis | null> {
  const objects = placement ? await domainObjectCount(db, clientId) : 0;
  if (!placement || objects < placement.workerMinObjects) return analyseStoredSnapshot(db, clientId, snapshotId, extraTier0);
  const task = { kind: 'attack-paths', clientId, snapshotId, extraTier0 } as const;
  const { workerMaxHeapMb } = placement;
  return analysisWorkers(() => runWithHeapFallback<Analysis | null>(db, task, workerHeapMb(objects, workerMaxHeapMb), workerMaxHeapMb));
}

async function analysisOf(db: Db, clientId: string): Promise<Analysis | null> {
  const [directory, extraTier0] = await Promise.all([currentDirectoryVersion(db, clientId), extraTier0Keys(db, clientId)]);
  if (!directory) return null;
  const { snapshotId } = directory;
  const key = `${clientId}:${directory.version}:${extraTier0.join(',')}`;
  const cached = cache.get(key);
  if (cached) return cached;
  return once(running, key, async () => {
    const analysis = await analyse(db, clientId, snapshotId, extraTier0);
    if (analysis) {
      cache.set(key, analysis);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    return analysis;
  });
}

const withLabel = (step: PathStep): AttackPathStep => ({ ...step, label: EDGE_TEXT[step.type].verb });

export async function attackPathSummary(db: Db, clientId: string, { limit, search }: { limit: number; search?: string }): Promise<AttackPathsAnswer> {
  const analysis = await analysisOf(db, clientId);
  if (!analysis) return { collectedAt: null, nodeCount: 0, edgeCount: 0, tier0Count: 0, principalCount: 0, shortestLength: null, principals: [], cuts: [] };
  const { result } = analysis;
  const needle = search?.trim().toLowerCase();
  const matching = needle ? result.principals.filter((entry) => entry.principal.name.toLowerCase().includes(needle)) : result.principals;
  return {
    collectedAt: analysis.collectedAt,
    nodeCount: result.nodeCount,
    edgeCount: result.edgeCount,
    tier0Count: result.tier0Count,
    principalCount: result.principals.length,
    shortestLength: result.principals[0]?.steps.length ?? null,
    principals: matching.slice(0, limit).map(({ principal, steps }) => ({ principal, length: steps.length, description: describePath(steps) })),
    cuts: result.cuts.map((cut) => ({ step: withLabel(cut.step), disconnects: cut.disconnects, remediation: cut.remediation })),
  };
}

/** The shortest path of one principal (by objectGUID, SID or DN), or null when it has none. */
export async function attackPathOf(db: Db, clientId: string, objectKey: string): Promise<AttackPathAnswer | null> {
  const analysis = await analysisOf(db, clientId);
  const wanted = objectKey.toLowerCase();
  const entry = analysis?.result.principals.find(
    ({ principal }) => principal.objectKey.toLowerCase() === wanted || principal.key.toLowerCase() === wanted || principal.distinguishedName?.toLowerCase() === wanted,
  );
  return entry ? { principal: entry.principal, steps: entry.steps.map(withLabel) } : null;
}

/** The IoA detectors' view of the newest snapshot's attack paths (null before the first snapshot). */
export async function attackPathLookupFor(db: Db, clientId: string): Promise<AttackPathLookup | null> {
  const analysis = await analysisOf(db, clientId);
  return analysis ? attackPathLookup(analysis.result) : null;
}
