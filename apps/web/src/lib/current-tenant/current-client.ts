import { queryOptions } from '@tanstack/react-query';
import { loadCurrentClient } from './load-current-client';

/** The client the user is working in (SPEC §4/§7). */
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

export const CLIENT_STORAGE_KEY = 'burgwall.current-client';

/** SPEC §4: a cached client is usable only while its subscription is active and it is initialised. */
export function isUsableClient(client: CurrentClient): boolean {
  return client.subscriptionStatus === 'active' && client.client_initialized;
}

/**
 * The client kept in session storage (SPEC §4) when it is this one and usable, so that a reload or a second tab of the
 * same session does not ask the server again; anything else (another client, unusable, unreadable) is no hit.
 */
export function storedClient(clientId: string, storage: Storage = window.sessionStorage): CurrentClient | undefined {
  try {
    const raw = storage.getItem(CLIENT_STORAGE_KEY);
    const cached = raw ? (JSON.parse(raw) as CurrentClient) : null;
    return cached?.client_id_pk === clientId && isUsableClient(cached) ? cached : undefined;
  } catch {
    // A value written by an older build or edited by hand is simply not a cache hit.
    return undefined;
  }
}

/** Forgets the stored client (a failed load, sign-out), so the next user of this tab starts clean. */
export function forgetStoredClient(storage: Storage = window.sessionStorage): void {
  storage.removeItem(CLIENT_STORAGE_KEY);
}

/**
 * The query of the current client: answered from session storage when usable, else loaded and stored. It never goes
 * stale by itself — the cached client is the SPEC's session cache; a failed load forgets it.
 */
export function currentClientQuery(clientId: string, load: (clientId: string) => Promise<CurrentClient> = loadCurrentClient, storage: Storage = window.sessionStorage) {
  return queryOptions({
    queryKey: ['current-client', clientId],
    queryFn: async () => {
      try {
        const client = await load(clientId);
        storage.setItem(CLIENT_STORAGE_KEY, JSON.stringify(client));
        return client;
      } catch (error) {
        forgetStoredClient(storage);
        throw error;
      }
    },
    initialData: () => storedClient(clientId, storage),
    staleTime: Infinity,
  });
}
