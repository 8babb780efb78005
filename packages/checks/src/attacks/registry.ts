import { adminCountSet } from './detectors/admin-count-set';
import { adminSdHolderAclChanged } from './detectors/adminsdholder-acl-changed';
import { asrepRoastEnabled } from './detectors/asrep-roast-enabled';
import { dcShadow } from './detectors/dcshadow';
import { dcsyncRightsGranted } from './detectors/dcsync-rights-granted';
import { delegationConfigured } from './detectors/delegation-configured';
import { gpoTier0Changed } from './detectors/gpo-tier0-changed';
import { krbtgtOrTrustChanged } from './detectors/krbtgt-or-trust-changed';
import { lockoutStorm } from './detectors/lockout-storm';
import { primaryGroupHijack } from './detectors/primary-group-hijack';
import { privilegedGroupMemberAdded } from './detectors/privileged-group-member-added';
import { samAccountNameSpoofing } from './detectors/samaccountname-spoofing';
import { shadowCredentials } from './detectors/shadow-credentials';
import { sidHistoryAdded } from './detectors/sid-history-added';
import { spnAddedToUser } from './detectors/spn-added-to-user';
import { massDeletion } from './detectors/mass-deletion';
import { massChange } from './detectors/mass-change';
import { domainPolicyWeakened } from './detectors/domain-policy-weakened';
import { dsHeuristicsChanged } from './detectors/dsheuristics-changed';
import { guestAccountEnabled } from './detectors/guest-account-activated';
import { preWin2000MembershipChanged } from './detectors/pre-win2000-membership-changed';
import { tier0AceAdded } from './detectors/tier0-ace-added';
import { attackPathCreated } from './detectors/attack-path-created';
import type { IoaDetector } from './types';

/** Every IoA detector; one file each under detectors/. */
export const ioaDetectors: readonly IoaDetector[] = [
  privilegedGroupMemberAdded,
  adminCountSet,
  adminSdHolderAclChanged,
  dcsyncRightsGranted,
  dcShadow,
  spnAddedToUser,
  asrepRoastEnabled,
  shadowCredentials,
  delegationConfigured,
  sidHistoryAdded,
  primaryGroupHijack,
  gpoTier0Changed,
  samAccountNameSpoofing,
  lockoutStorm,
  krbtgtOrTrustChanged,
  massDeletion,
  massChange,
  domainPolicyWeakened,
  dsHeuristicsChanged,
  guestAccountEnabled,
  preWin2000MembershipChanged,
  tier0AceAdded,
  attackPathCreated,
];
