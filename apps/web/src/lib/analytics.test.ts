import { describe, expect, it, vi } from 'vitest';
import { trackEvent, trackPageView } from './analytics';

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
});
