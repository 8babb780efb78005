import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_EVENTS, trackEvent, trackPageView, trackSignIn } from './analytics';

const deps = (consent: boolean, host: string | null = 'https://stats.example') => ({
  host: host ?? undefined,
  consent: () => consent,
  send: vi.fn(),
});

describe('analytics', () => {
  it('sends nothing without analytics consent or without a host', () => {
    const noConsent = deps(false);
    expect(trackEvent('report_downloaded', {}, noConsent)).toBe(false);
    expect(noConsent.send).not.toHaveBeenCalled();
    const noHost = deps(true, null);
    expect(trackEvent('x', {}, noHost)).toBe(false);
  });

  it('posts events to the configured host with consent', () => {
    const ok = deps(true);
    expect(trackEvent('report_downloaded', { client: 'c1' }, ok, { href: 'http://app/x' })).toBe(true);
    expect(ok.send).toHaveBeenCalledWith(
      'https://stats.example/api/event',
      JSON.stringify({ name: 'report_downloaded', url: 'http://app/x', referrer: null, props: { client: 'c1' } }),
    );
  });

  it('counts a page view once per path', () => {
    const ok = deps(true);
    expect(trackPageView('/a', ok)).toBe(true);
    expect(trackPageView('/a', ok)).toBe(false);
    expect(trackPageView('/b', ok)).toBe(true);
  });

  it('sends one sign-in per tab and user, and only once consent allows it', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const refused = deps(false);
    expect(trackSignIn('u1', storage, refused)).toBe(false);
    const ok = deps(true);
    expect(trackSignIn('u1', storage, ok)).toBe(true);
    expect(trackSignIn('u1', storage, ok)).toBe(false);
    expect(trackSignIn('u2', storage, ok)).toBe(true);
    expect(ok.send).toHaveBeenCalledTimes(2);
    expect(JSON.parse(ok.send.mock.calls[0]?.[1] as string)).toMatchObject({ name: ANALYTICS_EVENTS.signIn });
  });
});
