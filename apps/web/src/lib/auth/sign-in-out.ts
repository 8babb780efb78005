import type { AuthUrlAnswer, CsrfAnswer, SessionEndedAnswer } from '@burgwall/shared';
import { apiCall, callApi } from '../api-client';
import { forgetStoredClient } from '../current-tenant/current-client';
import { apiUrl } from '../api-base';
import { refreshSession } from './session';

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
  // The page is loaded afresh below (an empty query cache); only the session-stored client would outlive it.
  forgetStoredClient();
  await refreshSession();
  window.location.assign(url ?? callbackUrl);
}

/** Ends the identity-provider session (endKeycloakSession). */
export function endIdentitySession(): Promise<SessionEndedAnswer> {
  return callApi(apiCall<SessionEndedAnswer>('endKeycloakSession', { method: 'POST', path: '/user/keycloak/end-session' }));
}

/** Sign-out from the user menu: identity session first, then the web session; `callbackUrl` may carry a reason. */
export async function logout(callbackUrl = '/'): Promise<void> {
  await endIdentitySession().catch(() => undefined);
  await signOut(callbackUrl);
}
