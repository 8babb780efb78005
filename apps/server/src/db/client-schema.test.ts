import { describe, expect, it } from 'vitest';
import { clientSchemaName, InvalidClientIdError } from './client-schema';

describe('clientSchemaName', () => {
  it('turns the uuid dashes into underscores', () => {
    expect(clientSchemaName('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b_d9cb_469f_a165_70867728950e');
  });

  it.each([
    'x"; DROP SCHEMA public CASCADE; --',
    '0F8FAD5B-D9CB-469F-A165-70867728950E',
    '0f8fad5b-d9cb-469f-a165-70867728950e; --',
    '0f8fad5b_d9cb_469f_a165_70867728950e',
    '',
    'public',
  ])('rejects %j', (bad) => {
    expect(() => clientSchemaName(bad)).toThrow(InvalidClientIdError);
  });
});
