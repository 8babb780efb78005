import { describeDcRegistryRequirement } from '../testing/dc-registry-requirement-suite';
import { ldapChannelBindingNotEnforced as check } from './ldap-channel-binding-not-enforced';

describeDcRegistryRequirement(check, { key: 'System\\CurrentControlSet\\Services\\NTDS\\Parameters', value: 'LdapEnforceChannelBinding', weak: 1, strong: 2 });
