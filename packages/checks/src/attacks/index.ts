export { defaultIoaSettings, evaluateChanges, type IoaSettings } from './evaluate';
export { ioaDetectors } from './registry';
export type { AttackPathLookup, ChangeRecord, DetectionContext, DetectorSettings, IoaDetector, IoaFinding, IoaSeverity } from './types';
export { DirectoryView, type BuiltinAccountEntry, type DirectoryGroupEntry, type Tier0Membership, type WellKnownPrincipalEntry } from './directory-view';
