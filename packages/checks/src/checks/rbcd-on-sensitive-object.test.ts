import { describe, expect, it } from 'vitest';
import { cleanSnapshot, computer, findUser, sid } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { rbcdOnSensitiveObject as check } from './rbcd-on-sensitive-object';

describe('rbcd-on-sensitive-object', () => {
  it('does not trigger for RBCD on an ordinary server', () => {
    const snapshot = cleanSnapshot();
    snapshot.computers.push(computer({ sAMAccountName: 'APP02$', allowedToActOnBehalfOf: [sid(4000)] }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for RBCD on a DC and on a Domain Admin', () => {
    const snapshot = cleanSnapshot();
    snapshot.computers.find((candidate) => candidate.isDomainController)?.allowedToActOnBehalfOf.push(sid(4000));
    findUser(snapshot, 'Administrator').allowedToActOnBehalfOf.push(sid(4000));
    expect(names(run(check, snapshot))).toEqual(['Administrator', 'DC01$']);
  });
});
