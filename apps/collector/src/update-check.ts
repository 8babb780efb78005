import { COLLECTOR_VERSION } from './collector-version';
import { ApiError, type ApiClient } from './upload/api-client';

export interface UpdateAnswer {
  status: string;
  newestVersion: string;
  path: string;
}

/**
 * Reports this collector's version and asks whether an update exists: POST /saas/services/collector/version/update
 * (SPEC §7). A server that does not know that route yet (404) is asked the older way,
 * GET /client/{id}/collector/update.
 */
export async function checkForUpdate(api: ApiClient, clientId: string): Promise<UpdateAnswer> {
  try {
    return await api.requestServer<UpdateAnswer>('POST', '/saas/services/collector/version/update', { currentVersion: COLLECTOR_VERSION, clientUUID: clientId });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return api.request<UpdateAnswer>('GET', `update?currentVersion=${encodeURIComponent(COLLECTOR_VERSION)}`);
  }
}
