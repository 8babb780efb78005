import { describe, expect, it } from 'vitest';
import { collectorHealth, overallColor, partHealth } from './collector-health';
import { compareVersions, versionStatus } from './collector-version';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3600_000);

describe('collector health (SPEC §4)', () => {
  it('is unhealthy only when older than 4 hours; no timestamp gives no status', () => {
    expect(partHealth(ago(3.99), NOW)).toBe('healthy');
    expect(partHealth(ago(4), NOW)).toBe('healthy');
    expect(partHealth(ago(4.01), NOW)).toBe('unhealthy');
    expect(partHealth(null, NOW)).toBeNull();
  });

  it('colours green if data or replication is healthy, red if either is unhealthy, else secondary', () => {
    expect(overallColor('healthy', 'unhealthy')).toBe('green');
    expect(overallColor(null, 'healthy')).toBe('green');
    expect(overallColor('unhealthy', null)).toBe('red');
    expect(overallColor(null, null)).toBe('secondary');
  });

  it('combines the parts', () => {
    expect(collectorHealth({ lastDataAt: ago(5), lastReplicationAt: null, cloudLastReplicationAt: ago(1) }, NOW)).toEqual({
      status: 'unhealthy',
      color: 'red',
      directory: { data: 'unhealthy', replication: null },
      cloud: { replication: 'healthy' },
      lastDataAt: ago(5).toISOString(),
      lastReplicationAt: null,
      cloudLastReplicationAt: ago(1).toISOString(),
    });
    expect(collectorHealth({ lastDataAt: null, lastReplicationAt: null, cloudLastReplicationAt: null }, NOW)).toMatchObject({ status: 'unknown', color: 'secondary' });
  });
});

describe('collector version', () => {
  it('compares dotted versions numerically', () => {
    expect(compareVersions('0.10.0', '0.9.1')).toBe(1);
    expect(compareVersions('0.1.0', '0.1.0')).toBe(0);
    expect(compareVersions('0.1', '0.1.1')).toBe(-1);
  });

  it('answers status, newestVersion and path', () => {
    expect(versionStatus(null, 'c1')).toMatchObject({ status: 'not-installed', path: '/client/c1/collector/installer' });
    expect(versionStatus('0.0.9', 'c1').status).toBe('update-available');
    expect(versionStatus('99.0.0', 'c1').status).toBe('up-to-date');
  });
});
