import { beforeEach, describe, expect, it, vi } from 'vitest';

const created: Record<string, unknown>[] = [];
vi.mock('graphql-ws', () => ({
  createClient: (options: Record<string, unknown>) => {
    created.push(options);
    return { on: vi.fn(), subscribe: vi.fn(), dispose: vi.fn() };
  },
}));
const notify = vi.fn();
vi.mock('../notify', () => ({ notify: (input: unknown) => notify(input) }));
vi.mock('../auth/auth-error', () => ({
  sessionForConnection: () => Promise.resolve({ status: 'authenticated', data: { accessToken: 'tok-1', user: { email: 'k@x.de', roles: ['client'], orgId: 'o' } } }),
}));

type Options = {
  url: string;
  lazy: boolean;
  retryAttempts: number;
  connectionParams: () => Promise<unknown>;
  shouldRetry: (event: unknown) => boolean;
  on: { connected: () => void; closed: (event: unknown) => void };
};

describe('liveClient', () => {
  beforeEach(() => {
    vi.resetModules();
    created.length = 0;
    notify.mockClear();
  });

  it('connects lazily to the GraphQL path with 3 retries and sends fresh headers in connection_init', async () => {
    const { liveClient } = await import('./live-client');
    liveClient();
    const options = created[0] as Options;
    expect(options.url).toMatch(/^ws:\/\/.+\/v1\/graphql$/);
    expect(options.lazy).toBe(true);
    expect(options.retryAttempts).toBe(3);
    expect(await options.connectionParams()).toEqual({ headers: { Authorization: 'Bearer tok-1', 'x-hasura-role': 'client' } });
  });

  it('does not retry the refusal close codes', async () => {
    const { liveClient } = await import('./live-client');
    liveClient();
    const { shouldRetry } = created[0] as Options;
    for (const code of [4500, 4400, 4401, 4403, 4408, 4409, 4429]) expect(shouldRetry({ code })).toBe(false);
    expect(shouldRetry({ code: 1006 })).toBe(true);
  });

  it('shows the connection toast once when the socket closes before it ever connected, never after a connection', async () => {
    const { liveClient } = await import('./live-client');
    liveClient();
    const { on } = created[0] as Options;
    on.closed({ code: 1006 });
    on.closed({ code: 1006 });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Fehler beim Verbindungsaufbau',
        text: 'Konnte kein Websocket öffnen, vermutlich sind diese nicht unterstützt oder wurden blockiert',
      }),
    );

    vi.resetModules();
    created.length = 0;
    notify.mockClear();
    const fresh = await import('./live-client');
    fresh.liveClient();
    const next = (created[0] as Options).on;
    next.connected();
    next.closed({ code: 1006 });
    expect(notify).not.toHaveBeenCalled();
  });
});
