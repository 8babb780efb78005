import { checkRegistry } from '@burgwall/checks';
import { type AdminFindingRow, type AdminFindingsAnswer, type AdminFindingsQuery, CRITICALITIES } from '@burgwall/shared';
import type { Db } from '../db/database';
import { loadIoeStates } from '../ioe/ioe-states';

/**
 * /admin/findings (admin only): the checks with open findings at every client, across providers. Each client's
 * findings live in its own schema, so the clients matching the filter are read one after another.
 */
export async function loadCrossTenantFindings(db: Db, filter: AdminFindingsQuery): Promise<AdminFindingsAnswer> {
  const clients = await db
    .selectFrom('client')
    .innerJoin('serviceprovider', 'serviceprovider.serviceprovider_id_pk', 'client.serviceprovider_fk')
    .select(['client.client_id_pk', 'client.client_name', 'serviceprovider.serviceprovider_id_pk', 'serviceprovider.serviceprovider_name'])
    .orderBy('serviceprovider.serviceprovider_name')
    .orderBy('client.client_name')
    .execute();
  const matching = clients.filter(
    (c) => (!filter.serviceproviderUUID || c.serviceprovider_id_pk === filter.serviceproviderUUID) && (!filter.clientUUID || c.client_id_pk === filter.clientUUID),
  );
  const findings: AdminFindingRow[] = [];
  for (const client of matching) {
    const states = await loadIoeStates(db, client.client_id_pk);
    for (const ioe of states.ioe) {
      if (ioe.totalFindingsCount === 0 || !ioe.isActive) continue;
      if (filter.check && ioe.ioeType !== filter.check) continue;
      if (filter.criticality && ioe.criticality !== filter.criticality) continue;
      findings.push({
        serviceproviderId: client.serviceprovider_id_pk,
        serviceproviderName: client.serviceprovider_name,
        clientId: client.client_id_pk,
        clientName: client.client_name,
        check: ioe.ioeType,
        title: ioe.title,
        criticality: ioe.criticality,
        findingsCount: ioe.totalFindingsCount,
        exceptionsCount: ioe.totalExceptionsCount,
        lastEvaluatedAt: ioe.lastEvaluatedAt,
      });
    }
  }
  // Most critical first; within one criticality the clients with most findings.
  findings.sort((a, b) => CRITICALITIES.indexOf(a.criticality) - CRITICALITIES.indexOf(b.criticality) || b.findingsCount - a.findingsCount);
  return {
    findings,
    clients: clients.map((c) => ({ clientId: c.client_id_pk, clientName: c.client_name, serviceproviderId: c.serviceprovider_id_pk })),
    checks: checkRegistry.map((check) => ({ slug: check.slug, title: check.title })),
  };
}
