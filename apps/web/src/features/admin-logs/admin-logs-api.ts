/** Client side of the admin log routes (SPEC §2 /admin/logs, /admin/logs/search). */
import type { AdminLogDetail, AdminLogFilter, AdminLogFilterOptions, AdminLogPage } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';
import { useApiPages } from '../../lib/query/api-pages';

const PAGE_SIZE = 50;

/** One keyset page of the logs matching the filter. */
export const getAdminLogs = (filter: AdminLogFilter, cursor: string | undefined) =>
  apiCall<AdminLogPage>('getAdminLogs', { path: '/admin/logs', query: { ...filter, limit: PAGE_SIZE, cursor } });

export const getAdminLog = (clientUUID: string, logId: string) =>
  apiCall<AdminLogDetail>('getAdminLog', { path: '/admin/logs/{clientUUID}/{logId}', required: { clientUUID, logId } });

export const getAdminLogFilters = () => apiCall<AdminLogFilterOptions>('getAdminLogFilters', { path: '/admin/logs/filters' });

/** The logs matching the filter, page by page („Weitere laden“ appends the next keyset page). */
export const useAdminLogs = (filter: AdminLogFilter) => useApiPages((cursor) => getAdminLogs(filter, cursor));

const sizeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** 512 B, 1,5 KB, 2,3 MB (1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}
