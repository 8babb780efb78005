import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_STORAGE_KEY,
  clearTenantCache,
  currentClient,
  currentServiceprovider,
  type CurrentClient,
  SERVICEPROVIDER_STORAGE_KEY,
} from './tenant-cache';

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

beforeEach(() => window.sessionStorage.clear());

describe('currentClient', () => {
  const onLoadFailure = vi.fn();

  it('loads once and then answers from session storage while active and initialised', async () => {
    const load = vi.fn(async () => client());
    expect(await currentClient('c1', load, { onLoadFailure })).toMatchObject({ client_name: 'Bäckerei Sonnenschein' });
    expect(await currentClient('c1', load, { onLoadFailure })).toMatchObject({ client_id_pk: 'c1' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an inactive subscription', { subscriptionStatus: 'canceled' }],
    ['an uninitialised client', { client_initialized: false }],
  ])('reloads a cached client with %s', async (_, overrides) => {
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client(overrides)));
    const load = vi.fn(async () => client({ client_name: 'neu geladen' }));
    expect((await currentClient('c1', load, { onLoadFailure }))?.client_name).toBe('neu geladen');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads when the cached client is another one or the cache is unreadable', async () => {
    const load = vi.fn(async (id: string) => client({ client_id_pk: id }));
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client({ client_id_pk: 'other' })));
    await currentClient('c1', load, { onLoadFailure });
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, '{kaputt');
    await currentClient('c1', load, { onLoadFailure });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('clears the cache and runs the logout on a failed load', async () => {
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client({ client_initialized: false })));
    const failure = vi.fn();
    const result = await currentClient('c1', () => Promise.reject(new Error('Response returned an error code')), {
      onLoadFailure: failure,
    });
    expect(result).toBeNull();
    expect(failure).toHaveBeenCalledOnce();
    expect(window.sessionStorage.getItem(CLIENT_STORAGE_KEY)).toBeNull();
  });
});

describe('currentServiceprovider', () => {
  it('caches per provider id', async () => {
    const load = vi.fn(async (id: string) => ({ serviceprovider_id_pk: id, serviceprovider_name: `Anbieter ${id}` }));
    await currentServiceprovider('p1', load);
    await currentServiceprovider('p1', load);
    expect((await currentServiceprovider('p2', load)).serviceprovider_name).toBe('Anbieter p2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is forgotten with the client on sign-out', async () => {
    await currentServiceprovider('p1', async (id) => ({ serviceprovider_id_pk: id, serviceprovider_name: 'A' }));
    window.sessionStorage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client()));
    clearTenantCache();
    expect(window.sessionStorage.getItem(SERVICEPROVIDER_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(CLIENT_STORAGE_KEY)).toBeNull();
  });
});
