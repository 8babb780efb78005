import type { CheckDefinition } from './types';

/** Identity helper so each check file is checked against the contract. */
export function defineCheck(check: CheckDefinition): CheckDefinition {
  return check;
}
