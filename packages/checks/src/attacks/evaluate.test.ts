import { describe, expect, it } from 'vitest';
import { defaultIoaSettings, evaluateChanges } from './evaluate';
import { ioaDetectors } from './registry';
import { noHistory, testChange } from './test-change';

describe('evaluateChanges', () => {
  const spn = testChange({ id: '7', propertyName: 'servicePrincipalName', newValue: 'HTTP/x' });
  it('has at least 22 detectors with unique slugs', () => {
    expect(ioaDetectors.length).toBeGreaterThanOrEqual(22);
    expect(new Set(ioaDetectors.map((d) => d.slug)).size).toBe(ioaDetectors.length);
  });
  it('runs the detectors of the changed attribute and skips disabled ones', async () => {
    const settings = defaultIoaSettings();
    expect(await evaluateChanges([spn, testChange({ propertyName: 'description', newValue: 'x' })], settings, noHistory)).toMatchObject([
      { detector: 'spn-added-to-user', changeId: '7' },
    ]);
    settings['spn-added-to-user'] = { ...settings['spn-added-to-user']!, enabled: false };
    expect(await evaluateChanges([spn], settings, noHistory)).toEqual([]);
  });
});
