import { describeDcRegistryRequirement } from '../testing/dc-registry-requirement-suite';
import { ldapSigningNotRequired as check } from './ldap-signing-not-required';

describeDcRegistryRequirement(check, { key: 'System\\CurrentControlSet\\Services\\NTDS\\Parameters', value: 'LDAPServerIntegrity', weak: 1, strong: 2 });
