/** Client side of the attack-path routes (Angriffspfade). */
import type { AttackPathAnswer, AttackPathsAnswer, MessageAnswer, Tier0ExtraAddBody, Tier0ExtraAdded, Tier0ExtrasAnswer } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getAttackPaths = (clientUUID: string, search?: string) =>
  apiCall<AttackPathsAnswer>('getAttackPaths', { path: '/client/{clientUUID}/attack-paths', required: { clientUUID }, query: { limit: 200, ...(search ? { search } : {}) } });

export const getAttackPath = (clientUUID: string, objectKey: string) =>
  apiCall<AttackPathAnswer>('getAttackPath', { path: '/client/{clientUUID}/attack-paths/path', required: { clientUUID }, query: { objectKey } });

export const listTier0Extras = (clientUUID: string) =>
  apiCall<Tier0ExtrasAnswer>('listTier0Extras', { path: '/client/{clientUUID}/attack-paths/tier0', required: { clientUUID } });

export const addTier0Extra = (clientUUID: string, body: Tier0ExtraAddBody) =>
  apiCall<Tier0ExtraAdded>('addTier0Extra', { method: 'POST', path: '/client/{clientUUID}/attack-paths/tier0', required: { clientUUID }, body });

export const removeTier0Extra = (clientUUID: string, objectKey: string) =>
  apiCall<MessageAnswer>('removeTier0Extra', { method: 'DELETE', path: '/client/{clientUUID}/attack-paths/tier0/{objectKey}', required: { clientUUID, objectKey } });
