import { type AttackPathResult, analyseAttackPaths, buildControlGraph } from '@burgwall/checks/attack-paths';
import type { Db } from '../db/database';
import { loadCheckSnapshot } from '../snapshots/check-snapshot-loader';

/** The attack paths of one state of a client's directory: what the attack-path page, the report and the IoAs read. */
export interface AttackPathAnalysis {
  collectedAt: string;
  result: AttackPathResult;
}

/**
 * Loads a stored snapshot as the checks read it (equal security descriptors shared: a fraction of the full form's
 * memory at 1M objects) and analyses its attack paths; null when the snapshot is not complete. Runs in the server's
 * thread for small domains and in a worker thread for large ones (attack-path-service.ts).
 */
export async function analyseStoredSnapshot(db: Db, clientId: string, snapshotId: string, extraTier0: string[]): Promise<AttackPathAnalysis | null> {
  const snapshot = await loadCheckSnapshot(db, clientId, snapshotId);
  if (!snapshot) return null;
  return { collectedAt: snapshot.collectedAt, result: analyseAttackPaths(buildControlGraph(snapshot, { extraTier0 })) };
}
