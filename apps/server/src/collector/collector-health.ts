import { assessCollectorHealth, collectorPartHealth, type CollectorHealthAnswer } from '@burgwall/shared';

export interface CollectorTimestamps {
  lastDataAt: Date | null;
  lastReplicationAt: Date | null;
  cloudLastReplicationAt: Date | null;
}

/** The GET …/collector/health answer: the shared SPEC §4 rule applied to the collector's last timestamps. */
export function collectorHealth(timestamps: CollectorTimestamps, now = new Date()): CollectorHealthAnswer {
  const { data, replication, color, status } = assessCollectorHealth(timestamps, now);
  return {
    status,
    color,
    directory: { data, replication },
    cloud: { replication: collectorPartHealth(timestamps.cloudLastReplicationAt, now) },
    lastDataAt: timestamps.lastDataAt?.toISOString() ?? null,
    lastReplicationAt: timestamps.lastReplicationAt?.toISOString() ?? null,
    cloudLastReplicationAt: timestamps.cloudLastReplicationAt?.toISOString() ?? null,
  };
}
