import type { IoaDetector } from '../types';
import { defaults, finding, isProperty } from '../values';

export const adminSdHolderAclChanged: IoaDetector = {
  slug: 'adminsdholder-acl-changed',
  title: 'AdminSDHolder-Berechtigungen geändert',
  description: 'Die ACL von CN=AdminSDHolder wurde geändert; SDProp überträgt sie stündlich auf alle geschützten Konten.',
  severity: 'critical',
  defaults: defaults(),
  properties: ['ntsecuritydescriptor'],
  detect(change) {
    if (!isProperty(change, 'nTSecurityDescriptor')) return null;
    if (!/^CN=AdminSDHolder,CN=System,/i.test(change.distinguishedName)) return null;
    return finding(this, change, 'ACL von AdminSDHolder geändert', { before: change.oldValue, after: change.newValue });
  },
};
