/** The synthetic domain lives in test-support (the 300k-object upload test uses it too). */
export { addDelegations, syntheticDomain, syntheticSnapshot } from '../../test-support/synthetic-snapshot';
