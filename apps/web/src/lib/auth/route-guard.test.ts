import { describe, expect, it } from 'vitest';
import { decideNavigation, normalisePath } from './route-guard';

const session = (roles: string[], orgId: string | null = 'org-1') => ({ user: { id: 'u-1', email: 'x@y.de', name: 'X Y', roles, orgId }, accessToken: 't', expires: '2030-01-01T00:00:00.000Z' });

describe('decideNavigation', () => {
  it('normalises index and trailing-slash variants', () => {
    expect(['', '/', '/index', '/index/'].map(normalisePath)).toEqual(['/', '/', '/', '/']);
    expect(['/client/', '/client/index', '/provider/org-1/'].map(normalisePath)).toEqual(['/client', '/client', '/provider/org-1']);
  });

  it('sends visitors to sign-in with the requested path, except the public pages and the landing page', () => {
    expect(decideNavigation('/admin/logs', '?q=1', null, 'prod')).toEqual({ kind: 'sign-in', callbackUrl: '/admin/logs?q=1' });
    expect(decideNavigation('/register', '', null, 'prod')).toEqual({ kind: 'allow' });
    expect(decideNavigation('/meta/quickcheck/installer', '', null, 'prod')).toEqual({ kind: 'allow' });
    expect(decideNavigation('/', '', null, 'prod')).toEqual({ kind: 'allow' });
  });

  it('sends signed-in users away from the public pages and guards the areas', () => {
    expect(decideNavigation('/register', '', session(['client']), 'prod')).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation('/admin/logs', '', session(['serviceprovider']), 'prod')).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation('/provider/org-1/audit', '', session(['client']), 'prod')).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation('/admin/logs', '', session(['admin'], null), 'prod')).toEqual({ kind: 'allow' });
  });

  it('redirects entry paths per role with the org id of the session', () => {
    const sp = session(['next_user', 'serviceprovider']);
    for (const path of ['', '/', '/index', '/provider', '/client/', '/provider/org-1/', '/provider/org-1/index']) {
      expect(decideNavigation(path, '', sp, 'next')).toEqual({ kind: 'redirect', to: '/provider/org-1/monitoring' });
    }
    expect(decideNavigation('/client/org-1', '', session(['client']), 'prod')).toEqual({ kind: 'redirect', to: '/client/org-1/dashboard' });
    expect(decideNavigation('/', '', session(['admin'], null), 'prod')).toEqual({ kind: 'redirect', to: '/admin/serviceprovider' });
    expect(decideNavigation('/', '', session(['client'], null), 'prod')).toEqual({ kind: 'entry-failed' });
  });

  it('keeps privacy policy and imprint open to everyone', () => {
    for (const path of ['/datenschutz', '/impressum']) {
      expect(decideNavigation(path, '', null, 'prod')).toEqual({ kind: 'allow' });
      expect(decideNavigation(path, '', session(['client']), 'next')).toEqual({ kind: 'allow' });
    }
  });

  it('checks the environment flags except on / and /env-mismatch', () => {
    const plain = session(['client']);
    expect(decideNavigation('/client/org-1/ioe', '', plain, 'next')).toEqual({ kind: 'redirect', to: '/env-mismatch' });
    expect(decideNavigation('/client/org-1/ioe', '', plain, 'dev')).toEqual({ kind: 'redirect', to: '/env-mismatch' });
    expect(decideNavigation('/client/org-1/ioe', '', plain, 'demo')).toEqual({ kind: 'redirect', to: '/env-mismatch' });
    expect(decideNavigation('/client/org-1/ioe', '', session(['client', 'demo_user']), 'demo')).toEqual({ kind: 'allow' });
    expect(decideNavigation('/client/org-1/ioe', '', session(['client', 'next_user']), 'prod')).toEqual({ kind: 'redirect', to: '/env-mismatch' });
    expect(decideNavigation('/client/org-1/ioe', '', session(['client', 'next_user']), 'selfhosted')).toEqual({ kind: 'allow' });
    expect(decideNavigation('/env-mismatch', '', plain, 'next')).toEqual({ kind: 'allow' });
  });
});
