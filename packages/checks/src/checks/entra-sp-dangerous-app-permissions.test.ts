import { MICROSOFT_GRAPH_APP_ID } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { TENANT_ID, cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { names, runEntra } from '../testing/run';
import { entraSpDangerousAppPermissions as check } from './entra-sp-dangerous-app-permissions';

describe('entra-sp-dangerous-app-permissions', () => {
  it('does not trigger for read permissions or Microsoft first-party apps', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers for an own app with RoleManagement.ReadWrite.Directory', () => {
    const input = cleanEntraInput();
    input.servicePrincipals.push({
      id: 'sp-backup',
      appId: 'b0000000-0000-4000-8000-000000000002',
      displayName: 'Backup-Tool',
      appOwnerOrganizationId: TENANT_ID,
      appRoleAssignments: [{ resourceAppId: MICROSOFT_GRAPH_APP_ID, permission: 'RoleManagement.ReadWrite.Directory' }, { resourceAppId: MICROSOFT_GRAPH_APP_ID, permission: 'Mail.Read' }],
    });
    const outcome = runEntra(check, parseEntra(input));
    expect(names(outcome)).toEqual(['Backup-Tool']);
    expect(outcome.affected[0]?.evidence).toBe('Graph-Anwendungsberechtigungen: RoleManagement.ReadWrite.Directory');
  });

  it('names the owners of the service principal and of its app registration, who can act as the app', () => {
    const input = cleanEntraInput();
    const owner = input.users[0];
    if (!owner) throw new Error('fixture without users');
    input.servicePrincipals.push({
      id: 'sp-sync',
      appId: 'b0000000-0000-4000-8000-000000000003',
      displayName: 'Sync-Tool',
      appOwnerOrganizationId: TENANT_ID,
      ownerIds: [owner.id],
      appRoleAssignments: [{ resourceAppId: MICROSOFT_GRAPH_APP_ID, permission: 'Directory.ReadWrite.All' }],
    });
    input.applications.push({ id: 'app-sync', appId: 'b0000000-0000-4000-8000-000000000003', displayName: 'Sync-Tool', ownerIds: [owner.id, 'unknown-owner'] });
    const outcome = runEntra(check, parseEntra(input));
    expect(outcome.affected[0]?.evidence).toBe(`Graph-Anwendungsberechtigungen: Directory.ReadWrite.All; Besitzer (können der App Geheimnisse hinzufügen): ${owner.userPrincipalName}, unknown-owner`);
  });
});
