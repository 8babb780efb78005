/** The admin's log search as a file: every log matching the filters, newest first, up to MAX_EXPORT_ROWS. */
import type { Db } from '../db/database';
import { type ExportTable, MAX_EXPORT_ROWS } from '../exports/export-table';
import type { LogListQuery } from './admin-logs-schema';
import { listAdminLogs } from './admin-logs-service';

export async function adminLogsTable(db: Db, filter: Omit<LogListQuery, 'cursor' | 'limit'>): Promise<ExportTable> {
  // The list's own query with one page as large as the cap: same filters, same order, same tenant reads.
  const { items } = await listAdminLogs(db, { ...filter, limit: MAX_EXPORT_ROWS });
  return {
    title: 'Collector-Protokolle',
    fileName: 'collector-protokolle',
    columns: [
      { key: 'receivedAt', header: 'Empfangen am', width: 20 },
      { key: 'providerName', header: 'Dienstleister', width: 30 },
      { key: 'clientName', header: 'Kunde', width: 30 },
      { key: 'logName', header: 'Protokoll', width: 24 },
      { key: 'bytes', header: 'Größe (Bytes)', width: 14 },
      { key: 'clientId', header: 'Kunden-ID', width: 38 },
      { key: 'logId', header: 'Protokoll-ID', width: 14 },
    ],
    rows: items.map((item) => ({ ...item, receivedAt: new Date(item.receivedAt) })),
  };
}
