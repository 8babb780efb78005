import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { AttributeChange, ChangedObjectsInput, Snapshot } from '@burgwall/shared';
import { ApiError, type ApiClient } from './api-client';

export type SpoolKind = 'snapshot' | 'changes';

export interface SpoolFlushResult {
  sent: number;
  pending: number;
  rejected: number;
  lastError: string | null;
}

/**
 * A local, ordered queue of upload batches (gzip JSON files). Batches are written before the collector
 * moves its state on, and deleted only after the server confirmed them, so a server outage or a crash
 * never loses data; the batch id stays the same across retries, so the server stores each batch once.
 */
export class Spool {
  private readonly dir: string;
  private readonly rejectedDir: string;

  constructor(stateDir: string) {
    this.dir = path.join(stateDir, 'spool');
    this.rejectedDir = path.join(stateDir, 'spool-rejected');
  }

  /** Monotonic, sortable file name prefix: time + sequence (several batches per millisecond keep order). */
  private sequence = 0;
  private nextName(kind: SpoolKind, batchId: string): string {
    const stamp = Date.now().toString().padStart(15, '0');
    const seq = (this.sequence++ % 1_000_000).toString().padStart(6, '0');
    return `${stamp}-${seq}-${kind}-${batchId}.json.gz`;
  }

  private async add(kind: SpoolKind, batchId: string, body: unknown): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, this.nextName(kind, batchId));
    const temp = `${file}.tmp`;
    await writeFile(temp, gzipSync(JSON.stringify(body)), { mode: 0o600 });
    await rename(temp, file); // atomic: a crash leaves no half batch
    return batchId;
  }

  addSnapshot(snapshot: Snapshot): Promise<string> {
    const batchId = randomUUID();
    return this.add('snapshot', batchId, { batchId, snapshot });
  }

  /**
   * Splits changes into batches of at most `batchSize`; an empty list becomes one empty heartbeat batch. The changed
   * objects (snapshot form) ride with the last batch: the server lays them over its snapshot once all changes are in.
   */
  async addChanges(changes: readonly AttributeChange[], domainObjectGuid: string | null, batchSize: number, objects?: ChangedObjectsInput): Promise<string[]> {
    const ids: string[] = [];
    for (let start = 0; start === 0 || start < changes.length; start += batchSize) {
      const batchId = randomUUID();
      const last = start + batchSize >= changes.length;
      ids.push(await this.add('changes', batchId, { batchId, changes: changes.slice(start, start + batchSize), domainObjectGuid, ...(last && objects ? { objects } : {}) }));
    }
    return ids;
  }

  /**
   * A change batch the server refused as too large (413) becomes two halves in its place in the queue (same order,
   * new batch ids); false when it cannot be split (a single change).
   */
  private async split(name: string): Promise<boolean> {
    const file = path.join(this.dir, name);
    const batch = JSON.parse(gunzipSync(await readFile(file)).toString('utf8')) as { changes: AttributeChange[]; domainObjectGuid: string | null; objects?: ChangedObjectsInput };
    if (batch.changes.length < 2) return false;
    const half = Math.ceil(batch.changes.length / 2);
    const prefix = name.slice(0, name.indexOf('-changes-'));
    for (const [part, changes] of [['a', batch.changes.slice(0, half)], ['b', batch.changes.slice(half)]] as const) {
      const batchId = randomUUID();
      const target = path.join(this.dir, `${prefix}${part}-changes-${batchId}.json.gz`);
      const objects = part === 'b' && batch.objects ? { objects: batch.objects } : {};
      await writeFile(`${target}.tmp`, gzipSync(JSON.stringify({ batchId, changes, domainObjectGuid: batch.domainObjectGuid, ...objects })), { mode: 0o600 });
      await rename(`${target}.tmp`, target);
    }
    await unlink(file);
    return true;
  }

  async pending(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => name.endsWith('.json.gz')).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /**
   * Sends pending batches in order. Stops at the first transient failure (server down, 5xx, timeout) so
   * order is kept; a change batch too large for the server (413) is split in halves and sent again; a batch the
   * server refuses as invalid (other 4xx) is moved aside instead of blocking the queue, never resent.
   */
  async flush(api: ApiClient, options: { retries?: number; retryDelayMs?: number; log?: (line: string) => void } = {}): Promise<SpoolFlushResult> {
    const retries = options.retries ?? 3;
    const result: SpoolFlushResult = { sent: 0, pending: 0, rejected: 0, lastError: null };
    const files = await this.pending();
    for (let index = 0; index < files.length; index++) {
      const name = files[index] as string;
      const kind: SpoolKind = name.includes('-snapshot-') ? 'snapshot' : 'changes';
      const file = path.join(this.dir, name);
      const body = await readFile(file);
      let delivered = false;
      for (let attempt = 0; attempt <= retries && !delivered; attempt++) {
        try {
          await api.postGzipped(kind, body);
          delivered = true;
        } catch (error) {
          result.lastError = error instanceof Error ? error.message : String(error);
          if (error instanceof ApiError && error.status === 413 && kind === 'changes' && (await this.split(name))) {
            options.log?.(`Batch ${name} ist dem Server zu groß; in zwei Hälften geteilt.`);
            return this.flush(api, options).then((rest) => ({ ...rest, sent: rest.sent + result.sent, rejected: rest.rejected + result.rejected }));
          }
          if (error instanceof ApiError && error.permanent) {
            await mkdir(this.rejectedDir, { recursive: true });
            await rename(file, path.join(this.rejectedDir, name));
            options.log?.(`Batch ${name} vom Server abgelehnt: ${result.lastError}`);
            result.rejected++;
            break;
          }
          options.log?.(`Upload von ${name} fehlgeschlagen (Versuch ${attempt + 1}): ${result.lastError}`);
          if (attempt < retries) await new Promise((resolve) => setTimeout(resolve, (options.retryDelayMs ?? 1000) * 2 ** attempt));
        }
      }
      if (delivered) {
        await unlink(file);
        result.sent++;
      } else if (!(await exists(file))) {
        continue; // rejected and moved aside
      } else {
        result.pending = files.length - index;
        return result;
      }
    }
    return result;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
