/** Reads of the client area's switcher: the viewed client's provider and the provider's clients that match the search. */
import type { ClientCardPage, ClientDetails } from '@burgwall/shared';
import { apiCall } from '../lib/api-client';

export const getClientDetails = (clientUUID: string) => apiCall<ClientDetails>('getClient', { path: '/client/{clientUUID}', required: { clientUUID } });

/** How many matches the switcher offers: enough to pick from, small enough for a provider with thousands of clients. */
const SWITCHER_MATCHES = 50;

/** The provider's clients (every mode) whose name or location contains `q`, by name; the server searches. */
export const searchProviderClients = (serviceproviderUUID: string | undefined, q: string) =>
  apiCall<ClientCardPage>('getServiceproviderClientPage', {
    path: '/serviceprovider/{serviceproviderUUID}/clients/page',
    required: { serviceproviderUUID },
    query: { q, sort: 'name', limit: SWITCHER_MATCHES, offset: 0 },
  });
