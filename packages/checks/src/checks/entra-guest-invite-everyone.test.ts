import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { runEntra } from '../testing/run';
import { entraGuestInviteEveryone as check } from './entra-guest-invite-everyone';

describe('entra-guest-invite-everyone', () => {
  it('does not trigger when only admins and guest inviters may invite', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers when everyone may invite', () => {
    const input = cleanEntraInput();
    input.authorizationPolicy = { defaultUserRolePermissions: {}, allowInvitesFrom: 'everyone' };
    expect(runEntra(check, parseEntra(input)).affected).toHaveLength(1);
  });
});
