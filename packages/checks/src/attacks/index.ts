export { defaultIoaSettings, evaluateChanges, type IoaSettings } from './evaluate';
export { ioaDetectors } from './registry';
export type { ChangeRecord, DetectionContext, DetectorSettings, IoaDetector, IoaFinding, IoaSeverity } from './types';
