import { describe, expect, it } from 'vitest';
import { combinedMessage, GRAPHQL_RETRY, retryDelayMs } from './graphql-errors';

describe('GraphQL errors and retry', () => {
  it('formats combined errors as [Network] and [GraphQL] lines', () => {
    expect(combinedMessage(new Error('Failed to fetch'), [{ message: 'Client x not found' }, { message: 'zweiter' }])).toBe(
      '[Network] Failed to fetch\n[GraphQL] Client x not found\n[GraphQL] zweiter',
    );
    expect(combinedMessage(null, [{ message: 'nur GraphQL' }])).toBe('[GraphQL] nur GraphQL');
  });

  it('waits between 1 s and 15 s, growing and randomised', () => {
    expect(retryDelayMs(1, () => 0)).toBe(1000);
    expect(retryDelayMs(2, () => 0.5)).toBe(3000);
    expect(retryDelayMs(10, () => 0.99)).toBe(GRAPHQL_RETRY.maxDelayMs);
  });
});
