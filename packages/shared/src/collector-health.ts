/**
 * The collector-health rule of SPEC §4, the one place it is written (API answer, provider client cards, PDF report):
 * a part (directory data, replication, cloud replication) is unhealthy when its last timestamp is older than 4 hours
 * (`COLLECTOR_UNHEALTHY_AFTER_MS`); no timestamp gives no status. The overall colour is green if directory data or
 * replication is healthy, red if either is unhealthy, else the neutral secondary colour.
 */
import { COLLECTOR_UNHEALTHY_AFTER_MS } from './limits';

export type CollectorPartHealth = 'healthy' | 'unhealthy' | null;
export type CollectorHealthColor = 'green' | 'red' | 'secondary';
export type CollectorHealthStatus = 'healthy' | 'unhealthy' | 'unknown';

type Instant = Date | string | number;

const millis = (value: Instant) => (value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value));

/** Health of one part from its last timestamp: older than 4 hours is unhealthy (exactly 4 hours still healthy). */
export function collectorPartHealth(lastAt: Instant | null | undefined, now: Instant = Date.now()): CollectorPartHealth {
  if (lastAt === null || lastAt === undefined) return null;
  return millis(now) - millis(lastAt) > COLLECTOR_UNHEALTHY_AFTER_MS ? 'unhealthy' : 'healthy';
}

/** Overall colour, in the SPEC's order: green before red before secondary. */
export function collectorHealthColor(data: CollectorPartHealth, replication: CollectorPartHealth): CollectorHealthColor {
  if (data === 'healthy' || replication === 'healthy') return 'green';
  if (data === 'unhealthy' || replication === 'unhealthy') return 'red';
  return 'secondary';
}

/** The status word of a colour (green = healthy, red = unhealthy, secondary = unknown). */
export function collectorHealthStatus(color: CollectorHealthColor): CollectorHealthStatus {
  return color === 'green' ? 'healthy' : color === 'red' ? 'unhealthy' : 'unknown';
}

export interface CollectorHealthAssessment {
  data: CollectorPartHealth;
  replication: CollectorPartHealth;
  color: CollectorHealthColor;
  status: CollectorHealthStatus;
}

/** The whole rule for the directory: both parts, the overall colour and its status word. */
export function assessCollectorHealth(
  lastAt: { lastDataAt: Instant | null | undefined; lastReplicationAt: Instant | null | undefined },
  now: Instant = Date.now(),
): CollectorHealthAssessment {
  const data = collectorPartHealth(lastAt.lastDataAt, now);
  const replication = collectorPartHealth(lastAt.lastReplicationAt, now);
  const color = collectorHealthColor(data, replication);
  return { data, replication, color, status: collectorHealthStatus(color) };
}
