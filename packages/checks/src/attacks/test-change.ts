import type { ChangeRecord, DetectionContext, DetectorSettings } from './types';

/** A change record for detector tests; override what the test is about. */
export function testChange(overrides: Partial<ChangeRecord>): ChangeRecord {
  return {
    id: '1',
    objectGuid: '00000000-0000-4000-8000-0000000000aa',
    objectClass: 'user',
    distinguishedName: 'CN=Eva Muster,CN=Users,DC=lab,DC=local',
    propertyName: 'description',
    oldValue: null,
    newValue: null,
    timestamp: new Date('2026-11-23T10:00:00Z'),
    ...overrides,
  };
}

export const noHistory: DetectionContext = { countRecentNonZero: () => Promise.resolve(0) };

export function settingsWith(overrides: Partial<DetectorSettings> = {}): DetectorSettings {
  return { enabled: true, allowlist: [], thresholds: {}, ...overrides };
}
