/**
 * The web session (SPEC §4). Contract used by every feature:
 *   useSession() -> { status: 'loading' | 'authenticated' | 'unauthenticated', data }
 *   data.user: { email, roles, orgId }, data.accessToken (JWT whose exp is read)
 * It is read from GET /api/auth/session (cookie session held by the server),
 * refreshed every 5 minutes and when the window regains focus.
 */
import type { SessionAnswer } from '@burgwall/shared';
import { useSyncExternalStore } from 'react';
import { apiUrl } from '../api-base';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** A signed-in session as GET /api/auth/session answers it (the other answer, `{}`, means no session). */
export type SessionData = Extract<SessionAnswer, { accessToken: string }>;
export type SessionUser = SessionData['user'];

export interface SessionState {
  status: SessionStatus;
  data: SessionData | null;
}

export const SESSION_REFRESH_INTERVAL_MS = 300_000;

let state: SessionState = { status: 'loading', data: null };
const listeners = new Set<() => void>();
/** Listeners outside React; they do not keep the periodic refresh running. */
const changeListeners = new Set<() => void>();
let inflight: Promise<SessionState> | null = null;
let stopRefreshing: (() => void) | null = null;

function setState(next: SessionState): void {
  state = next;
  for (const listener of [...listeners, ...changeListeners]) listener();
}

/** Fetches the session from the server (deduplicated while a request is in flight). */
export function refreshSession(): Promise<SessionState> {
  inflight ??= fetch(apiUrl('/api/auth/session'), { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => {
      const body = response.ok ? ((await response.json()) as Partial<SessionData> | null) : null;
      const next: SessionState =
        body?.user && body.accessToken
          ? { status: 'authenticated', data: body as SessionData }
          : { status: 'unauthenticated', data: null };
      setState(next);
      return next;
    })
    .catch(() => {
      const next: SessionState = { status: 'unauthenticated', data: null };
      setState(next);
      return next;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Calls `listener` on every change of the session (outside React: error reporting, analytics). */
export function onSessionChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function getSession(): SessionState {
  return state;
}

/** The session once known (waits for the first load). */
export function loadedSession(): Promise<SessionState> {
  return state.status === 'loading' ? refreshSession() : Promise.resolve(state);
}

/** Seconds since the epoch at which a JWT expires (0 if unreadable). */
export function tokenExpiry(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : 0;
  } catch {
    return 0;
  }
}

export function isTokenExpired(token: string, now = Date.now()): boolean {
  return tokenExpiry(token) * 1000 <= now;
}

/** A session whose access token is valid now: refreshed first if the token has expired (SPEC §4). */
export async function freshSession(): Promise<SessionState> {
  const current = await loadedSession();
  if (current.data && isTokenExpired(current.data.accessToken)) return refreshSession();
  return current;
}

/** Refreshes every 5 minutes and on window focus while anything listens to the session. */
export function startSessionRefresh(): () => void {
  const timer = setInterval(() => void refreshSession(), SESSION_REFRESH_INTERVAL_MS);
  const onFocus = () => void refreshSession();
  window.addEventListener('focus', onFocus);
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', onFocus);
  };
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      if (state.status === 'loading') void refreshSession();
      stopRefreshing ??= startSessionRefresh();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopRefreshing?.();
          stopRefreshing = null;
        }
      };
    },
    () => state,
  );
}
