/** Client side of the provider's client list (SPEC §3 "List card", create client, quick check, delete). */
import type {
  ClientCard,
  ClientCardPage,
  ClientCardPageQuery,
  ClientExistsAnswer,
  CreateClientAnswer,
  CreateClientBody,
  MessageAnswer,
  ProviderOverview,
  QuickcheckClientAnswer,
  QuickcheckClientBody,
} from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

/** The provider's clients of one mode; the id comes from the URL and is checked when the call is sent. */
export const getServiceproviderClients = (serviceproviderUUID: string | undefined, mode: ClientCard['mode']) =>
  apiCall<ClientCard[]>('getServiceproviderClients', { path: '/serviceprovider/{serviceproviderUUID}/clients', required: { serviceproviderUUID }, query: { mode } });

/** One page of the provider's clients, searched and sorted by the server (the monitoring and audit pages). */
export const getServiceproviderClientPage = (serviceproviderUUID: string | undefined, query: ClientCardPageQuery) =>
  apiCall<ClientCardPage>('getServiceproviderClientPage', { path: '/serviceprovider/{serviceproviderUUID}/clients/page', required: { serviceproviderUUID }, query });

export const createClient = (body: CreateClientBody) => apiCall<CreateClientAnswer>('createClient', { method: 'POST', path: '/client/new', body });

export const createQuickcheckClient = (body: QuickcheckClientBody) =>
  apiCall<QuickcheckClientAnswer>('createQuickcheckClient', { method: 'POST', path: '/client/quickcheck/new', body });

export const deleteClient = (clientUUID: string) => apiCall<MessageAnswer>('deleteClient', { method: 'DELETE', path: '/client/{clientUUID}/', required: { clientUUID } });

/** "Client-exists check" (SPEC §3): whether the provider already has a client of that name. */
export const clientExists = (name: string) => apiCall<ClientExistsAnswer>('clientExists', { path: '/client/exists', query: { name } });

/** The provider's morning overview of its monitored clients (averages, grades, risks, silent collectors, the day's IoAs). */
export const getProviderOverview = (serviceproviderUUID: string | undefined) =>
  apiCall<ProviderOverview>('getProviderOverview', { path: '/serviceprovider/{serviceproviderUUID}/overview', required: { serviceproviderUUID } });

/** What a change of the client list reloads: the lists (every mode) and the overview built from them. */
export const CLIENT_LIST_OPERATIONS = ['getServiceproviderClients', 'getServiceproviderClientPage', 'getProviderOverview'] as const;
