import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { CombinedError } from '../graphql/graphql-errors';
import { isClientLoadVerdict } from './load-current-client';

describe('isClientLoadVerdict', () => {
  it('counts answers of the server: an unknown client, GraphQL errors, a refused REST call', () => {
    expect(isClientLoadVerdict(new Error('Client x not found'))).toBe(true);
    expect(isClientLoadVerdict(new CombinedError(null, [{ message: 'forbidden' }]))).toBe(true);
    expect(isClientLoadVerdict(new ApiError(404, { message: 'Client not found' }))).toBe(true);
  });

  it('does not count a refused token: the auth-error handling decides (in dev nobody is signed out)', () => {
    expect(isClientLoadVerdict(new CombinedError(null, [{ message: 'Could not verify JWT: JWTExpired' }], 401))).toBe(false);
    expect(isClientLoadVerdict(new ApiError(401, { message: 'Bitte melden Sie sich an.' }))).toBe(false);
  });

  it('does not count transport failures', () => {
    expect(isClientLoadVerdict(new TypeError('Failed to fetch'))).toBe(false);
    expect(isClientLoadVerdict(new CombinedError(new TypeError('Failed to fetch'), []))).toBe(false);
  });
});
