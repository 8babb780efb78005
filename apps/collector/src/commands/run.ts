import { runCycle } from '../collection-cycle';
import { COLLECTOR_VERSION } from '../collector-version';
import type { CollectorConfig } from '../config';
import { machineCode } from '../machine-code';
import type { ApiClient } from '../upload/api-client';
import type { LicenseResponse } from './activate';

interface ServerConfig {
  sleepForMs: number;
  fullCollectionIntervalMs: number;
  changeBatchSize: number;
  uploadLogs: boolean;
}

export interface RunOptions {
  once?: boolean;
  print: (line: string) => void;
  /** Ends the loop (e.g. on SIGTERM); checked between cycles and while sleeping. */
  signal?: AbortSignal;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * `run`: licence -> config -> update check -> full collection, then incremental collections every
 * sleepForMs (0 = once). Each cycle's log lines go to the server as 'collector.log'.
 */
export async function run(config: CollectorConfig, api: ApiClient, options: RunOptions): Promise<void> {
  const lines: string[] = [];
  const log = (line: string) => {
    const stamped = `${new Date().toISOString()} ${line}`;
    lines.push(stamped);
    options.print(stamped);
  };
  let first = true;
  while (!options.signal?.aborted) {
    const license = await api.request<LicenseResponse>('POST', 'license', { machineCode: config.machineCode ?? machineCode() });
    if (license.subscriptionStatus !== 'active') {
      log(`Lizenz ist nicht aktiv (${license.subscriptionStatus}); keine Erfassung`);
      return;
    }
    const serverConfig = await api.request<ServerConfig>('GET', 'config');
    if (first) {
      const update = await api.request<{ status: string; newestVersion: string }>('GET', `update?currentVersion=${encodeURIComponent(COLLECTOR_VERSION)}`);
      if (update.status === 'update-available') log(`Neue Collector-Version ${update.newestVersion} verfügbar (installiert: ${COLLECTOR_VERSION})`);
      await api.request('POST', 'initialscan', { status: 'started' }).catch(() => undefined);
    }
    try {
      await runCycle(config, api, {
        fullCollectionIntervalMs: serverConfig.fullCollectionIntervalMs,
        changeBatchSize: serverConfig.changeBatchSize,
        log,
      });
      if (first) await api.request('POST', 'initialscan', { status: 'finished' }).catch(() => undefined);
    } catch (error) {
      log(`Erfassung fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
      if (first) await api.request('POST', 'initialscan', { status: 'failed' }).catch(() => undefined);
    }
    first = false;
    if (serverConfig.uploadLogs && lines.length > 0) {
      await api
        .request('POST', 'log/collector.log', lines.join('\n'), { text: true })
        .then(() => lines.splice(0))
        .catch(() => undefined); // logs are best effort; kept for the next cycle
    }
    const sleepForMs = Math.min(license.sleepForMs, serverConfig.sleepForMs || license.sleepForMs);
    if (options.once || sleepForMs <= 0) return;
    await sleep(sleepForMs, options.signal);
  }
}
