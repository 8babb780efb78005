import { type LoaderFunctionArgs, redirect, redirectDocument } from 'react-router';
import { loadAppEnv } from '../runtime-env';
import { authErrorsSettled } from './auth-error';
import { notify } from '../notify';
import { decideNavigation, normalisePath } from './route-guard';
import { loadedSession } from './session';
import { signInUrl } from './sign-in-out';

export const ENTRY_REDIRECT_FAILED = 'Fehler: Bitte melde dich erneut an';

/** Root loader: runs the guards and entry redirects before every navigation. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const [session, appEnv] = await Promise.all([loadedSession(), loadAppEnv()]);
  const decision = decideNavigation(url.pathname, url.search, session.data, appEnv);
  switch (decision.kind) {
    case 'allow':
      return null;
    case 'redirect':
      throw redirect(decision.to);
    case 'sign-in': {
      // A session lost by an expired token: outside dev the auth-error handling signs out and loads the start page
      // itself; in dev it only warned, and the user stays (SPEC §4).
      const { signingOut, warnedInDev } = await authErrorsSettled();
      if (signingOut) return new Promise<null>(() => undefined);
      if (warnedInDev) return null;
      throw redirectDocument(signInUrl(decision.callbackUrl));
    }
    case 'entry-failed':
      notify({ type: 'error', title: 'Weiterleitung fehlgeschlagen', text: ENTRY_REDIRECT_FAILED, id: 'entry-redirect' });
      if (normalisePath(url.pathname) !== '/') throw redirect('/');
      return null;
  }
}

/** Guards depend on the whole URL, so they run on every navigation. */
export const revalidateAlways = () => true;
