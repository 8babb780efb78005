import { describe, expect, it } from 'vitest';
import { CursorError, decodeCursor, encodeCursor } from './cursor';

const key = { time: new Date('2026-11-20T10:00:00.000Z'), id: '42' };

describe('keyset cursors', () => {
  it('round-trips in both orders and refuses the other order in German', () => {
    expect(decodeCursor(encodeCursor(key, 'OLDEST_FIRST'), 'OLDEST_FIRST')).toEqual(key);
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    expect(() => decodeCursor(encodeCursor(key, 'OLDEST_FIRST'))).toThrow('Der Cursor gehört zu einer anderen Sortierung. Bitte laden Sie die Liste neu.');
    expect(() => decodeCursor(encodeCursor(key), 'OLDEST_FIRST')).toThrow(CursorError);
  });

  it('reads a cursor issued before the order existed as newest first, and refuses garbage', () => {
    const legacy = Buffer.from(`${key.time.toISOString()}|${key.id}`, 'utf8').toString('base64url');
    expect(decodeCursor(legacy)).toEqual(key);
    expect(() => decodeCursor(legacy, 'OLDEST_FIRST')).toThrow(CursorError);
    for (const garbage of ['', 'abc', Buffer.from(`${key.time.toISOString()}|42|x`).toString('base64url')]) {
      expect(() => decodeCursor(garbage)).toThrow('Der Cursor ist ungültig. Bitte laden Sie die Liste neu.');
    }
  });
});
