/** The provider's clients of every mode, for the billing tables' client names (subscriptions and audit invoices). */
import type { ClientCard } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getBillingClients = (serviceproviderUUID: string) =>
  apiCall<ClientCard[]>('getServiceproviderClients', { path: '/serviceprovider/{serviceproviderUUID}/clients', required: { serviceproviderUUID } });
