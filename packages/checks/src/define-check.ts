import type { AdCheckDefinition, EntraCheckDefinition, HybridCheckDefinition } from './types';

/** Identity helpers so each check file is checked against the contract of its directory. */
export function defineCheck(check: AdCheckDefinition): AdCheckDefinition {
  return check;
}

export function defineEntraCheck(check: EntraCheckDefinition): EntraCheckDefinition {
  return check;
}

export function defineHybridCheck(check: HybridCheckDefinition): HybridCheckDefinition {
  return check;
}
