import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, findGroup, findUser } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { groupSchemaAdminsNotEmpty as check } from './group-schema-admins-not-empty';

describe('group-schema-admins-not-empty', () => {
  it('does not trigger while Schema Admins is empty', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers for the built-in Administrator as member', () => {
    const snapshot = cleanSnapshot();
    addMember(findGroup(snapshot, 518), findUser(snapshot, 'Administrator'));
    expect(names(run(check, snapshot))).toEqual(['Administrator']);
  });

  it('resolves members of a nested group', () => {
    const snapshot = cleanSnapshot();
    addMember(findGroup(snapshot, 518), findGroup(snapshot, 512));
    expect(names(run(check, snapshot))).toEqual(['Administrator', 'Domain Admins']);
  });
});
