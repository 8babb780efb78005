import { RELOAD_GUARD_MS } from '@burgwall/shared';
import { LATEST_BUILD_PATH, type LatestBuild } from './build-meta';

export const BUILD_POLL_INTERVAL_MS = 60_000;
const RELOAD_MARK = 'burgwall:last-build-reload';

export interface ReloadDeps {
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

const browserDeps = (): ReloadDeps => ({
  now: Date.now,
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
});

/**
 * Reloads unless the page reloaded itself less than 10 s ago (SPEC §4, §9):
 * a build that keeps failing must not end in a reload loop.
 */
export function guardedReload(deps: ReloadDeps = browserDeps()): boolean {
  const last = Number(deps.storage.getItem(RELOAD_MARK) ?? 0);
  if (deps.now() - last < RELOAD_GUARD_MS) return false;
  deps.storage.setItem(RELOAD_MARK, String(deps.now()));
  deps.reload();
  return true;
}

/** Whether the server has a newer build than the one running. */
export async function isNewBuildAvailable(currentId: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(LATEST_BUILD_PATH, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) return false;
    const latest = (await response.json()) as Partial<LatestBuild>;
    return typeof latest.id === 'string' && latest.id !== currentId;
  } catch {
    return false;
  }
}

/** Chunk-load failures after a deployment (old chunk names are gone). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Polls for a new build and reloads when it changes; a chunk-load error reloads too. */
export function watchForNewBuilds(currentId: string | undefined): () => void {
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    guardedReload();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) guardedReload();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  let timer: ReturnType<typeof setInterval> | undefined;
  if (currentId) {
    const check = async () => {
      if (document.visibilityState === 'visible' && (await isNewBuildAvailable(currentId))) guardedReload();
    };
    timer = setInterval(() => void check(), BUILD_POLL_INTERVAL_MS);
  }
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
    if (timer) clearInterval(timer);
  };
}
