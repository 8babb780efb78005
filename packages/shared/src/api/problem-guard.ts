import type { Problem } from './problem';

// Apart from the schema so that code which only recognises a problem (the web's first load) does not carry zod.
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Whether an unknown value (a parsed error body) is a problem document. */
export function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && typeof (value as Problem).detail === 'string' && typeof (value as Problem).status === 'number';
}
