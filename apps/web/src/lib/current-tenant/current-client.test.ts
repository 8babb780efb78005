import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_STORAGE_KEY, type CurrentClient, currentClientQuery, forgetStoredClient } from './current-client';

const client = (overrides: Partial<CurrentClient> = {}): CurrentClient => ({
  client_id_pk: 'c1',
  client_name: 'Bäckerei Sonnenschein',
  client_mode: 'monitoring',
  client_address: 'Bonn',
  client_initialized: true,
  client_billing_cycle: 'monthly',
  subscriptionStatus: 'active',
  collectorVersion: '1.0.0',
  domainEntraPlans: [],
  ...overrides,
});

/** A fresh cache per call: what a reload or a second tab of the same session sees. */
const fetchIn = (cache: QueryClient, load: (id: string) => Promise<CurrentClient>, id = 'c1') => cache.fetchQuery(currentClientQuery(id, load));
const freshCache = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => window.sessionStorage.clear());

describe('currentClientQuery', () => {
  it('loads once and then answers from the query cache, and after a reload from session storage', async () => {
    const load = vi.fn(async () => client());
    const cache = freshCache();
    expect(await fetchIn(cache, load)).toMatchObject({ client_name: 'Bäckerei Sonnenschein' });
    expect(await fetchIn(cache, load)).toMatchObject({ client_id_pk: 'c1' });
    expect(await fetchIn(freshCache(), load)).toMatchObject({ client_id_pk: 'c1' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an inactive subscription', { subscriptionStatus: 'canceled' }],
    ['an uninitialised client', { client_initialized: false }],
  ])('reloads a stored client with %s', async (_, overrides) => {
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client(overrides)));
    const load = vi.fn(async () => client({ client_name: 'neu geladen' }));
    expect((await fetchIn(freshCache(), load)).client_name).toBe('neu geladen');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads when the stored client is another one or the storage is unreadable', async () => {
    const load = vi.fn(async (id: string) => client({ client_id_pk: id }));
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client({ client_id_pk: 'other' })));
    await fetchIn(freshCache(), load);
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, '{kaputt');
    await fetchIn(freshCache(), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets the stored client on a failed load and reports the failure', async () => {
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client({ client_initialized: false })));
    await expect(fetchIn(freshCache(), () => Promise.reject(new Error('Client c1 not found')))).rejects.toThrow('Client c1 not found');
    expect(window.sessionStorage.getItem(CLIENT_STORAGE_KEY)).toBeNull();
  });

  it('is forgotten on sign-out', () => {
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client()));
    forgetStoredClient();
    expect(window.sessionStorage.getItem(CLIENT_STORAGE_KEY)).toBeNull();
  });
});
