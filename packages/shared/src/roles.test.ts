import { describe, expect, it } from 'vitest';
import { mainRole } from './roles';

describe('mainRole', () => {
  it.each([
    [['client'], 'client'],
    [['next_user', 'serviceprovider'], 'serviceprovider'],
    [['demo_user', 'next_user', 'admin', 'client'], 'admin'],
    [['next_user'], undefined],
    [[], undefined],
    [['offline_access', 'client'], undefined],
  ])('%j -> %s', (roles, expected) => {
    expect(mainRole(roles)).toBe(expected);
  });
});
