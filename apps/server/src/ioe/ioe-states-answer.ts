/**
 * The dashboard's IoE states as the JSON text the route sends, reused while nothing they are built from changed.
 *
 * Building the answer (88 checks with texts, thresholds and references, ~76 KB) costs ~2.7 ms of server time, and the
 * dashboard is the most read page. Each request still asks PostgreSQL for a digest of exactly the rows the answer is
 * built from (`ioeStatesFingerprint`), so the answer is never stale and every instance stays stateless: the cache
 * only saves rebuilding, checking and serialising an answer this process already built for the same rows.
 */
import { ioeStatesSchema } from '@burgwall/shared';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Db } from '../db/database';
import { ioeStatesFingerprint, loadIoeStates } from './ioe-states';

/** Answers kept: the clients whose dashboards are open right now; ~76 KB each, so at most ~40 MB. */
const KEPT_ANSWERS = 500;

const answers = new LRUCache<string, { fingerprint: string; json: string }>({ max: KEPT_ANSWERS });

/**
 * The JSON of GET …/ioe/states, checked against the response schema as the route's serializer would. The digest is read
 * before the answer is built: a change in between leaves a newer answer under an older digest, which the next request's
 * digest no longer matches — never an older answer under a newer digest.
 */
export async function ioeStatesJson(db: Db, clientId: string): Promise<string> {
  const fingerprint = await ioeStatesFingerprint(db, clientId);
  const kept = answers.get(clientId);
  if (fingerprint !== null && kept?.fingerprint === fingerprint) return kept.json;
  const json = JSON.stringify(z.encode(ioeStatesSchema, await loadIoeStates(db, clientId)));
  if (fingerprint !== null) answers.set(clientId, { fingerprint, json });
  return json;
}
