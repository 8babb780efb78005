import { mainRole } from '@burgwall/shared';
import { type AppEnv, environmentMatches } from '../runtime-env';
import type { SessionData } from './session';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Full-page navigation to the server's sign-in with the requested path as callback. */
  | { kind: 'sign-in'; callbackUrl: string }
  /** An entry path whose role home cannot be determined (SPEC §2: toast, then '/'). */
  | { kind: 'entry-failed' };

const PUBLIC_PAGES = ['/register', '/meta/quickcheck/installer'];
const ENV_CHECK_EXEMPT = ['/', '/env-mismatch'];
/** Privacy policy and imprint must be reachable by everyone (linked from the cookie banner). */
const LEGAL_PAGES = ['/datenschutz', '/impressum'];

/** '/client/', '/client/index', '//' -> '/client', '' -> '/'. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').replace(/\/index$/, '').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The start page of the user's main role (SPEC §2 entry redirects); undefined if it cannot be known. */
export function roleHome(user: SessionData['user']): string | undefined {
  switch (mainRole(user.roles)) {
    case 'admin':
      return '/admin/serviceprovider';
    case 'serviceprovider':
      return user.orgId ? `/provider/${user.orgId}/monitoring` : undefined;
    case 'client':
      return user.orgId ? `/client/${user.orgId}/dashboard` : undefined;
    default:
      return undefined;
  }
}

function isEntryPath(path: string, orgId: string | null): boolean {
  if (path === '/' || path === '/provider' || path === '/client') return true;
  return orgId !== null && (path === `/client/${orgId}` || path === `/provider/${orgId}`);
}

const within = (path: string, area: string) => path === area || path.startsWith(`${area}/`);

/**
 * The guards of SPEC §5 and the entry redirects of SPEC §2 for one navigation.
 * `/` stays the public landing page for visitors who are not signed in.
 */
export function decideNavigation(pathname: string, search: string, session: SessionData | null, appEnv: AppEnv): GuardDecision {
  const path = normalisePath(pathname);
  if (LEGAL_PAGES.includes(path)) return { kind: 'allow' };
  const isPublic = PUBLIC_PAGES.includes(path);
  if (!session) {
    if (isPublic || path === '/') return { kind: 'allow' };
    return { kind: 'sign-in', callbackUrl: `${pathname}${search}` };
  }
  if (isPublic) return { kind: 'redirect', to: '/' };
  const role = mainRole(session.user.roles);
  if (within(path, '/admin') && role !== 'admin') return { kind: 'redirect', to: '/' };
  if (within(path, '/provider') && role === 'client') return { kind: 'redirect', to: '/' };
  if (isEntryPath(path, session.user.orgId)) {
    const home = roleHome(session.user);
    return home ? { kind: 'redirect', to: home } : { kind: 'entry-failed' };
  }
  if (!ENV_CHECK_EXEMPT.includes(path) && !environmentMatches(appEnv, session.user.roles)) {
    return { kind: 'redirect', to: '/env-mismatch' };
  }
  return { kind: 'allow' };
}
