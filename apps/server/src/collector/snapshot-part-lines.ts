import { describeIssues, type SnapshotPartLine, snapshotPartLineSchema } from '@burgwall/shared';
import type { z } from 'zod';
import { ProblemError } from '../http/problem';

const NEWLINE = 0x0a;

/**
 * The lines of a byte stream (newline-delimited; a trailing CR is dropped) as they arrive: only the line being read is
 * held, never the stream. Splitting bytes at \n is safe for UTF-8 (no multi-byte sequence contains 0x0a).
 */
export async function* streamLines(stream: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let partial: Buffer[] = [];
  for await (const chunk of stream) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end);
      const line = partial.length > 0 ? Buffer.concat([...partial, piece]) : piece;
      partial = [];
      start = end + 1;
      yield line.toString('utf8', 0, line.at(-1) === 0x0d ? line.length - 1 : line.length);
    }
    if (start < chunk.length) partial.push(chunk.subarray(start));
  }
  if (partial.length > 0) yield Buffer.concat(partial).toString('utf8');
}

const NOTHING_STORED = 'Von diesem Teil wurde nichts gespeichert.';

/** A German 400 naming the line and the field path of each problem in it. */
function lineProblem(error: z.ZodError, line: number, partNo: number): ProblemError {
  const errors = describeIssues(error).map((issue) => ({ path: `Zeile ${line}${issue.path ? `: ${issue.path}` : ''}`, message: issue.message }));
  const first = errors[0] as { path: string; message: string };
  const more = errors.length > 1 ? ` (und ${errors.length - 1} weitere Angabe${errors.length > 2 ? 'n' : ''} dieser Zeile)` : '';
  return new ProblemError(400, `Teil ${partNo}, ${first.path}: ${first.message}${more} ${NOTHING_STORED}`, { slug: 'validation', errors, title: 'Ungültige Eingabe' });
}

/**
 * The objects of a snapshot part sent as newline-delimited JSON (one `snapshotPartLineSchema` object a line), each
 * parsed and validated as it arrives; blank lines are skipped. A bad line ends the part with a German 400 naming it —
 * the caller stores the part in one transaction, so nothing of it stays.
 */
export async function* snapshotPartLines(stream: AsyncIterable<Buffer>, partNo: number): AsyncGenerator<SnapshotPartLine> {
  let line = 0;
  for await (const text of streamLines(stream)) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ProblemError(400, `Teil ${partNo}, Zeile ${line}: kein gültiges JSON (jede Zeile muss ein JSON-Objekt {"kind": …, "object": …} sein). ${NOTHING_STORED}`, {
        slug: 'validation',
        title: 'Ungültige Eingabe',
      });
    }
    const parsed = snapshotPartLineSchema.safeParse(value);
    if (!parsed.success) throw lineProblem(parsed.error, line, partNo);
    yield parsed.data;
  }
}
