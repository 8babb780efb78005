import type { Snapshot } from '@burgwall/shared';
import { from as copyFrom } from 'pg-copy-streams';
import { clientSchemaName } from '../../apps/server/src/db/client-schema';
import { type Db, poolOf } from '../../apps/server/src/db/database';
import { snapshotHeadOf, snapshotLines } from '@burgwall/shared';
import { randomUUID } from 'node:crypto';
import { ensureExplorerIndexes } from '../../apps/server/src/snapshots/directory-partition';
import { beginSnapshot, directoryRow } from '../../apps/server/src/snapshots/snapshot-store';

/** COPY text format: backslash, tab, newline and carriage return escaped; null as \N. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** The snapshot's rows of `directory_object` in COPY text format, in chunks of ~8 MB (made before the clock starts). */
function copyChunks(snapshotId: string, snapshot: Snapshot): string[] {
  const chunks: string[] = [];
  let lines: string[] = [];
  let bytes = 0;
  let seq = 0;
  for (const line of snapshotLines(snapshot)) {
    const row = directoryRow(line, seq++);
    const text = `${[snapshotId, row.object_guid, row.kind, row.distinguished_name, row.name, row.sam_account_name, row.object_sid, row.usn_changed, 1, row.seq, row.data].map(field).join('\t')}\n`;
    lines.push(text);
    bytes += text.length;
    if (bytes > 8_000_000) {
      chunks.push(lines.join(''));
      lines = [];
      bytes = 0;
    }
  }
  chunks.push(lines.join(''));
  return chunks;
}

/**
 * The physical floor: the same rows with one `COPY directory_object FROM STDIN` into the empty partition of a snapshot
 * of a client of its own, as the upload stores them, then its explorer indexes built as after an evaluation (client
 * migration 0360): the rows fully indexed. Returns the milliseconds of both, and of the COPY alone.
 */
export async function copyFloorMs(db: Db, clientId: string, snapshot: Snapshot): Promise<{ totalMs: number; copyMs: number }> {
  // Quoted: a client schema name may start with a digit.
  const schema = clientSchemaName(clientId);
  const { snapshotId } = await beginSnapshot(db, clientId, randomUUID(), snapshotHeadOf(snapshot));
  const chunks = copyChunks(snapshotId, snapshot);
  const client = await poolOf(db).connect();
  try {
    const started = performance.now();
    const stream = client.query(
      copyFrom(`COPY "${schema}".directory_object (snapshot_fk, object_guid, kind, distinguished_name, name, sam_account_name, object_sid, usn_changed, part_no, seq, data) FROM STDIN`),
    );
    await new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
      let next = 0;
      const write = () => {
        while (next < chunks.length) if (!stream.write(chunks[next++])) return void stream.once('drain', write);
        stream.end();
      };
      write();
    });
    const copied = performance.now();
    await ensureExplorerIndexes(db, clientId, snapshotId);
    return { totalMs: performance.now() - started, copyMs: copied - started };
  } finally {
    client.release();
  }
}
