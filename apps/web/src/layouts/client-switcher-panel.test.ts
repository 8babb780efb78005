import { describe, expect, it } from 'vitest';
import { samePageAt } from './client-switcher-panel';

const OTHER = '22222222-2222-4222-8222-222222222222';

describe('samePageAt', () => {
  it('keeps the sub-page and swaps the client', () => {
    expect(samePageAt('/client/11111111-1111-4111-8111-111111111111/ioe/findings/krbtgt-password-age', OTHER)).toBe(`/client/${OTHER}/ioe/findings/krbtgt-password-age`);
    expect(samePageAt('/client/11111111-1111-4111-8111-111111111111/settings/ioe/thresholds', OTHER)).toBe(`/client/${OTHER}/settings/ioe/thresholds`);
  });

  it('stops before an object of the old client and falls back to the dashboard', () => {
    expect(samePageAt('/client/11111111-1111-4111-8111-111111111111/explorer/33333333-3333-4333-8333-333333333333', OTHER)).toBe(`/client/${OTHER}/explorer`);
    expect(samePageAt('/client/11111111-1111-4111-8111-111111111111/attack-paths/42', OTHER)).toBe(`/client/${OTHER}/attack-paths`);
    expect(samePageAt('/client/11111111-1111-4111-8111-111111111111', OTHER)).toBe(`/client/${OTHER}/dashboard`);
  });
});
