import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { CombinedError, GRAPHQL_RETRY } from './graphql/graphql-errors';
import { retryDelay, shouldRetry } from './query-retry';

describe('shouldRetry', () => {
  it('retries GraphQL transport failures up to 3 attempts in all, never GraphQL errors or a refused token', () => {
    const network = new CombinedError(new TypeError('Failed to fetch'), []);
    expect([0, 1, 2].map((failures) => shouldRetry(failures, network))).toEqual([true, true, false]);
    expect(shouldRetry(0, new CombinedError(null, [{ message: 'forbidden' }]))).toBe(false);
    expect(shouldRetry(0, new CombinedError(null, [{ message: 'Nicht angemeldet' }], 401))).toBe(false);
  });

  it('does not retry REST answers below 500', () => {
    expect(shouldRetry(0, new ApiError(404, {}))).toBe(false);
    expect(shouldRetry(0, new ApiError(409, {}))).toBe(false);
    expect(shouldRetry(2, new ApiError(502, {}))).toBe(true);
    expect(shouldRetry(3, new ApiError(502, {}))).toBe(false);
  });
});

describe('retryDelay', () => {
  it('waits 1–15 s for GraphQL', () => {
    const network = new CombinedError(new TypeError('Failed to fetch'), []);
    for (const failures of [0, 1, 5]) {
      const delay = retryDelay(failures, network);
      expect(delay).toBeGreaterThanOrEqual(GRAPHQL_RETRY.initialDelayMs);
      expect(delay).toBeLessThanOrEqual(GRAPHQL_RETRY.maxDelayMs);
    }
  });
});
