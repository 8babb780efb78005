/** Client side of the API-token routes of a user (`/user`) or a provider (`/serviceprovider/{serviceproviderUUID}`). */
import type { ApiTokenCreateBody, ApiTokenCreated, ApiTokenList, MessageAnswer } from '@burgwall/shared';
import { apiCall } from '../lib/api-client';

export interface ApiTokenScopeBase {
  basePath: string;
  required?: Record<string, string>;
}

export const getApiTokens = ({ basePath, required }: ApiTokenScopeBase) => apiCall<ApiTokenList>('getApiTokens', { path: `${basePath}/api-tokens`, required });

export const createApiToken = ({ basePath, required }: ApiTokenScopeBase, body: ApiTokenCreateBody) =>
  apiCall<ApiTokenCreated>('createApiToken', { method: 'POST', path: `${basePath}/api-tokens`, required, body });

export const revokeApiToken = ({ basePath, required }: ApiTokenScopeBase, tokenId: string) =>
  apiCall<MessageAnswer>('revokeApiToken', { method: 'DELETE', path: `${basePath}/api-tokens/{tokenId}`, required: { ...required, tokenId } });
