import { checkBySlug, checkRegistry } from '@burgwall/checks';
import { type AdminFindingRow, type AdminFindingsAnswer, type AdminFindingsQuery, CRITICALITIES, type Criticality } from '@burgwall/shared';
import { sql } from 'kysely';
import { clientSchemaName } from '../db/client-schema';
import type { Db } from '../db/database';

/** Client schemas per UNION ALL (one query over thousands of branches exceeds PostgreSQL's stack depth). */
export const ADMIN_FINDINGS_CLIENTS_PER_QUERY = 500;

interface IoeTotalsRow {
  client_id: string;
  ioe_type: string;
  criticality_override: Criticality | null;
  total_findings_count: number;
  excepted: string;
  last_evaluated_at: Date | null;
}

/**
 * /admin/findings (admin only): the checks with open findings at every client, across providers. Each client's
 * findings live in its own schema; the evaluation stores each IoE's finding total there, so one UNION ALL over
 * ADMIN_FINDINGS_CLIENTS_PER_QUERY schemas reads the totals (and counts valid exceptions) of that many clients at once:
 * 20 queries at 10,000 clients instead of several per client. Schema names come from `clientSchemaName`, which
 * accepts only canonical UUIDs.
 */
export async function loadCrossTenantFindings(db: Db, filter: AdminFindingsQuery, clientsPerQuery = ADMIN_FINDINGS_CLIENTS_PER_QUERY): Promise<AdminFindingsAnswer> {
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
  const byId = new Map(matching.map((client) => [client.client_id_pk, client]));
  const branchOf = (clientId: string) => {
    const schema = clientSchemaName(clientId);
    return sql`(SELECT ${clientId}::uuid AS client_id, i.ioe_type, i.criticality_override, i.total_findings_count, i.last_evaluated_at,
        (SELECT count(*) FROM ${sql.table(`${schema}.finding_exception`)} e
          JOIN ${sql.table(`${schema}.finding`)} f ON f.ioe_fk = e.ioe_fk AND f.object_key = e.object_key
          WHERE e.ioe_fk = i.ioe_id_pk AND (e.expires_at IS NULL OR e.expires_at > now())) AS excepted
      FROM ${sql.table(`${schema}.ioe`)} i
      WHERE i.total_findings_count > 0 AND NOT i.is_disabled ${filter.check ? sql`AND i.ioe_type = ${filter.check}` : sql``})`;
  };

  const findings: AdminFindingRow[] = [];
  const ids = [...byId.keys()];
  for (let start = 0; start < ids.length; start += clientsPerQuery) {
    const branches = ids.slice(start, start + clientsPerQuery).map(branchOf);
    const { rows } = await sql<IoeTotalsRow>`${sql.join(branches, sql` UNION ALL `)}`.execute(db);
    for (const row of rows) {
      const check = checkBySlug(row.ioe_type);
      const client = byId.get(row.client_id);
      if (!check || !client) continue;
      const criticality = row.criticality_override ?? check.criticality;
      if (filter.criticality && criticality !== filter.criticality) continue;
      findings.push({
        serviceproviderId: client.serviceprovider_id_pk,
        serviceproviderName: client.serviceprovider_name,
        clientId: client.client_id_pk,
        clientName: client.client_name,
        check: check.slug,
        title: check.title,
        criticality,
        findingsCount: row.total_findings_count,
        exceptionsCount: Number(row.excepted),
        lastEvaluatedAt: row.last_evaluated_at?.toISOString() ?? null,
      });
    }
  }
  // Most critical first; within one criticality the clients with most findings, then in client order.
  const clientOrder = new Map(clients.map((client, index) => [client.client_id_pk, index]));
  const registryOrder = new Map(checkRegistry.map((check, index) => [check.slug, index]));
  findings.sort(
    (a, b) =>
      CRITICALITIES.indexOf(a.criticality) - CRITICALITIES.indexOf(b.criticality) ||
      b.findingsCount - a.findingsCount ||
      (clientOrder.get(a.clientId) ?? 0) - (clientOrder.get(b.clientId) ?? 0) ||
      (registryOrder.get(a.check) ?? 0) - (registryOrder.get(b.check) ?? 0),
  );
  return {
    findings,
    clients: clients.map((c) => ({ clientId: c.client_id_pk, clientName: c.client_name, serviceproviderId: c.serviceprovider_id_pk })),
    checks: checkRegistry.map((check) => ({ slug: check.slug, title: check.title })),
  };
}
