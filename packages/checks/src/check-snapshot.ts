import type { DirectoryComputer, DirectoryGroup, DirectoryUser, Snapshot } from '@burgwall/shared';

/**
 * Fields of users, computers and groups that no check reads (nor the attack paths or a finding). The server leaves them
 * out when it loads a domain for an evaluation: at a million objects the member-of lists alone are ~100 MB. The check
 * types below omit them, so a check that starts reading one of them does not compile until it is removed here.
 */
export const FIELDS_NOT_READ_BY_CHECKS = ['memberOf', 'whenChanged', 'usnChanged', 'keyCredentialLinkCount', 'displayName', 'mail'] as const;
type NotRead = (typeof FIELDS_NOT_READ_BY_CHECKS)[number];

export type CheckUser = Omit<DirectoryUser, NotRead>;
export type CheckComputer = Omit<DirectoryComputer, NotRead>;
export type CheckGroup = Omit<DirectoryGroup, NotRead>;

/** The AD snapshot as the checks see it: a full `Snapshot` is one too. */
export interface CheckSnapshot extends Omit<Snapshot, 'users' | 'computers' | 'groups'> {
  users: CheckUser[];
  computers: CheckComputer[];
  groups: CheckGroup[];
}
