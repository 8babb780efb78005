import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { SNAPSHOT_PART_MAX_BYTES, SNAPSHOT_PART_MAX_COMPRESSED_BYTES, type SnapshotBeginAnswer, type SnapshotHead } from '@burgwall/shared';
import type { ApiClient } from './api-client';

/**
 * A full collection travels as an upload in parts (server: snapshot-part-routes): begin with the snapshot's head, then
 * its objects as newline-delimited JSON in gzip parts of at most 10 MB, then commit. The parts are packed line by line
 * through a streaming gzip, so neither the whole NDJSON text nor more than one part is ever held in memory.
 */

export interface PartLimits {
  /** A part as sent (gzip). */
  compressed: number;
  /** A part unpacked. */
  unpacked: number;
}
export const PART_LIMITS: PartLimits = { compressed: SNAPSHOT_PART_MAX_COMPRESSED_BYTES, unpacked: SNAPSHOT_PART_MAX_BYTES };

/** Lines are handed to zlib in batches of about this size (one zlib call per line would dominate the time). */
const BATCH_BYTES = 256 * 1024;
/** What deflate may add to data it cannot compress (stored blocks), plus the gzip header and trailer. */
const worstCase = (bytes: number) => bytes + (bytes >> 10) + 64;

/** One part being packed: everything compressed so far is exact after a flush; what came since is counted at worst. */
class GzipPart {
  readonly #gzip = createGzip();
  readonly #chunks: Buffer[] = [];
  #compressed = 0;
  #batch: string[] = [];
  #batchBytes = 0;
  /** Bytes added since the last flush (written to zlib or still batched): their compressed size is not known yet. */
  #sinceFlush = 0;
  unpacked = 0;
  lines = 0;

  constructor() {
    this.#gzip.on('data', (chunk: Buffer) => {
      this.#chunks.push(chunk);
      this.#compressed += chunk.length;
    });
  }

  /** The largest this part could become if `bytes` more were added and it were finished now. */
  bound(bytes: number): number {
    return this.#compressed + this.#gzip.readableLength + worstCase(this.#sinceFlush + bytes);
  }

  get flushed(): boolean {
    return this.#sinceFlush === 0;
  }

  async add(line: string, bytes: number): Promise<void> {
    this.#batch.push(line);
    this.#batchBytes += bytes;
    this.#sinceFlush += bytes;
    this.unpacked += bytes;
    this.lines++;
    if (this.#batchBytes >= BATCH_BYTES) await this.#writeBatch();
  }

  async #writeBatch(): Promise<void> {
    if (this.#batch.length === 0) return;
    const data = Buffer.from(this.#batch.join(''));
    this.#batch = [];
    this.#batchBytes = 0;
    if (!this.#gzip.write(data)) await once(this.#gzip, 'drain');
  }

  /** Compresses everything added so far (a sync flush), so `bound` knows its exact size. */
  async flush(): Promise<void> {
    await this.#writeBatch();
    await new Promise<void>((resolve) => this.#gzip.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    this.#sinceFlush = 0;
  }

  async finish(): Promise<Buffer> {
    await this.#writeBatch();
    const ended = once(this.#gzip, 'end');
    this.#gzip.end();
    await ended;
    return Buffer.concat(this.#chunks);
  }
}

/**
 * Packs `lines` (each an object that becomes one NDJSON line) into gzip parts within `limits`: a part is finished
 * before the next line could push it over a limit (measured exactly by a flush when the worst case comes close).
 * `onPart` gets each part as it is finished; there is always at least one part (an empty one for no lines).
 * Returns the number of parts.
 */
export async function packParts(lines: Iterable<unknown>, onPart: (partNo: number, gzipped: Buffer) => Promise<void>, limits: PartLimits = PART_LIMITS): Promise<number> {
  let partNo = 1;
  let part = new GzipPart();
  const fits = (bytes: number) => part.bound(bytes) <= limits.compressed && part.unpacked + bytes <= limits.unpacked;
  for (const value of lines) {
    const line = `${JSON.stringify(value)}\n`;
    const bytes = Buffer.byteLength(line);
    if (part.lines > 0 && !fits(bytes)) {
      if (!part.flushed) await part.flush();
      if (!fits(bytes)) {
        await onPart(partNo++, await part.finish());
        part = new GzipPart();
      }
    }
    await part.add(line, bytes);
  }
  await onPart(partNo, await part.finish());
  return partNo;
}

/** A spooled snapshot in parts: a folder with this head file ({batchId, partCount, head}) and one file a part. */
export const HEAD_FILE = 'head.json.gz';
export const partFile = (partNo: number) => `part-${String(partNo).padStart(5, '0')}.ndjson.gz`;

export interface SpooledSnapshotHead {
  batchId: string;
  partCount: number;
  head: SnapshotHead;
}

/** The most parts sent at once, whatever a server announces (each is read from the spool into memory to be sent). */
const MAX_PARTS_AT_ONCE = 4;

/**
 * Sends a spooled snapshot (folder `dir`): begin, the parts the server does not have yet — as many at once as the
 * begin answer allows (`partsAtOnce`; one when it says nothing, as servers before it did) — then commit. Every step is
 * idempotent on the server, so after any failure the whole call is simply made again; a batch the server reports
 * complete is done.
 */
export async function sendSnapshotParts(api: ApiClient, dir: string): Promise<void> {
  const { batchId, partCount, head } = JSON.parse(gunzipSync(await readFile(path.join(dir, HEAD_FILE))).toString('utf8')) as SpooledSnapshotHead;
  const begun = await api.sendGzipped<SnapshotBeginAnswer>('POST', 'snapshots', gzipSync(JSON.stringify({ batchId, head })));
  if (begun.state === 'complete') return;
  const received = new Set(begun.parts);
  const missing = Array.from({ length: partCount }, (_, index) => index + 1).filter((partNo) => !received.has(partNo));
  const sendNext = async (): Promise<void> => {
    for (let partNo = missing.shift(); partNo !== undefined; partNo = missing.shift()) {
      try {
        await api.sendGzipped('PUT', `snapshots/${encodeURIComponent(batchId)}/parts/${partNo}`, await readFile(path.join(dir, partFile(partNo))), 'application/x-ndjson');
      } catch (error) {
        // No further parts: the whole call is made again later and sends what the server does not hold by then.
        missing.length = 0;
        throw error;
      }
    }
  };
  const atOnce = Math.min(begun.partsAtOnce ?? 1, MAX_PARTS_AT_ONCE);
  // allSettled: a failed part ends the call only once the others in flight have answered (no request left running).
  const sent = await Promise.allSettled(Array.from({ length: atOnce }, sendNext));
  const failed = sent.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  await api.request('POST', `snapshots/${encodeURIComponent(batchId)}/commit`, { partCount });
}
