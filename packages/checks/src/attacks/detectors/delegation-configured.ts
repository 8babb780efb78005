import { UAC } from '@burgwall/shared';
import type { IoaDetector } from '../types';
import { addedValues, defaults, finding, gainedFlag, isAllowlisted, isProperty } from '../values';

export const delegationConfigured: IoaDetector = {
  slug: 'delegation-configured',
  title: 'Delegierung eingerichtet (RBCD / Kerberos-Delegierung)',
  description: 'msDS-AllowedToActOnBehalfOfOtherIdentity, msDS-AllowedToDelegateTo oder Delegierungs-Flags wurden gesetzt.',
  severity: 'high',
  defaults: defaults(),
  properties: ['msds-allowedtoactonbehalfofotheridentity', 'msds-allowedtodelegateto', 'useraccountcontrol'],
  detect(change, settings) {
    if (isAllowlisted(settings, change.distinguishedName)) return null;
    if (isProperty(change, 'msDS-AllowedToActOnBehalfOfOtherIdentity') && change.newValue) {
      return finding(this, change, `Ressourcenbasierte Delegierung (RBCD) auf ${change.distinguishedName}`, { after: change.newValue });
    }
    if (isProperty(change, 'msDS-AllowedToDelegateTo')) {
      const targets = addedValues(change);
      if (targets.length === 0) return null;
      const toDc = targets.some((target) => /^(ldap|cifs|host|krbtgt)\//i.test(target));
      return finding(this, change, `Eingeschränkte Delegierung auf ${targets.join(', ')}`, { targets }, toDc ? 'critical' : 'high');
    }
    if (isProperty(change, 'userAccountControl')) {
      if (gainedFlag(change, UAC.TRUSTED_FOR_DELEGATION) && !gainedFlag(change, UAC.SERVER_TRUST_ACCOUNT)) {
        return finding(this, change, `Uneingeschränkte Delegierung für ${change.distinguishedName}`, { flag: 'TRUSTED_FOR_DELEGATION' }, 'critical');
      }
      if (gainedFlag(change, UAC.TRUSTED_TO_AUTH_FOR_DELEGATION)) {
        return finding(this, change, `Protokollübergang (S4U2Self) für ${change.distinguishedName}`, { flag: 'TRUSTED_TO_AUTH_FOR_DELEGATION' });
      }
    }
    return null;
  },
};
