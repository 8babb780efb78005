import { describe, expect, it } from 'vitest';
import { assessCollectorHealth, collectorHealthColor, collectorHealthStatus, collectorPartHealth } from './collector-health';
import { COLLECTOR_UNHEALTHY_AFTER_MS } from './limits';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3600_000);

describe('collector health (SPEC §4)', () => {
  it('is unhealthy only when older than 4 hours; no timestamp gives no status', () => {
    expect(COLLECTOR_UNHEALTHY_AFTER_MS).toBe(4 * 3600_000);
    expect(collectorPartHealth(ago(3.99), NOW)).toBe('healthy');
    expect(collectorPartHealth(ago(4), NOW)).toBe('healthy');
    expect(collectorPartHealth(ago(4.01), NOW)).toBe('unhealthy');
    expect(collectorPartHealth(null, NOW)).toBeNull();
    expect(collectorPartHealth(undefined, NOW)).toBeNull();
  });

  it('takes dates, ISO strings and epoch milliseconds alike', () => {
    expect(collectorPartHealth(ago(5).toISOString(), NOW.toISOString())).toBe('unhealthy');
    expect(collectorPartHealth(ago(1).getTime(), NOW.getTime())).toBe('healthy');
  });

  it('colours green if data or replication is healthy, red if either is unhealthy, else secondary', () => {
    expect(collectorHealthColor('healthy', 'unhealthy')).toBe('green');
    expect(collectorHealthColor('unhealthy', 'healthy')).toBe('green');
    expect(collectorHealthColor(null, 'healthy')).toBe('green');
    expect(collectorHealthColor('unhealthy', null)).toBe('red');
    expect(collectorHealthColor(null, 'unhealthy')).toBe('red');
    expect(collectorHealthColor(null, null)).toBe('secondary');
    expect(collectorHealthStatus('green')).toBe('healthy');
    expect(collectorHealthStatus('red')).toBe('unhealthy');
    expect(collectorHealthStatus('secondary')).toBe('unknown');
  });

  it('assesses both directory parts at once', () => {
    expect(assessCollectorHealth({ lastDataAt: ago(5), lastReplicationAt: ago(1) }, NOW)).toEqual({ data: 'unhealthy', replication: 'healthy', color: 'green', status: 'healthy' });
    expect(assessCollectorHealth({ lastDataAt: ago(5), lastReplicationAt: null }, NOW)).toEqual({ data: 'unhealthy', replication: null, color: 'red', status: 'unhealthy' });
    expect(assessCollectorHealth({ lastDataAt: null, lastReplicationAt: undefined }, NOW)).toEqual({ data: null, replication: null, color: 'secondary', status: 'unknown' });
  });
});
