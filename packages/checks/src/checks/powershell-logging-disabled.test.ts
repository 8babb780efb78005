import { describeDcRegistryRequirement } from '../testing/dc-registry-requirement-suite';
import { powershellLoggingDisabled as check } from './powershell-logging-disabled';

describeDcRegistryRequirement(check, { key: 'Software\\Policies\\Microsoft\\Windows\\PowerShell\\ScriptBlockLogging', value: 'EnableScriptBlockLogging', weak: 0, strong: 1 });
