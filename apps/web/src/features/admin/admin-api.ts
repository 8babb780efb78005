/** Client side of the admin routes (SPEC §6 /admin): providers, check registry, platform e-mail, Graph explorer. */
import type {
  AdminCreateClientBody,
  CreateSelfhostedLicenseAnswer,
  CreateSelfhostedLicenseBody,
  SelfhostedLicense,
  UpdateSelfhostedLicenseBody,
  AdminFindingsAnswer,
  AdminFindingsQuery,
  AdminProvider,
  ClientCard,
  CreateProviderAnswer,
  CreateProviderBody,
  EmailStatus,
  EmailStatusBody,
  GraphExplorerAnswer,
  GraphExplorerBody,
  MessageAnswer,
} from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getAllServiceproviders = () => apiCall<AdminProvider[]>('getAllServiceproviders', { path: '/admin/serviceprovider' });

export const createServiceprovider = (body: CreateProviderBody) =>
  apiCall<CreateProviderAnswer>('createServiceprovider', { method: 'POST', path: '/serviceprovider/', body });

export const createClientAsAdmin = (body: AdminCreateClientBody) => apiCall<MessageAnswer>('createClientAsAdmin', { method: 'POST', path: '/admin/client/new', body });

export const getServiceproviderClients = (serviceproviderUUID: string) =>
  apiCall<ClientCard[]>('getServiceproviderClients', { path: '/serviceprovider/{serviceproviderUUID}/clients', required: { serviceproviderUUID } });

export const getAdminFindings = (query: AdminFindingsQuery) => apiCall<AdminFindingsAnswer>('getAdminFindings', { path: '/admin/findings', query });

export const getEmailStatus = () => apiCall<EmailStatus>('getEmailStatus', { path: '/admin/email/status' });

export const setEmailStatus = (body: EmailStatusBody) => apiCall<EmailStatusBody>('setEmailStatus', { method: 'POST', path: '/admin/email/status', body });

export const graphExplorerRequest = (body: GraphExplorerBody) =>
  apiCall<GraphExplorerAnswer>('graphExplorerRequest', { method: 'POST', path: '/admin/graph-explorer/request', body });

export const getSelfhostedLicenses = () => apiCall<SelfhostedLicense[]>('getSelfhostedLicenses', { path: '/admin/selfhosted' });

export const createSelfhostedLicense = (body: CreateSelfhostedLicenseBody) =>
  apiCall<CreateSelfhostedLicenseAnswer>('createSelfhostedLicense', { method: 'POST', path: '/admin/selfhosted', body });

export const updateSelfhostedLicense = (selfhostedUUID: string, body: UpdateSelfhostedLicenseBody) =>
  apiCall<SelfhostedLicense>('updateSelfhostedLicense', { method: 'PUT', path: '/admin/selfhosted/{selfhostedUUID}', required: { selfhostedUUID }, body });
