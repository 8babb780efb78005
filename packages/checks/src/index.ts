export { checkBySlug, checkRegistry, SPEC_SLUGS } from './registry';
export { defaultThresholds, eachCheck, evaluateChecks, type CheckEvaluation } from './evaluate';
export { computeScore, effectiveImpact, CRITICAL_CAP, type ScoreInput, type ScoreResult } from './score';
export { indexSnapshot, SnapshotIndex } from './snapshot-index';
export { FIELDS_NOT_READ_BY_CHECKS, type CheckComputer, type CheckGroup, type CheckSnapshot, type CheckUser } from './check-snapshot';
export {
  CRITICALITIES,
  type AffectedObject,
  type CheckCategory,
  type CheckDefinition,
  type CheckOutcome,
  type Criticality,
  type ThresholdDefinition,
  type ThresholdValues,
} from './types';
export { FRAMEWORKS, FRAMEWORK_LABELS, hasFramework, referencesOf, type Framework, type References } from './references';
