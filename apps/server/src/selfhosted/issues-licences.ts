import type { Config } from '../config';
import { notFound } from '../http/problem';

export const NOT_ISSUED_HERE = 'Self-hosted-Lizenzen gibt nur der Burgwall-SaaS aus, nicht eine Self-hosted-Installation.';

/**
 * Only the SaaS issues and validates licences. A self-hosted installation answering these routes could validate a
 * licence it issued itself (SELFHOSTED_LICENSE_SERVER_URL pointing at itself), so there they answer 404.
 */
export function refuseOnSelfhosted(config: Pick<Config, 'APP_ENV'>): () => Promise<void> {
  return async () => {
    if (config.APP_ENV === 'selfhosted') throw notFound(NOT_ISSUED_HERE);
  };
}
