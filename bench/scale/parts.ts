import { gzipSync } from 'node:zlib';
import { SNAPSHOT_PART_MAX_COMPRESSED_BYTES, type Snapshot } from '@burgwall/shared';
import { snapshotLines } from '@burgwall/shared';

/** Raw NDJSON per part: well below the 128 MB unpacked limit; gzip brings it far below the 10 MB part limit. */
const PART_RAW_BYTES = 48 * 1024 * 1024;

/**
 * The snapshot's objects as upload parts, the way a collector sends them: gzip NDJSON, one `{kind, object}` line
 * (snapshotPartLineSchema) per object, each part ≤ 10 MB compressed. Built before the clock starts (a collector
 * writes them while it reads the directory).
 */
export function snapshotParts(snapshot: Snapshot): Buffer[] {
  const parts: Buffer[] = [];
  let lines: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (lines.length === 0) return;
    const part = gzipSync(lines.join(''), { level: 6 });
    if (part.length > SNAPSHOT_PART_MAX_COMPRESSED_BYTES) throw new Error(`part of ${part.length} bytes exceeds the 10 MB limit: lower PART_RAW_BYTES`);
    parts.push(part);
    lines = [];
    bytes = 0;
  };
  for (const line of snapshotLines(snapshot)) {
    const text = `${JSON.stringify(line)}\n`;
    lines.push(text);
    bytes += text.length;
    if (bytes >= PART_RAW_BYTES) flush();
  }
  flush();
  return parts;
}
