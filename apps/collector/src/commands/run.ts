import { ChangeWatch } from '../changes/change-watch';
import { runCycle } from '../collection-cycle';
import { COLLECTOR_VERSION } from '../collector-version';
import type { CollectorConfig } from '../config';
import { machineCode } from '../machine-code';
import { checkForUpdate } from '../update-check';
import { ApiError, type ApiClient } from '../upload/api-client';
import type { LicenseResponse } from './activate';

interface ServerConfig {
  sleepForMs: number;
  fullCollectionIntervalMs: number;
  changeBatchSize: number;
  uploadLogs: boolean;
  /** "Jetzt neu auswerten" in the web: the next cycle collects everything. */
  fullCollectionRequested?: boolean;
}

export interface RunOptions {
  once?: boolean;
  /** `run --full`: the first cycle is a full collection whatever the interval says. */
  full?: boolean;
  print: (line: string) => void;
  /** Ends the loop (e.g. on SIGTERM); checked between cycles and while sleeping. */
  signal?: AbortSignal;
  /** Between full cycles, react to the DC's change notifications (default true); false: only every sleepForMs. */
  watchChanges?: boolean;
  /** uSNChanged poll interval when the DC refuses change notifications. */
  pollMs?: number;
}

/** A burst of changes (e.g. a script adding ten members) settles into one incremental cycle. */
const SETTLE_MS = 300;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const DEFAULT_CONFIG: ServerConfig = { sleepForMs: 5 * 60_000, fullCollectionIntervalMs: 6 * 60 * 60_000, changeBatchSize: 5000, uploadLogs: true };

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `run`: licence -> config -> update check -> full collection, then incremental collections every
 * sleepForMs (0 = once). When the server cannot be reached the collector keeps collecting into its spool
 * with the last known settings; only a licence that is not active stops it. Log lines go to the server
 * as 'collector.log'.
 */
export async function run(config: CollectorConfig, api: ApiClient, options: RunOptions): Promise<void> {
  const lines: string[] = [];
  const log = (line: string) => {
    const stamped = `${new Date().toISOString()} ${line}`;
    lines.push(stamped);
    if (lines.length > 10_000) lines.splice(0, lines.length - 10_000);
    options.print(stamped);
  };
  let license: LicenseResponse | null = null;
  let serverConfig = DEFAULT_CONFIG;
  let first = true;
  let watch: ChangeWatch | null = null;
  try {
    while (!options.signal?.aborted) {
      try {
        license = await api.request<LicenseResponse>('POST', 'license', { machineCode: config.machineCode ?? machineCode() });
        serverConfig = { ...DEFAULT_CONFIG, ...(await api.request<Partial<ServerConfig>>('GET', 'config')) };
        if (first) {
          const update = await checkForUpdate(api, config.clientId);
          if (update.status === 'update-available') log(`Neue Collector-Version ${update.newestVersion} verfügbar (installiert: ${COLLECTOR_VERSION}), Download: ${update.path}`);
        }
      } catch (error) {
        if (error instanceof ApiError && error.permanent) throw error; // key revoked or wrong client: stop loudly
        log(`Server nicht erreichbar (${message(error)}); es wird lokal weiter erfasst`);
      }
      if (license && license.subscriptionStatus !== 'active') {
        log(`Lizenz ist nicht aktiv (${license.subscriptionStatus}); keine Erfassung`);
        return;
      }
      const report = (status: 'started' | 'finished' | 'failed') =>
        first ? api.request('POST', 'initialscan', { status }).catch(() => undefined) : Promise.resolve();
      await report('started');
      try {
        const full = (first && options.full === true) || serverConfig.fullCollectionRequested === true;
        if (full) log('Vollerfassung angefordert');
        await runCycle(config, api, { full, fullCollectionIntervalMs: serverConfig.fullCollectionIntervalMs, changeBatchSize: serverConfig.changeBatchSize, log });
        await report('finished');
      } catch (error) {
        log(`Erfassung fehlgeschlagen: ${message(error)}`);
        await report('failed');
      }
      first = false;
      await api
        .request<{ status: string; color: string }>('GET', 'health')
        .then((health) => log(`Status laut Server: ${health.status}`))
        .catch(() => undefined);
      if (serverConfig.uploadLogs && lines.length > 0) {
        await api
          .request('POST', 'log/collector.log', lines.join('\n'), { text: true })
          .then(() => lines.splice(0))
          .catch(() => undefined); // logs are best effort; kept for the next cycle
      }
      const sleepForMs = license ? Math.min(license.sleepForMs, serverConfig.sleepForMs) : serverConfig.sleepForMs;
      if (options.once || sleepForMs <= 0) return;
      if (options.watchChanges === false) {
        await sleep(sleepForMs, options.signal);
        continue;
      }
      // Until the next regular cycle: every change the DC reports is read (uSNChanged) and uploaded right away.
      watch ??= await ChangeWatch.start(config.ldap, { pollMs: options.pollMs, log });
      const deadline = Date.now() + sleepForMs;
      while (!options.signal?.aborted && (await watch.next(deadline - Date.now(), options.signal))) {
        await sleep(SETTLE_MS, options.signal);
        try {
          await runCycle(config, api, { fullCollectionIntervalMs: serverConfig.fullCollectionIntervalMs, changeBatchSize: serverConfig.changeBatchSize, log, quiet: true });
        } catch (error) {
          log(`Erfassung der Änderungen fehlgeschlagen: ${message(error)}`);
        }
      }
    }
  } finally {
    await watch?.close();
  }
}
