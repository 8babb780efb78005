import { describe, expect, it, vi } from 'vitest';
import { guardedReload, isChunkLoadError, isNewBuildAvailable } from './new-build-watcher';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
};

describe('new-build watcher', () => {
  it('reloads at most once per 10 seconds', () => {
    let now = 100_000;
    const reload = vi.fn();
    const deps = { now: () => now, storage: memoryStorage(), reload };
    expect(guardedReload(deps)).toBe(true);
    now += 9_999;
    expect(guardedReload(deps)).toBe(false);
    now += 1;
    expect(guardedReload(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('detects a changed build id from latest.json', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ id: 'b2', timestamp: 1 }))) as unknown as typeof fetch;
    expect(await isNewBuildAvailable('b1', fetcher)).toBe(true);
    expect(await isNewBuildAvailable('b2', fetcher)).toBe(false);
    const failing = vi.fn(async () => new Response('nope', { status: 404 })) as unknown as typeof fetch;
    expect(await isNewBuildAvailable('b1', failing)).toBe(false);
  });

  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});
