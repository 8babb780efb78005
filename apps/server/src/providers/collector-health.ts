import { COLLECTOR_UNHEALTHY_AFTER_MS } from '@burgwall/shared';

export type HealthStatus = 'healthy' | 'unhealthy' | null;
export type HealthColour = 'green' | 'red' | 'secondary';

/** SPEC §4: unhealthy when the last timestamp is older than 4 hours; no timestamp gives no status. */
export function timestampHealth(at: Date | null | undefined, now = Date.now()): HealthStatus {
  if (!at) return null;
  return now - at.getTime() > COLLECTOR_UNHEALTHY_AFTER_MS ? 'unhealthy' : 'healthy';
}

/** Overall colour: green if directory data or replication is healthy, red if either is unhealthy, else neutral. */
export function overallHealth(data: HealthStatus, replication: HealthStatus): HealthColour {
  if (data === 'healthy' || replication === 'healthy') return 'green';
  if (data === 'unhealthy' || replication === 'unhealthy') return 'red';
  return 'secondary';
}
