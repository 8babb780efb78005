import type { Finding } from '@burgwall/shared';
import { type Kysely, sql } from 'kysely';
import type { ClientDatabase } from '../db/schema';

const FINDING_COLUMNS = ['f.finding_id_pk', 'f.object_key', 'f.object_type', 'f.object_name', 'f.distinguished_name', 'f.evidence', 'f.first_seen_at'] as const;
const EXCEPTION_COLUMNS = ['e.exception_id_pk', 'e.reason', 'e.comment', 'e.expires_at', 'e.created_by_email'] as const;

/**
 * A page of the open findings of a check in name order. The page's ids come off finding_page_idx alone (it includes
 * the object key the exception test needs, migration 0312), so the rows skipped by the offset are never read from the
 * table; only the page's own rows are.
 */
function openFindings(own: Kysely<ClientDatabase>, ioeId: string, limit: number, offset: number) {
  const page = own
    .selectFrom('finding as k')
    .select(['k.finding_id_pk', 'k.object_name'])
    .where('k.ioe_fk', '=', ioeId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('finding_exception as e').select('e.exception_id_pk').whereRef('e.ioe_fk', '=', 'k.ioe_fk').whereRef('e.object_key', '=', 'k.object_key'))))
    .orderBy('k.object_name')
    .orderBy('k.finding_id_pk')
    .limit(limit)
    .offset(offset);
  return own
    .selectFrom(page.as('page'))
    .innerJoin('finding as f', 'f.finding_id_pk', 'page.finding_id_pk')
    .select(FINDING_COLUMNS)
    .orderBy('page.object_name')
    .orderBy('page.finding_id_pk')
    .execute();
}

/**
 * One page of a check's findings: the open ones by object name, then those with an exception (expired or not) by
 * object name — the order the finding page shows. Exceptions are few (people write them), so the open findings are
 * read straight off the name index, skipping the excepted ones, and a page of a 400k-finding check reads one page of
 * rows instead of sorting all of them; `total` (the count the evaluation stored) says where the excepted ones begin.
 */
export async function findingsPage(own: Kysely<ClientDatabase>, ioeId: string, total: number, { limit, offset }: { limit: number; offset: number }): Promise<Finding[]> {
  const excepted = own
    .selectFrom('finding as f')
    .innerJoin('finding_exception as e', (join) => join.onRef('e.ioe_fk', '=', 'f.ioe_fk').onRef('e.object_key', '=', 'f.object_key'))
    .where('f.ioe_fk', '=', ioeId);
  const exceptedCount = Number((await excepted.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow()).count);
  const openCount = Math.max(0, total - exceptedCount);
  const open = offset < openCount ? await openFindings(own, ioeId, limit, offset) : [];
  const rest = limit - open.length;
  const withException =
    rest > 0 && exceptedCount > 0
      ? await excepted
          .select([...FINDING_COLUMNS, ...EXCEPTION_COLUMNS])
          .orderBy('f.object_name')
          .orderBy('f.finding_id_pk')
          .limit(rest)
          .offset(Math.max(0, offset - openCount))
          .execute()
      : [];
  const now = Date.now();
  return [...open.map((row) => ({ ...row, exception_id_pk: null, reason: null, comment: null, expires_at: null, created_by_email: null })), ...withException].map((finding) => ({
    findingId: finding.finding_id_pk,
    objectKey: finding.object_key,
    objectType: finding.object_type,
    objectName: finding.object_name,
    distinguishedName: finding.distinguished_name,
    evidence: finding.evidence,
    firstSeenAt: finding.first_seen_at.toISOString(),
    exception: finding.exception_id_pk
      ? {
          exceptionId: finding.exception_id_pk,
          reason: finding.reason ?? '',
          comment: finding.comment,
          createdBy: finding.created_by_email,
          expiresAt: finding.expires_at?.toISOString() ?? null,
          isExpired: finding.expires_at !== null && finding.expires_at.getTime() <= now,
        }
      : null,
  }));
}
