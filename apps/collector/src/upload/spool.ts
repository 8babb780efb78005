import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type AttributeChange, type ChangedObjectsInput, type Snapshot, snapshotHeadOf, snapshotLines } from '@burgwall/shared';
import { ApiError, type ApiClient } from './api-client';
import { HEAD_FILE, packParts, type PartLimits, partFile, sendSnapshotParts, type SpooledSnapshotHead } from './snapshot-parts';

export type SpoolKind = 'snapshot' | 'changes';

/** A batch sent whole: one gzip JSON file. */
const BATCH_SUFFIX = '.json.gz';
/** A snapshot sent in parts: a folder (snapshot-parts). */
const PARTS_SUFFIX = '.parts';

export interface SpoolFlushResult {
  sent: number;
  pending: number;
  rejected: number;
  lastError: string | null;
}

/**
 * A local, ordered queue of upload batches (gzip JSON files; full snapshots as folders of parts). Batches are written before the collector
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
  private nextName(kind: SpoolKind, batchId: string, suffix = BATCH_SUFFIX): string {
    const stamp = Date.now().toString().padStart(15, '0');
    const seq = (this.sequence++ % 1_000_000).toString().padStart(6, '0');
    return `${stamp}-${seq}-${kind}-${batchId}${suffix}`;
  }

  private async add(kind: SpoolKind, batchId: string, body: unknown): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, this.nextName(kind, batchId));
    const temp = `${file}.tmp`;
    await writeFile(temp, gzipSync(JSON.stringify(body)), { mode: 0o600 });
    await rename(temp, file); // atomic: a crash leaves no half batch
    return batchId;
  }

  /**
   * Spools a full collection as an upload in parts (a folder: head file + gzip NDJSON parts, see snapshot-parts), packed
   * object by object so the snapshot is never one text. Written under a temporary name and renamed: a crash leaves no
   * half snapshot (only a .tmp folder, removed by the next one).
   */
  async addSnapshot(snapshot: Snapshot, limits?: PartLimits): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir)) if (name.endsWith(`${PARTS_SUFFIX}.tmp`)) await rm(path.join(this.dir, name), { recursive: true, force: true });
    const batchId = randomUUID();
    const folder = path.join(this.dir, this.nextName('snapshot', batchId, PARTS_SUFFIX));
    const temp = `${folder}.tmp`;
    await mkdir(temp, { mode: 0o700 });
    const partCount = await packParts(snapshotLines(snapshot), (partNo, gzipped) => writeFile(path.join(temp, partFile(partNo)), gzipped, { mode: 0o600 }), limits);
    const head: SpooledSnapshotHead = { batchId, partCount, head: snapshotHeadOf(snapshot) };
    await writeFile(path.join(temp, HEAD_FILE), gzipSync(JSON.stringify(head)), { mode: 0o600 });
    await rename(temp, folder);
    return batchId;
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
      const target = path.join(this.dir, `${prefix}${part}-changes-${batchId}${BATCH_SUFFIX}`);
      const objects = part === 'b' && batch.objects ? { objects: batch.objects } : {};
      await writeFile(`${target}.tmp`, gzipSync(JSON.stringify({ batchId, changes, domainObjectGuid: batch.domainObjectGuid, ...objects })), { mode: 0o600 });
      await rename(`${target}.tmp`, target);
    }
    await unlink(file);
    return true;
  }

  async pending(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => name.endsWith(BATCH_SUFFIX) || name.endsWith(PARTS_SUFFIX)).sort();
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
      let delivered = false;
      for (let attempt = 0; attempt <= retries && !delivered; attempt++) {
        try {
          // A snapshot spooled by an older version is one gzip JSON file: it still goes whole to the old route.
          if (name.endsWith(PARTS_SUFFIX)) await sendSnapshotParts(api, file);
          else await api.sendGzipped('POST', kind, await readFile(file));
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
        await rm(file, { recursive: true, force: true });
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
