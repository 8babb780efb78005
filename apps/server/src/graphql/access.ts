import { createGraphQLError } from 'graphql-yoga';
import { canAccessClient } from '../auth/tenant-access';
import type { GraphqlContext } from './builder';

/** Every client-scoped resolver starts here: unknown and foreign clients look the same (no probing of ids). */
export async function assertClientAccess(context: GraphqlContext, clientId: string): Promise<string> {
  if (!(await canAccessClient(context.services.db, context.principal, clientId))) {
    throw createGraphQLError('Der Kunde wurde nicht gefunden oder Sie haben keinen Zugriff auf ihn.', { extensions: { code: 'not-found' } });
  }
  return clientId;
}

/** Page sizes: 1..200, default 50. */
export function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return 50;
  if (!Number.isInteger(first) || first < 1 || first > 200) {
    throw createGraphQLError('Die Anzahl (first) muss eine ganze Zahl zwischen 1 und 200 sein.', { extensions: { code: 'validation-failed' } });
  }
  return first;
}
