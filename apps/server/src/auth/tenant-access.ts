import { isClientId } from '../db/client-schema';
import type { Db } from '../db/database';
import type { Principal } from './principal';

/**
 * Whether the principal may see the client: admins all, a provider its own
 * clients, a client user only its own organisation.
 */
export async function canAccessClient(db: Db, principal: Principal, clientId: string): Promise<boolean> {
  if (!isClientId(clientId)) return false;
  const client = await db
    .selectFrom('client')
    .select(['client_id_pk', 'serviceprovider_fk'])
    .where('client_id_pk', '=', clientId)
    .executeTakeFirst();
  return client !== undefined && principalMaySeeClient(principal, client);
}

/** SPEC §6 for a loaded client row (the tenant scope guard loads the row itself). */
export function principalMaySeeClient(principal: Principal, client: { client_id_pk: string; serviceprovider_fk: string }): boolean {
  switch (principal.role) {
    case 'admin':
      return true;
    case 'serviceprovider':
      return principal.orgId === client.serviceprovider_fk;
    case 'client':
      return principal.orgId === client.client_id_pk;
  }
}

export function canAccessProvider(principal: Principal, providerId: string): boolean {
  if (principal.role === 'admin') return true;
  return principal.role === 'serviceprovider' && principal.orgId === providerId;
}
