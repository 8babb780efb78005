/**
 * The dashboard's IoE states as the answer the route sends, reused while nothing they are built from changed.
 *
 * Building the answer (88 checks with texts, thresholds and references, ~76 KB) costs ~2.7 ms of server time, and the
 * dashboard is the most read page. A kept answer remembers the PostgreSQL snapshot its build read; each request asks
 * with one index probe whether a transaction that snapshot did not see has since written one of the tables the answer
 * is built from (global migration 0350 records each one) and reads the score (public.client) — for a signed-in user
 * inside the tenant guard's own query (`clientProbe`), else in a query of its own. So the
 * answer is never stale, and every instance stays stateless: the cache only saves rebuilding, checking, serialising
 * and compressing an answer this process already built for the same rows.
 */
import { ioeStatesSchema } from '@burgwall/shared';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { assertClientSchemaCurrent } from '../db/client-schema-gate';
import type { ClientProbe, ProbeResult } from '../tenancy/guard-lookup';
import type { Db } from '../db/database';
import { PrecompressedJson } from '../http/precompressed-json';
import { readIoeStates } from './ioe-states';

/** Answers kept: the clients whose dashboards are open right now; ~76 KB each (plus ~10 KB per encoding), ≤ ~45 MB. */
const KEPT_ANSWERS = 500;

/**
 * A kept answer is rebuilt after this long even if nothing changed: retention removes the change records of finished
 * transactions after a day (jobs/retention.ts), so a kept snapshot must never be older than that.
 */
const MAX_ANSWER_AGE_MS = 15 * 60_000;

interface KeptAnswer {
  answer: PrecompressedJson;
  snapshot: string;
  score: string | null;
  /** Epoch ms after which the answer is rebuilt: its age limit or the next exception's end, whichever comes first. */
  validUntil: number;
}

const kept = new LRUCache<string, KeptAnswer>({ max: KEPT_ANSWERS });

/**
 * Whether a transaction the kept answer's snapshot did not see has written its tables (the guard's own rule, global
 * migration 0350), and the client's score now: for callers whose guard did not ask (API tokens, other paths).
 */
async function currentState(db: Db, clientId: string, snapshot: string): Promise<{ changed: boolean; score: string | null }> {
  const { rows } = await sql<{ changed: boolean | null; score: string | null }>`
    SELECT burgwall_ioe_states_changed(${clientId}::uuid, ${snapshot}::pg_snapshot) AS changed,
      (SELECT client_security_score::text FROM public.client WHERE client_id_pk = ${clientId}) AS score`.execute(db);
  const row = rows[0];
  return { changed: row?.changed ?? true, score: row?.score ?? null };
}

/** The route's `clientProbe`: the snapshot of the answer kept for the client, while it may still be sent. */
export function keptIoeStatesProbe(clientId: string): ClientProbe | undefined {
  const previous = kept.get(clientId);
  return previous && Date.now() < previous.validUntil ? { snapshot: previous.snapshot } : undefined;
}

/**
 * The answer of GET …/ioe/states, checked against the response schema as the route's serializer would. `probe`: what
 * the tenant guard found for `keptIoeStatesProbe` in its own query (else this asks PostgreSQL itself).
 */
export async function ioeStatesAnswer(db: Db, clientId: string, probe?: ProbeResult): Promise<PrecompressedJson> {
  assertClientSchemaCurrent(clientId);
  const previous = kept.get(clientId);
  if (previous && Date.now() < previous.validUntil) {
    const now = probe?.snapshot === previous.snapshot && probe.changed !== null ? probe : await currentState(db, clientId, previous.snapshot);
    if (!now.changed && now.score === previous.score) return previous.answer;
  }
  const builtAt = new Date();
  const read = await readIoeStates(db, clientId, builtAt);
  const answer = new PrecompressedJson(JSON.stringify(z.encode(ioeStatesSchema, read.states)));
  const validUntil = Math.min(builtAt.getTime() + MAX_ANSWER_AGE_MS, read.nextExpiry?.getTime() ?? Number.POSITIVE_INFINITY);
  if (read.snapshot !== null) kept.set(clientId, { answer, snapshot: read.snapshot, score: read.scoreText, validUntil });
  return answer;
}
