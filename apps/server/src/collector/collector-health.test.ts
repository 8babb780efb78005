import { describe, expect, it } from 'vitest';
import { collectorHealth } from './collector-health';
import { compareVersions, versionStatus } from './collector-version';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 3600_000);

// The 4-hour rule itself is tested with the shared rule (packages/shared/src/collector-health.test.ts).
describe('collector health answer (SPEC §4)', () => {
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
    expect(collectorHealth({ lastDataAt: ago(5), lastReplicationAt: ago(4), cloudLastReplicationAt: null }, NOW)).toMatchObject({
      status: 'healthy',
      color: 'green',
      directory: { data: 'unhealthy', replication: 'healthy' },
      cloud: { replication: null },
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
