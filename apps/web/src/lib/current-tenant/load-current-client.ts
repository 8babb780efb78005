import type { ClientLicense } from '@burgwall/shared';
import { apiCall, callApi } from '../api-client';
import { CombinedError } from '../graphql/graphql-errors';
import { graphqlRequest } from '../graphql/graphql-query';
import type { CurrentClient } from './current-client';

const CLIENT_QUERY = `query CurrentClient($id: ID!) {
  client_by_pk(client_id_pk: $id) {
    client_id_pk client_name client_mode client_address client_initialized client_billing_cycle
    status_collector { version }
    domains { domain_entra_plan }
  }
}`;

interface ClientQueryResult {
  client_by_pk:
    | (Omit<CurrentClient, 'subscriptionStatus' | 'collectorVersion' | 'domainEntraPlans'> & {
        status_collector: { version: string | null }[];
        domains: { domain_entra_plan: string | null }[];
      })
    | null;
}

const getClientLicense = (clientUUID: string) => apiCall<ClientLicense>('getClientLicense', { path: '/client/{clientUUID}/license', required: { clientUUID } });

/** The client query of SPEC §7 plus its licence status; an unknown or foreign client is a failed load. */
export async function loadCurrentClient(clientId: string): Promise<CurrentClient> {
  const [{ client_by_pk: client }, license] = await Promise.all([
    graphqlRequest<ClientQueryResult>(CLIENT_QUERY, { id: clientId }),
    callApi(getClientLicense(clientId)),
  ]);
  if (!client) throw new Error(`Client ${clientId} not found`);
  const { status_collector: statusCollector, domains, ...fields } = client;
  return {
    ...fields,
    subscriptionStatus: license.subscriptionStatus,
    collectorVersion: statusCollector[0]?.version ?? null,
    domainEntraPlans: domains.map((domain) => domain.domain_entra_plan),
  };
}

/**
 * Whether a failed load is the server's verdict (unknown or foreign client, refused licence call) — only that logs
 * the user out. A transport failure (offline, a page change cancelling the request) says nothing about the client,
 * and a refused token (401) says nothing about it either: that is an auth error, which withAuthRetry has already
 * handled as SPEC §4 says (outside dev a sign-out, in dev only a warning).
 */
export function isClientLoadVerdict(error: unknown): boolean {
  if ((error as { status?: unknown } | null)?.status === 401) return false;
  if (error instanceof CombinedError) return error.networkError === null;
  return !(error instanceof TypeError);
}
