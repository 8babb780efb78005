/**
 * GraphQL `client_by_pk`'s read: the client row and its lists (status_collector and domains from the client's own
 * schema, global migration 0341) in one named prepared statement — one round trip for the web's client query, which
 * asks for both lists. The lists ride along even when the caller may not see the client; they are dropped with the
 * row then, never sent.
 *
 * Reading the lists means a query of the client's schema that PostgreSQL parses and plans on every call (PL/pgSQL
 * EXECUTE: ~0.1 ms of the backend per request, bench/api). So this process keeps the lists it read with the snapshot
 * of that read, and the statement reads them again only when the dashboard's probe (global migration 0350: both lists
 * come from tables it records) says a transaction that snapshot did not see has written them — never stale, and the
 * instance stays stateless: the cache only saves a read.
 */
import { LRUCache } from 'lru-cache';
import type { ClientMode } from '../db/schema';
import { type Db, poolOf } from '../db/database';

export interface ClientLists {
  status_collector: Array<{ version: string | null }>;
  domains: Array<{ domain_name: string; domain_entra_plan: string | null }>;
}

export interface ClientRow extends ClientLists {
  client_id_pk: string;
  serviceprovider_fk: string;
  client_name: string;
  client_mode: ClientMode;
  client_address: string | null;
  client_initialized: boolean;
  client_billing_cycle: string;
}

/** `lists` is NULL when the kept lists of `$2`'s snapshot are still current (or the client has no schema yet). */
const CLIENT_STATEMENT = {
  name: 'burgwall_client_by_pk_2',
  text: `SELECT client_id_pk, serviceprovider_fk, client_name, client_mode, client_address, client_initialized, client_billing_cycle,
    CASE WHEN $2::text IS NULL OR burgwall_ioe_states_changed(client_id_pk, $2::text::pg_snapshot) IS DISTINCT FROM false
      THEN burgwall_client_lists(client_id_pk) END AS lists,
    pg_current_snapshot()::text AS snapshot
  FROM client WHERE client_id_pk = $1::uuid`,
};

type StatementRow = Omit<ClientRow, keyof ClientLists> & { lists: ClientLists | null; snapshot: string };

interface KeptLists {
  lists: ClientLists;
  snapshot: string;
  readAt: number;
}

/** The clients whose pages are open right now; a few hundred bytes each. */
const kept = new LRUCache<string, KeptLists>({ max: 5_000 });

/** Retention removes change records of finished transactions after a day (jobs/retention.ts): stay well inside it. */
const MAX_KEPT_MS = 15 * 60_000;

const NO_LISTS: ClientLists = { status_collector: [], domains: [] };

/** The client row with its lists, or undefined for an unknown client. `clientId` must be a canonical UUID. */
export async function readClientRow(db: Db, clientId: string): Promise<ClientRow | undefined> {
  const previous = kept.get(clientId);
  const usable = previous && Date.now() - previous.readAt < MAX_KEPT_MS ? previous : undefined;
  const { rows } = await poolOf(db).query<StatementRow>({ ...CLIENT_STATEMENT, values: [clientId, usable?.snapshot ?? null] });
  const row = rows[0];
  if (!row) return undefined;
  const { lists, snapshot, ...client } = row;
  if (lists) {
    kept.set(clientId, { lists, snapshot, readAt: Date.now() });
    return { ...client, ...lists };
  }
  // NULL lists: unchanged since the kept read, or no schema yet (then nothing was kept and the lists are empty).
  return { ...client, ...(usable?.lists ?? NO_LISTS) };
}
