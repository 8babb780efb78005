/**
 * The client and service provider the user is working in, kept in session storage (SPEC §4) so that a reload or a
 * second tab of the same session does not ask the server again. A cached client is used only while its subscription
 * is active and it is initialised; otherwise it is loaded afresh.
 */
export interface CurrentClient {
  client_id_pk: string;
  client_name: string;
  client_mode: string;
  client_address: string | null;
  client_initialized: boolean;
  client_billing_cycle: string | null;
  subscriptionStatus: string | null;
  /** Version of the status collector: not null = AD connected. */
  collectorVersion: string | null;
  /** Entra plans of the client's domains: any = Entra connected. */
  domainEntraPlans: (string | null)[];
}

export interface CurrentServiceprovider {
  serviceprovider_id_pk: string;
  serviceprovider_name: string;
}

export const CLIENT_STORAGE_KEY = 'burgwall.current-client';
export const SERVICEPROVIDER_STORAGE_KEY = 'burgwall.current-serviceprovider';

export function isUsableClient(client: CurrentClient): boolean {
  return client.subscriptionStatus === 'active' && client.client_initialized;
}

function read<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    // A value written by an older build or edited by hand is simply not a cache hit.
    return null;
  }
}

export interface TenantCacheOptions {
  storage?: Storage;
  /** Runs when loading the client fails: SPEC §4 logs the user out and ends the identity session. */
  onLoadFailure: (error: unknown) => Promise<void> | void;
}

/** The current client: from session storage when usable, else loaded (and stored); a failed load logs out. */
export async function currentClient(
  clientId: string,
  load: (clientId: string) => Promise<CurrentClient>,
  { storage = window.sessionStorage, onLoadFailure }: TenantCacheOptions,
): Promise<CurrentClient | null> {
  const cached = read<CurrentClient>(storage, CLIENT_STORAGE_KEY);
  if (cached?.client_id_pk === clientId && isUsableClient(cached)) return cached;
  try {
    const client = await load(clientId);
    storage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client));
    return client;
  } catch (error) {
    storage.removeItem(CLIENT_STORAGE_KEY);
    await onLoadFailure(error);
    return null;
  }
}

/** The current service provider: from session storage when it is the same one, else loaded (and stored). */
export async function currentServiceprovider(
  serviceproviderId: string,
  load: (serviceproviderId: string) => Promise<CurrentServiceprovider>,
  storage: Storage = window.sessionStorage,
): Promise<CurrentServiceprovider> {
  const cached = read<CurrentServiceprovider>(storage, SERVICEPROVIDER_STORAGE_KEY);
  if (cached?.serviceprovider_id_pk === serviceproviderId) return cached;
  const provider = await load(serviceproviderId);
  storage.setItem(SERVICEPROVIDER_STORAGE_KEY, JSON.stringify(provider));
  return provider;
}

/** Forgets both (on sign-out), so the next user of this tab starts clean. */
export function clearTenantCache(storage: Storage = window.sessionStorage): void {
  storage.removeItem(CLIENT_STORAGE_KEY);
  storage.removeItem(SERVICEPROVIDER_STORAGE_KEY);
}
