/** Client side of the provider sign-up (SPEC §3 "Create service provider"). */
import type { CreateProviderAnswer, CreateProviderBody } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const createServiceprovider = (body: CreateProviderBody) =>
  apiCall<CreateProviderAnswer>('createServiceprovider', { method: 'POST', path: '/serviceprovider/', body });
