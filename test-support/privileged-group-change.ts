import { saveChanges } from '../apps/server/src/changes/change-store';
import { requestIoaEvaluation } from '../apps/server/src/ioe/evaluation-jobs';
import type { TestApp } from './test-app';

let usn = 5000;

/**
 * A real IoA: a member added to the demo client's Domain Admins, through the same path as a collector upload — the
 * change stored, the attack detectors queued as a job in the same transaction. Returns the stored change ids.
 */
export async function storePrivilegedGroupChange(test: TestApp, clientId: string): Promise<string[]> {
  const change = {
    objectGuid: `20000000-0000-4000-8000-${String(usn).padStart(12, '0')}`,
    objectClass: 'group' as const,
    distinguishedName: 'CN=Domain Admins,CN=Users,DC=swn,DC=intern',
    propertyName: 'member',
    oldValue: null,
    newValue: `CN=Fremder ${usn},CN=Users,DC=swn,DC=intern`,
    timestamp: new Date().toISOString(),
    usn: usn++,
  };
  const db = test.database.db;
  return db.transaction().execute(async (trx) => {
    const { changeIds } = await saveChanges(trx, clientId, [change]);
    await requestIoaEvaluation(test.services.jobs, trx, clientId, changeIds);
    return [...changeIds];
  });
}
