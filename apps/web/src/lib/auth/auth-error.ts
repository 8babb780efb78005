/**
 * SPEC §4 token handling, shared by the REST client and the GraphQL client:
 * an auth error ('Could not verify JWT: JWTExpired', or a 401 while the token held has expired) refreshes the
 * session once and retries; if the retry fails the same way, outside dev the identity session ends, error
 * reporting flushes and the user is signed out; in dev only a warning toast appears.
 */
import { flushErrorReporting } from '../error-reporting/web-error-reporting';
import { notify } from '../notify';
import { loadAppEnv } from '../runtime-env';
import { freshSession, isTokenExpired, loadedSession, refreshSession, type SessionState } from './session';

export const JWT_EXPIRED_MESSAGE = 'Could not verify JWT: JWTExpired';
export const DEV_SIGN_OUT_WARNING = 'User would be signed out in non dev env';

function mentionsJwtExpired(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  const serverMessage = (error as { serverMessage?: string } | null)?.serverMessage;
  return message.includes(JWT_EXPIRED_MESSAGE) || (serverMessage?.includes(JWT_EXPIRED_MESSAGE) ?? false);
}

/** ApiError and CombinedError carry the HTTP status of the refused call. */
function isUnauthorized(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 401;
}

/** SPEC §4: the message 'Could not verify JWT: JWTExpired', or a refused call made while `token` has expired. */
export function isAuthError(error: unknown, token?: string): boolean {
  return mentionsJwtExpired(error) || (token !== undefined && isUnauthorized(error) && isTokenExpired(token));
}

let handling = false;
/** Operations of withAuthRetry still running, and whether an auth error has started the sign-out (page is replaced). */
const running = new Set<Promise<unknown>>();
let signingOut = false;
/** In dev an auth error only warned: the user stays where they are (until the page is loaded anew). */
let warnedInDev = false;

async function signOutEverywhere(): Promise<void> {
  signingOut = true;
  // Loaded on demand: sign-in-out sends its calls through the API client, which handles auth errors with this module.
  const { endIdentitySession, signOut } = await import('./sign-in-out');
  await endIdentitySession().catch(() => undefined);
  await flushErrorReporting().catch(() => false);
  await signOut('/');
}

/**
 * Outside dev ends the identity session, flushes error reporting and signs out; in dev only warns.
 * Runs once at a time: calls failing meanwhile (the end-session call itself among them) do not start it again.
 */
export async function handleAuthError(): Promise<void> {
  if (handling) return;
  handling = true;
  try {
    if ((await loadAppEnv()) === 'dev') {
      warnedInDev = true;
      notify({ type: 'warn', title: 'Sitzung abgelaufen', text: DEV_SIGN_OUT_WARNING, id: 'auth-error' });
      return;
    }
    await signOutEverywhere();
  } finally {
    handling = false;
  }
}

/**
 * Runs `operation` with a valid session (refreshed first if its token has expired). On an auth error the session
 * is refreshed and the operation runs once more; an auth error then too is handled by handleAuthError and thrown.
 */
export function withAuthRetry<T>(operation: (session: SessionState) => Promise<T>): Promise<T> {
  const run = retryingOnce(operation);
  running.add(run);
  void run.catch(() => undefined).finally(() => running.delete(run));
  return run;
}

/**
 * Waits until the calls running now have met (and handled) any auth error. The route guard asks before it sends a
 * user without session to the sign-in page: the session may just have been lost by a call whose auth error is
 * being handled, and SPEC §4 then ends the identity session and signs out — the guard's redirect must not cut that
 * short. Resolves to whether that sign-out has started (it loads the start page itself), or whether in dev an auth
 * error only warned (then nothing may sign the user out, the guard's sign-in page included).
 */
export async function authErrorsSettled(): Promise<{ signingOut: boolean; warnedInDev: boolean }> {
  while (running.size > 0) await Promise.allSettled([...running]);
  return { signingOut, warnedInDev };
}

async function retryingOnce<T>(operation: (session: SessionState) => Promise<T>): Promise<T> {
  const held = (await loadedSession()).data?.accessToken;
  let session = await freshSession();
  let retried = false;
  for (;;) {
    try {
      return await operation(session);
    } catch (error) {
      // Without a token now, the one held before counts: it expired and no fresh one could be had.
      // While signing out (the end-session call) an auth error is expected and not retried.
      if (handling || !isAuthError(error, session.data?.accessToken ?? held)) throw error;
      if (retried) {
        await handleAuthError();
        throw error;
      }
      retried = true;
      session = await refreshSession();
    }
  }
}

/**
 * The session for a connection that has no refused call to retry (the GraphQL WebSocket): a held token that has
 * expired and that no refresh renews is the auth error itself.
 */
export async function sessionForConnection(): Promise<SessionState> {
  const held = (await loadedSession()).data?.accessToken;
  const session = await freshSession();
  if (held && !session.data && isTokenExpired(held)) void handleAuthError();
  return session;
}
