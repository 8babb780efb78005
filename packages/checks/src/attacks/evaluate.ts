import { ioaDetectors } from './registry';
import type { ChangeRecord, DetectionContext, DetectorSettings, IoaDetector, IoaFinding } from './types';

export type IoaSettings = Record<string, DetectorSettings>;

/** Detectors by attribute name, so a change is only shown to the detectors that look at its attribute. */
function indexByProperty(detectors: readonly IoaDetector[]): Map<string, IoaDetector[]> {
  const index = new Map<string, IoaDetector[]>();
  for (const detector of detectors) {
    for (const property of detector.properties) index.set(property, [...(index.get(property) ?? []), detector]);
  }
  return index;
}

const defaultIndex = indexByProperty(ioaDetectors);

export function defaultIoaSettings(): IoaSettings {
  return Object.fromEntries(ioaDetectors.map((detector) => [detector.slug, structuredClone(detector.defaults)]));
}

/** Runs every enabled detector over the changes (in order, so aggregating detectors see earlier lockouts). */
export async function evaluateChanges(
  changes: readonly ChangeRecord[],
  settings: IoaSettings,
  context: DetectionContext,
): Promise<IoaFinding[]> {
  const findings: IoaFinding[] = [];
  // Findings of this run are not stored yet: "already reported in this window?" must see them too.
  const withRunFindings: DetectionContext = {
    ...context,
    hasFindingSince: async (detector, since) =>
      findings.some((found) => found.detector === detector && found.occurredAt >= since) || (await context.hasFindingSince(detector, since)),
  };
  for (const change of changes) {
    for (const detector of defaultIndex.get(change.propertyName.toLowerCase()) ?? []) {
      const detectorSettings = settings[detector.slug] ?? detector.defaults;
      if (!detectorSettings.enabled) continue;
      const found = await detector.detect(change, detectorSettings, withRunFindings);
      if (found) findings.push(found);
    }
  }
  return findings;
}
