/** Opaque keyset cursors over (time DESC, id DESC): stable under inserts, fast at any depth. */
export interface Keyset {
  time: Date;
  id: string;
}

export function encodeCursor(key: Keyset): string {
  return Buffer.from(`${key.time.toISOString()}|${key.id}`, 'utf8').toString('base64url');
}

export class CursorError extends Error {}

export function decodeCursor(cursor: string): Keyset {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(time ?? '');
  if (!id || !/^\d+$/.test(id) || Number.isNaN(date.getTime())) throw new CursorError('Der Cursor ist ungültig. Bitte laden Sie die Liste neu.');
  return { time: date, id };
}
