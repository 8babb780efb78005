import { describeDcRegistryRequirement } from '../testing/dc-registry-requirement-suite';
import { smbSigningNotRequiredDc as check } from './smb-signing-not-required-dc';

describeDcRegistryRequirement(check, { key: 'System\\CurrentControlSet\\Services\\LanManServer\\Parameters', value: 'RequireSecuritySignature', weak: 0, strong: 1 });
