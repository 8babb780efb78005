import type { EventEmitter } from 'node:events';
import { Client, Control, SearchEntry, ResultCodeError } from 'ldapts';
import { ShowDeletedControl } from '../directory/read-directory';
import type { LdapConnectionOptions } from '../ldap/ldap-session';

/** LDAP_SERVER_NOTIFICATION_OID: the DC pushes an entry for every change below the base while the search stays open. */
export const NOTIFICATION_OID = '1.2.840.113556.1.4.528';

export interface ChangeWatchOptions {
  /** Base of the notification search; default: the domain naming context from rootDSE. */
  base?: string;
  /** Poll interval when the DC refuses notifications or the connection is lost (uSNChanged check). */
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * Tells the collector that something changed on the DC: a persistent change-notification search, falling back to a
 * short uSNChanged poll (every `pollMs` it simply signals; the incremental cycle then reads rootDSE's
 * highestCommittedUSN and stops at once when nothing changed). `next()` resolves true at the next signal, false when
 * `timeoutMs` passes or the signal aborts.
 */
export class ChangeWatch {
  mode: 'notification' | 'poll' = 'poll';
  private pending = false;
  private wake: (() => void) | undefined;
  private client: Client | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly ldap: LdapConnectionOptions,
    private readonly options: ChangeWatchOptions,
  ) {}

  static async start(ldap: LdapConnectionOptions, options: ChangeWatchOptions): Promise<ChangeWatch> {
    const watch = new ChangeWatch(ldap, options);
    await watch.subscribe();
    return watch;
  }

  private signal(): void {
    this.pending = true;
    this.wake?.();
  }

  private startPolling(reason: string): void {
    if (this.closed || this.pollTimer) return;
    this.mode = 'poll';
    const every = this.options.pollMs ?? 5000;
    this.options.log?.(`Änderungsbenachrichtigung nicht verfügbar (${reason}); prüfe uSNChanged alle ${every / 1000} s`);
    this.pollTimer = setInterval(() => this.signal(), every);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  /** Opens the notification search; on refusal or loss polls, and tries the search again after a minute. */
  private async subscribe(): Promise<void> {
    const secure = this.ldap.url.toLowerCase().startsWith('ldaps://');
    const tlsOptions = { host: new URL(this.ldap.url).hostname, rejectUnauthorized: this.ldap.tlsRejectUnauthorized ?? true, ...(this.ldap.tlsCaPem ? { ca: this.ldap.tlsCaPem } : {}) };
    // No request timeout: the notification search is meant to stay open for hours.
    const client = new Client({ url: this.ldap.url, connectTimeout: 15_000, ...(secure ? { tlsOptions } : {}) });
    let base: string;
    try {
      if (this.ldap.startTls && !secure) await client.startTLS(tlsOptions);
      await client.bind(this.ldap.bindDn, this.ldap.password);
      const rootDse = await client.search('', { scope: 'base', filter: '(objectClass=*)', attributes: ['defaultNamingContext'] });
      base = this.options.base ?? String(rootDse.searchEntries[0]?.defaultNamingContext ?? '');
    } catch (error) {
      await client.unbind().catch(() => undefined);
      this.startPolling((error as Error).message);
      this.retryLater();
      return;
    }
    this.client = client;
    // ldapts collects a search's entries until its final SearchResponse, which a notification search never sends;
    // its (internal) message parser hands over every entry as it arrives, so listen there.
    const parser = (client as unknown as { messageParser: EventEmitter }).messageParser;
    parser.on('message', (message: unknown) => {
      if (message instanceof SearchEntry) this.signal();
    });
    // Deletions are notified only with the show-deleted control (as documented for LDAP_SERVER_NOTIFICATION_OID):
    // without it a mass deletion waited for the next periodic cycle.
    const controls = [new Control(NOTIFICATION_OID, { critical: true }), new ShowDeletedControl()];
    const search = client.search(base, { scope: 'sub', filter: '(objectClass=*)', attributes: ['uSNChanged'] }, controls);
    // The search only ends when the DC refuses it or the connection breaks.
    const refused = await Promise.race([search.then(() => 'beendet', (error: Error) => (error instanceof ResultCodeError ? `LDAP-Ergebniscode ${error.code}` : error.message)), delay(1500).then(() => null)]);
    if (refused) {
      this.client = undefined;
      await client.unbind().catch(() => undefined);
      this.startPolling(refused);
      this.retryLater();
      return;
    }
    this.mode = 'notification';
    this.stopPolling();
    this.options.log?.('Änderungsbenachrichtigung des Domänencontrollers aktiv');
    search.then(
      () => this.lost('Suche beendet'),
      (error: Error) => this.lost(error.message),
    );
  }

  private lost(reason: string): void {
    if (this.closed) return;
    this.client = undefined;
    this.signal(); // changes may have been missed while the connection broke: look once
    this.startPolling(`Verbindung verloren: ${reason}`);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed || this.client) return;
      void this.subscribe().then(() => {
        if (this.mode === 'notification') this.stopPolling();
      });
    }, 60_000).unref();
  }

  /** True at the next change signal (or one that arrived since the last call), false after timeoutMs or on abort. */
  async next(timeoutMs: number, abort?: AbortSignal): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return true;
    }
    if (abort?.aborted) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      function done() {
        clearTimeout(timer);
        abort?.removeEventListener('abort', done);
        resolve();
      }
      this.wake = done;
      abort?.addEventListener('abort', done, { once: true });
    });
    this.wake = undefined;
    const changed = this.pending;
    this.pending = false;
    return changed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopPolling();
    this.wake?.();
    const client = this.client;
    this.client = undefined;
    // ldapts' unbind may wait on the never-ending search; the socket is closed either way.
    if (client) await Promise.race([client.unbind().catch(() => undefined), delay(2000)]);
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
