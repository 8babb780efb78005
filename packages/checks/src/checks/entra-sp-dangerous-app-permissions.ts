import { MICROSOFT_GRAPH_APP_ID } from '@burgwall/shared';
import { defineEntraCheck } from '../define-check';
import { MICROSOFT_TENANT_IDS } from '../entra-helpers';
import { type AffectedObject, found } from '../types';

/** Graph application permissions that lead to Global Administrator (BloodHound/AzureHound abuse paths). */
export const DANGEROUS_GRAPH_PERMISSIONS: ReadonlySet<string> = new Set([
  'RoleManagement.ReadWrite.Directory',
  'AppRoleAssignment.ReadWrite.All',
  'Directory.ReadWrite.All',
  'Application.ReadWrite.All',
  'Application.ReadWrite.OwnedBy',
  'ServicePrincipalEndpoint.ReadWrite.All',
  'PrivilegedAccess.ReadWrite.AzureADGroup',
  'PrivilegedAssignmentSchedule.ReadWrite.AzureADGroup',
  'RoleAssignmentSchedule.ReadWrite.Directory',
  'RoleEligibilitySchedule.ReadWrite.Directory',
  'UserAuthenticationMethod.ReadWrite.All',
  'Policy.ReadWrite.AuthenticationMethod',
  'Policy.ReadWrite.ConditionalAccess',
  'Domain.ReadWrite.All',
  'User.ReadWrite.All',
  'Group.ReadWrite.All',
  'GroupMember.ReadWrite.All',
]);

/** CHECKS.md §3 E12: a non-Microsoft service principal holds a Graph application permission that can reach Global Administrator. */
export const entraSpDangerousAppPermissions = defineEntraCheck({
  slug: 'entra-sp-dangerous-app-permissions',
  title: 'Anwendung mit gefährlichen Microsoft-Graph-Berechtigungen',
  description:
    'Ein Dienstprinzipal, der nicht von Microsoft stammt, hat Graph-Anwendungsberechtigungen wie RoleManagement.ReadWrite.Directory, AppRoleAssignment.ReadWrite.All oder Directory.ReadWrite.All.',
  whyItMatters:
    'Wer das Geheimnis oder Zertifikat dieser App besitzt, kann sich ohne Benutzer und ohne MFA selbst zum Globalen Administrator machen. App-Geheimnisse liegen oft in Skripten und Konfigurationsdateien.',
  remediation: ['Entziehen Sie die Berechtigungen oder ersetzen Sie sie durch die kleinstmöglichen (z. B. .Read statt .ReadWrite).', 'Prüfen Sie Besitzer und Anmeldeinformationen der App und verwahren Sie deren Geheimnisse in einem Tresor.'],
  category: 'entra',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'entra',
  needs: ['servicePrincipals'],
  thresholds: [],
  detect(entra) {
    const affected: AffectedObject[] = [];
    const userNames = new Map(entra.users.map((user) => [user.id, user.userPrincipalName ?? user.displayName ?? user.id]));
    for (const principal of entra.servicePrincipals) {
      if (principal.appOwnerOrganizationId && MICROSOFT_TENANT_IDS.has(principal.appOwnerOrganizationId)) continue;
      const dangerous = principal.appRoleAssignments
        .filter((assignment) => assignment.resourceAppId === MICROSOFT_GRAPH_APP_ID && assignment.permission && DANGEROUS_GRAPH_PERMISSIONS.has(assignment.permission))
        .map((assignment) => assignment.permission);
      if (dangerous.length === 0) continue;
      // Owners of the service principal or of its app registration can add a secret and act as the app: whoever owns
      // it holds these permissions too (a classic Entra escalation path), so they are named.
      const registration = entra.applications.find((app) => app.appId === principal.appId);
      const owners = [...new Set([...principal.ownerIds, ...(registration?.ownerIds ?? [])])].map((id) => userNames.get(id) ?? id);
      affected.push({
        objectKey: principal.id,
        objectType: 'entra-service-principal',
        name: principal.displayName ?? principal.appId,
        distinguishedName: null,
        evidence: `Graph-Anwendungsberechtigungen: ${dangerous.join(', ')}${owners.length > 0 ? `; Besitzer (können der App Geheimnisse hinzufügen): ${owners.join(', ')}` : ''}`,
      });
    }
    return found(affected);
  },
});
