/** Client side of the client settings routes (SPEC §3 "Client license", contact, Entra ID connection). */
import type {
  ClientLicense,
  CollectorKey,
  CollectorSettings,
  MessageAnswer,
  RotatedCollectorKey,
  Contact,
  ContactBody,
  EmployeeCountAnswer,
  EmployeeCountBody,
  EntraConnection,
  EntraDataAnswer,
  EntraDataBody,
  EntraValidation,
  LicenseCancelAnswer,
} from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getClientLicense = (clientUUID: string) => apiCall<ClientLicense>('getClientLicense', { path: '/client/{clientUUID}/license', required: { clientUUID } });

export const setEmployeeCount = (clientUUID: string, body: EmployeeCountBody) =>
  apiCall<EmployeeCountAnswer>('setEmployeeCount', { method: 'POST', path: '/client/{clientUUID}/employeeCount', required: { clientUUID }, body });

export const cancelLicense = (clientUUID: string) =>
  apiCall<LicenseCancelAnswer>('cancelLicense', { method: 'POST', path: '/client/{clientUUID}/license/cancel', required: { clientUUID }, body: {} });

export const getContact = (clientUUID: string) => apiCall<Contact>('getContact', { path: '/client/{clientUUID}/contact', required: { clientUUID } });

export const setContact = (clientUUID: string, body: ContactBody) =>
  apiCall<Contact>('setContact', { method: 'POST', path: '/client/{clientUUID}/contact', required: { clientUUID }, body });

export const getEntraData = (clientUUID: string) => apiCall<EntraConnection>('getEntraData', { path: '/client/{clientUUID}/entra/data', required: { clientUUID } });

export const setEntraData = (clientUUID: string, body: EntraDataBody) =>
  apiCall<EntraDataAnswer>('setEntraData', { method: 'POST', path: '/client/{clientUUID}/entra/data', required: { clientUUID }, body });

export const validateEntra = (clientUUID: string) => apiCall<EntraValidation>('validateEntra', { path: '/client/{clientUUID}/entra/validate', required: { clientUUID } });

export const getCollectorKeys = (clientUUID: string) =>
  apiCall<CollectorKey[]>('getCollectorKeys', { path: '/client/{clientUUID}/collector/keys', required: { clientUUID } });

export const revokeCollectorKey = (clientUUID: string, keyId: string) =>
  apiCall<MessageAnswer>('revokeCollectorKey', { method: 'POST', path: '/client/{clientUUID}/collector/keys/{keyId}/revoke', required: { clientUUID, keyId }, body: {} });

export const rotateCollectorKey = (clientUUID: string, keyId: string) =>
  apiCall<RotatedCollectorKey>('rotateCollectorKey', { method: 'POST', path: '/client/{clientUUID}/collector/keys/{keyId}/rotate', required: { clientUUID, keyId }, body: {} });

export const getCollectorSettings = (clientUUID: string) =>
  apiCall<CollectorSettings>('getCollectorSettings', { path: '/client/{clientUUID}/collector/settings', required: { clientUUID } });

export const setCollectorSettings = (clientUUID: string, body: CollectorSettings) =>
  apiCall<CollectorSettings>('setCollectorSettings', { method: 'POST', path: '/client/{clientUUID}/collector/settings', required: { clientUUID }, body });
