/** SPEC §4 collector health: a part is unhealthy when its last timestamp is older than 4 hours; none = no status. */
export const HEALTH_MAX_AGE_MS = 4 * 60 * 60 * 1000;

export type PartHealth = 'healthy' | 'unhealthy' | null;
export type HealthColor = 'green' | 'red' | 'secondary';

export interface CollectorTimestamps {
  lastDataAt: Date | null;
  lastReplicationAt: Date | null;
  cloudLastReplicationAt: Date | null;
}

export interface CollectorHealth {
  status: 'healthy' | 'unhealthy' | 'unknown';
  color: HealthColor;
  directory: { data: PartHealth; replication: PartHealth };
  cloud: { replication: PartHealth };
  lastDataAt: string | null;
  lastReplicationAt: string | null;
  cloudLastReplicationAt: string | null;
}

export function partHealth(timestamp: Date | null, now: Date): PartHealth {
  if (!timestamp) return null;
  return now.getTime() - timestamp.getTime() > HEALTH_MAX_AGE_MS ? 'unhealthy' : 'healthy';
}

/**
 * Overall colour, in the SPEC's order: green if directory data or replication is healthy; otherwise red if
 * either is unhealthy; otherwise (no timestamps) the neutral secondary colour.
 */
export function overallColor(data: PartHealth, replication: PartHealth): HealthColor {
  if (data === 'healthy' || replication === 'healthy') return 'green';
  if (data === 'unhealthy' || replication === 'unhealthy') return 'red';
  return 'secondary';
}

export function collectorHealth(timestamps: CollectorTimestamps, now = new Date()): CollectorHealth {
  const data = partHealth(timestamps.lastDataAt, now);
  const replication = partHealth(timestamps.lastReplicationAt, now);
  const color = overallColor(data, replication);
  return {
    status: color === 'green' ? 'healthy' : color === 'red' ? 'unhealthy' : 'unknown',
    color,
    directory: { data, replication },
    cloud: { replication: partHealth(timestamps.cloudLastReplicationAt, now) },
    lastDataAt: timestamps.lastDataAt?.toISOString() ?? null,
    lastReplicationAt: timestamps.lastReplicationAt?.toISOString() ?? null,
    cloudLastReplicationAt: timestamps.cloudLastReplicationAt?.toISOString() ?? null,
  };
}
