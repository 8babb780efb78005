/**
 * The provider's client cards as the routes send them (the page of the monitoring and audit lists, and the whole list
 * for the client switcher, billing and alerts), reused while nothing the cards show has changed — the dashboard's rule
 * (ioe/ioe-states-answer.ts) for the pages every member of a provider's team keeps open.
 *
 * A kept answer remembers the PostgreSQL snapshot its rows were read in; each request asks with one index probe whether
 * a transaction that snapshot did not see has since written the provider's clients, licences or collector times
 * (global migration 0340 records each one) — for a signed-in user inside the tenant guard's own query
 * (`providerProbe`), else in a query of its own. An answer also ends when a card's collector health would change with
 * time alone (a timestamp turns four hours old). So it is never stale, and every instance stays stateless: the cache
 * only saves reading, serialising and compressing an answer this process already built from the same rows.
 */
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database';
import { PrecompressedJson } from '../http/precompressed-json';
import type { ClientProbe, ProbeResult } from '../tenancy/guard-lookup';
import type { CardsRead } from './client-cards';

/**
 * Answers kept, by the length of their JSON: those open right now (a page of 24 cards is ~10 KB of JSON plus ~2 KB per
 * encoding, the whole list of 1,000 clients ~400 KB plus ~30 KB), at most ~32 MB per instance.
 */
const KEPT_JSON_CHARS = 24_000_000;

/** As for the dashboard: retention removes the change records of finished transactions after a day (jobs/retention.ts). */
const MAX_ANSWER_AGE_MS = 15 * 60_000;

interface KeptAnswer {
  answer: PrecompressedJson;
  snapshot: string;
  /** Epoch ms after which the answer is built anew: its age limit or the next change of a card's health. */
  validUntil: number;
}

// Keyed by the request's URL (path with the provider id, and the query string as sent): the same URL asks for the same
// cards, whoever asks, as they depend on the provider and the query only.
const kept = new LRUCache<string, KeptAnswer>({ maxSize: KEPT_JSON_CHARS, sizeCalculation: (entry) => entry.answer.json.length });

/** The routes' `providerProbe`: the snapshot of the answer kept for this URL, while it may still be sent. */
export function keptClientCardsProbe(_providerId: string, url: string): ClientProbe | undefined {
  const previous = kept.get(url);
  return previous && Date.now() < previous.validUntil ? { snapshot: previous.snapshot } : undefined;
}

/** Whether a transaction the snapshot did not see has written the provider's cards (the guard's rule, global migration 0340). */
async function changedSince(db: Db, providerId: string, snapshot: string): Promise<boolean> {
  const { rows } = await sql<{ changed: boolean }>`SELECT burgwall_client_cards_changed(${providerId}::uuid, ${snapshot}::pg_snapshot) AS changed`.execute(db);
  return rows[0]?.changed ?? true;
}

/**
 * The answer for `url`: the kept one while current, else `read`'s, whose value is sent as `encode` (the route's response
 * schema, as its serializer would) turns it into JSON. `probe`: what the tenant guard found for `keptClientCardsProbe`
 * in its own query (else this asks PostgreSQL).
 */
export async function clientCardsAnswer<Value>(
  db: Db,
  target: { providerId: string; url: string; probe?: ProbeResult },
  read: () => Promise<CardsRead<Value>>,
  encode: (value: Value) => unknown,
): Promise<PrecompressedJson> {
  const previous = kept.get(target.url);
  if (previous && Date.now() < previous.validUntil) {
    const { probe } = target;
    const changed = probe?.snapshot === previous.snapshot && probe.changed !== null ? probe.changed : await changedSince(db, target.providerId.toLowerCase(), previous.snapshot);
    if (!changed) return previous.answer;
  }
  const builtAt = Date.now();
  const cards = await read();
  const answer = new PrecompressedJson(JSON.stringify(encode(cards.value)));
  if (cards.snapshot !== null) kept.set(target.url, { answer, snapshot: cards.snapshot, validUntil: Math.min(builtAt + MAX_ANSWER_AGE_MS, cards.healthChangesAt) });
  return answer;
}
