import { collectorHealthColor, collectorPartHealth, type CollectorHealthColor, type CollectorPartHealth } from '@burgwall/shared';

export type HealthStatus = CollectorPartHealth;
export type HealthColour = CollectorHealthColor;

/** SPEC §4 (the shared rule): unhealthy when the last timestamp is older than 4 hours; no timestamp gives no status. */
export function timestampHealth(at: Date | null | undefined, now = Date.now()): HealthStatus {
  return collectorPartHealth(at, now);
}

/** Overall colour (the shared rule): green if directory data or replication is healthy, red if either is unhealthy, else neutral. */
export function overallHealth(data: HealthStatus, replication: HealthStatus): HealthColour {
  return collectorHealthColor(data, replication);
}
