/**
 * Opaque keyset cursors over (time, id), newest or oldest first: stable under inserts, fast at any depth
 * (the descending time indexes serve both directions). The cursor names its order, so a cursor from one
 * order cannot silently skip or repeat rows when replayed in the other.
 */
export interface Keyset {
  time: Date;
  id: string;
}

/** The orders a time-keyed list pages in (GraphQL enum values). */
export const TIME_ORDERS = ['NEWEST_FIRST', 'OLDEST_FIRST'] as const;
export type TimeOrder = (typeof TIME_ORDERS)[number];

const ORDER_TAG: Record<TimeOrder, string> = { NEWEST_FIRST: 'n', OLDEST_FIRST: 'o' };

export function encodeCursor(key: Keyset, order: TimeOrder = 'NEWEST_FIRST'): string {
  return Buffer.from(`${key.time.toISOString()}|${key.id}|${ORDER_TAG[order]}`, 'utf8').toString('base64url');
}

export class CursorError extends Error {}

/** Decodes a cursor for `order`; cursors issued before the order existed (no tag) were newest first. */
export function decodeCursor(cursor: string, order: TimeOrder = 'NEWEST_FIRST'): Keyset {
  const [time, id, tag = ORDER_TAG.NEWEST_FIRST] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(time ?? '');
  if (!id || !/^\d+$/.test(id) || Number.isNaN(date.getTime()) || !Object.values(ORDER_TAG).includes(tag)) {
    throw new CursorError('Der Cursor ist ungültig. Bitte laden Sie die Liste neu.');
  }
  if (tag !== ORDER_TAG[order]) throw new CursorError('Der Cursor gehört zu einer anderen Sortierung. Bitte laden Sie die Liste neu.');
  return { time: date, id };
}

/** Keyset direction: the comparison that continues after a cursor and the ORDER BY direction. */
export function keysetDirection(order: TimeOrder): { after: '<' | '>'; direction: 'desc' | 'asc' } {
  return order === 'OLDEST_FIRST' ? { after: '>', direction: 'asc' } : { after: '<', direction: 'desc' };
}
