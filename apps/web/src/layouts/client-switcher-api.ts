/** Reads of the client area's switcher: the viewed client's provider and that provider's clients. */
import type { ClientCard, ClientDetails } from '@burgwall/shared';
import { apiCall } from '../lib/api-client';

export const getClientDetails = (clientUUID: string) => apiCall<ClientDetails>('getClient', { path: '/client/{clientUUID}', required: { clientUUID } });

export const getProviderClients = (serviceproviderUUID: string | undefined) =>
  apiCall<ClientCard[]>('getServiceproviderClients', { path: '/serviceprovider/{serviceproviderUUID}/clients', required: { serviceproviderUUID } });
