/** Client side of the attack-path routes (Angriffspfade). */
import type { AttackPathAnswer, AttackPathsAnswer } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getAttackPaths = (clientUUID: string, search?: string) =>
  apiCall<AttackPathsAnswer>('getAttackPaths', { path: '/client/{clientUUID}/attack-paths', required: { clientUUID }, query: { limit: 200, ...(search ? { search } : {}) } });

export const getAttackPath = (clientUUID: string, objectKey: string) =>
  apiCall<AttackPathAnswer>('getAttackPath', { path: '/client/{clientUUID}/attack-paths/path', required: { clientUUID }, query: { objectKey } });
