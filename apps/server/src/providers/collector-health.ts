import { COLLECTOR_UNHEALTHY_AFTER_MS, collectorHealthColor, collectorPartHealth, type CollectorHealthColor, type CollectorPartHealth } from '@burgwall/shared';

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

/** When (epoch ms) a part's health turns from healthy to unhealthy with time alone; undefined if it never will (again). */
export function healthTurnsAt(at: Date | null | undefined, now = Date.now()): number | undefined {
  if (!at) return undefined;
  // "Older than 4 hours": still healthy at exactly 4 hours, unhealthy one millisecond later.
  const turns = at.getTime() + COLLECTOR_UNHEALTHY_AFTER_MS + 1;
  return turns > now ? turns : undefined;
}
