import { describe, expect, it } from 'vitest';
import { notificationOptions } from './notify';

describe('notificationOptions', () => {
  it.each([
    ['error', 8000, 'red'],
    ['warn', 6000, 'yellow'],
    ['success', 6000, 'green'],
  ] as const)('%s lasts %i ms', (type, autoClose, color) => {
    expect(notificationOptions({ type, title: 'Titel', text: 'Text' })).toMatchObject({
      title: 'Titel',
      message: 'Text',
      autoClose,
      color,
    });
  });

  it('keeps an explicit duration', () => {
    expect(notificationOptions({ type: 'error', title: 'a', text: 'b', duration: 1000 }).autoClose).toBe(1000);
  });
});
