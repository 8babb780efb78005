import { useEffect, useState } from 'react';
import { type Reloads, useApiQuery, useReload } from '../../lib/api-query';
import { getIoeStates } from './ioe-api';

/** While a queued evaluation runs, the states are read this often until their evaluation time moves. */
const QUEUED_EVALUATION_POLL_MS = 5_000;
/** … at most this long: a job that failed leaves the time as it was (admins see it under „Hintergrundaufträge“). */
const QUEUED_EVALUATION_WAIT_MS = 15 * 60_000;

/**
 * Follows an evaluation the server queued instead of running it in the request (a large domain's rescan or new
 * thresholds): `queued()` remembers the evaluation time it was queued at; `waiting` is true until the states show a
 * newer one, then `reloads` (the reads that show its results) are loaded again.
 */
export function useQueuedEvaluation(clientId: string, lastEvaluatedAt: string | null, reloads: readonly string[] | Reloads) {
  const [queuedAt, setQueuedAt] = useState<string | null>(null);
  const waiting = queuedAt !== null && lastEvaluatedAt === queuedAt;
  useApiQuery(getIoeStates(clientId), { refetchInterval: waiting ? QUEUED_EVALUATION_POLL_MS : false });
  const reload = useReload(reloads);
  const landed = queuedAt !== null && !waiting ? lastEvaluatedAt : null;
  useEffect(() => {
    if (landed !== null) void reload();
  }, [landed, reload]);
  useEffect(() => {
    if (queuedAt === null) return;
    const stop = setTimeout(() => setQueuedAt(null), QUEUED_EVALUATION_WAIT_MS);
    return () => clearTimeout(stop);
  }, [queuedAt]);
  return { waiting, queued: () => setQueuedAt(lastEvaluatedAt) };
}
