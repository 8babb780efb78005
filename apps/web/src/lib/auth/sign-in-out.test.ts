import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notify = vi.fn();
vi.mock('../notify', () => ({ notify: (input: unknown) => notify(input) }));
vi.mock('../runtime-env', () => ({ loadAppEnv: async () => 'dev' }));

const token = (offsetSeconds: number) =>
  `e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + offsetSeconds })).replace(/=+$/, '')}.sig`;

let sessionCalls = 0;
beforeEach(() => {
  sessionCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).endsWith('/api/auth/session')) {
        sessionCalls++;
        return new Response(JSON.stringify({ user: { email: 'a@b.de', roles: ['admin'], orgId: null }, accessToken: token(300) }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 500 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  notify.mockReset();
});

describe('auth error handling (SPEC §4)', () => {
  it('recognises the JWTExpired message and expired tokens', async () => {
    const { isAuthError } = await import('./sign-in-out');
    expect(isAuthError(new Error('Could not verify JWT: JWTExpired'))).toBe(true);
    expect(isAuthError(new Error('other'), token(-10))).toBe(true);
    expect(isAuthError(new Error('other'), token(60))).toBe(false);
  });

  it('refreshes the session and retries an operation once after an auth error', async () => {
    const { withFreshToken } = await import('./sign-in-out');
    const operation = vi
      .fn<(t: string | undefined) => Promise<string>>()
      .mockRejectedValueOnce(new Error('Could not verify JWT: JWTExpired'))
      .mockResolvedValueOnce('ok');
    await expect(withFreshToken(operation)).resolves.toBe('ok');
    expect(operation).toHaveBeenCalledTimes(2);
    expect(sessionCalls).toBeGreaterThanOrEqual(2);
  });

  it('in dev only warns when the retry fails too', async () => {
    const { withFreshToken } = await import('./sign-in-out');
    const operation = vi.fn(async () => {
      throw new Error('Could not verify JWT: JWTExpired');
    });
    await expect(withFreshToken(operation)).rejects.toThrow('JWTExpired');
    expect(operation).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ type: 'warn', text: 'User would be signed out in non dev env' }));
  });
});
