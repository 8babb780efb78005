import { sql } from 'kysely';
import pg from 'pg';
import { type Db, poolOf } from '../db/database';

/**
 * Live notifications across server instances through PostgreSQL LISTEN/NOTIFY. Servers are stateless: whichever
 * instance stores data publishes a small notice (client id + row ids), every instance with subscribers for that
 * client loads the rows itself. NOTIFY is transactional and delivered to all listening sessions of the database.
 */
export const LIVE_CHANNEL = 'burgwall_live';

export interface LiveNotice {
  kind: 'ioa';
  clientId: string;
  ids: string[];
}

type Listener = (notice: LiveNotice) => void;

/** NOTIFY payloads must stay below 8000 bytes; ids are at most 20 digits. */
const IDS_PER_NOTICE = 300;
const RECONNECT_DELAY_MS = 1000;

function parseNotice(payload: string | undefined): LiveNotice | null {
  try {
    const value = JSON.parse(payload ?? '') as Partial<LiveNotice>;
    if (value.kind !== 'ioa' || typeof value.clientId !== 'string' || !Array.isArray(value.ids)) return null;
    return { kind: value.kind, clientId: value.clientId, ids: value.ids.map(String) };
  } catch {
    return null;
  }
}

export class LiveHub {
  readonly #db: Db;
  readonly #listeners = new Set<Listener>();
  #client: pg.Client | null = null;
  #connecting: Promise<void> | null = null;
  #closed = false;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Publishes a notice to every instance (including this one); inside `trx` it is sent when that commits. */
  async publish(notice: LiveNotice, trx: Db = this.#db): Promise<void> {
    for (let start = 0; start < notice.ids.length; start += IDS_PER_NOTICE) {
      const payload = JSON.stringify({ ...notice, ids: notice.ids.slice(start, start + IDS_PER_NOTICE) });
      await sql`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(trx);
    }
  }

  /** Registers a listener; resolves once this instance is LISTENing, so no later notice is missed. */
  async subscribe(listener: Listener): Promise<() => void> {
    this.#listeners.add(listener);
    await this.#ensureListening();
    return () => this.#listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listeners.clear();
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  #ensureListening(): Promise<void> {
    if (this.#client) return Promise.resolve();
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = null;
    });
    return this.#connecting;
  }

  async #connect(): Promise<void> {
    // A connection of its own (not from the pool): it stays checked out for as long as the instance listens.
    const client = new pg.Client(poolOf(this.#db).options);
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      if (!this.#closed && this.#listeners.size > 0) {
        setTimeout(() => void this.#ensureListening().catch(() => {}), RECONNECT_DELAY_MS).unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      const notice = message.channel === LIVE_CHANNEL ? parseNotice(message.payload) : null;
      if (!notice) return;
      for (const listener of this.#listeners) listener(notice);
    });
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    if (this.#closed) {
      await client.end();
      return;
    }
    this.#client = client;
  }
}
