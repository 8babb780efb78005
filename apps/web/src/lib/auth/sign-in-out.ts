import * as Sentry from '@sentry/react';
import type { AuthUrlAnswer, CsrfAnswer, SessionEndedAnswer } from '@burgwall/shared';
import { apiCall, callApi } from '../api-client';
import { clearTenantCache } from '../current-tenant/tenant-cache';
import { notify } from '../notify';
import { loadAppEnv } from '../runtime-env';
import { apiUrl } from '../api-base';
import { freshSession, isTokenExpired, refreshSession } from './session';

export const SIGN_IN_PROVIDER = 'keycloak';

/** The sign-in URL that brings the user back to `path` afterwards (SPEC §5 redirect). */
export function signInUrl(path: string): string {
  return `/api/auth/signin/${SIGN_IN_PROVIDER}?${new URLSearchParams({ callbackUrl: path }).toString()}`;
}

/** Signs out of the web session (POST signout with the CSRF token) and loads `callbackUrl`. */
export async function signOut(callbackUrl = '/'): Promise<void> {
  const csrf = (await (await fetch(apiUrl('/api/auth/csrf'), { credentials: 'same-origin' })).json()) as CsrfAnswer;
  const response = await fetch(apiUrl('/api/auth/signout'), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl, json: 'true' }),
  });
  const { url } = (await response.json()) as Partial<AuthUrlAnswer>;
  clearTenantCache();
  await refreshSession();
  window.location.assign(url ?? callbackUrl);
}

/** Ends the identity-provider session (endKeycloakSession). */
export function endIdentitySession(): Promise<SessionEndedAnswer> {
  return callApi(apiCall<SessionEndedAnswer>('endKeycloakSession', { method: 'POST', path: '/user/keycloak/end-session' }));
}

/** Sign-out from the user menu: identity session first, then the web session. */
export async function logout(): Promise<void> {
  await endIdentitySession().catch(() => undefined);
  await signOut('/');
}

/** SPEC §4: the message 'Could not verify JWT: JWTExpired' or an expired token. */
export function isAuthError(error: unknown, token?: string): boolean {
  const message = error instanceof Error ? error.message : String(error);
  const serverMessage = (error as { serverMessage?: string } | null)?.serverMessage;
  return (
    message.includes('Could not verify JWT: JWTExpired') ||
    (serverMessage?.includes('Could not verify JWT: JWTExpired') ?? false) ||
    (token !== undefined && isTokenExpired(token))
  );
}

/**
 * Outside dev an auth error ends the identity session, flushes error
 * reporting and signs out; in dev only a warning toast appears.
 */
export async function handleAuthError(): Promise<void> {
  if ((await loadAppEnv()) === 'dev') {
    notify({ type: 'warn', title: 'Sitzung abgelaufen', text: 'User would be signed out in non dev env', id: 'auth-error' });
    return;
  }
  await endIdentitySession().catch(() => undefined);
  await Sentry.flush(2000).catch(() => false);
  await signOut('/');
}

/** Runs an operation with a valid token; on an auth error the session is refreshed and it runs once more. */
export async function withFreshToken<T>(operation: (accessToken: string | undefined) => Promise<T>): Promise<T> {
  const session = await freshSession();
  try {
    return await operation(session.data?.accessToken);
  } catch (error) {
    if (!isAuthError(error, session.data?.accessToken)) throw error;
    const refreshed = await refreshSession();
    try {
      return await operation(refreshed.data?.accessToken);
    } catch (retryError) {
      if (isAuthError(retryError, refreshed.data?.accessToken)) await handleAuthError();
      throw retryError;
    }
  }
}
