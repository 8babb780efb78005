/** Client side of the admin log routes (SPEC §2 /admin/logs, /admin/logs/search). */
import type { AdminLogDetail, AdminLogFilter, AdminLogFilterOptions, AdminLogPage, AdminLogRow } from '@burgwall/shared';
import { useCallback, useEffect, useState } from 'react';
import { apiCall, callApi } from '../../lib/api-client';
import { errorText } from '../../lib/use-api';

const PAGE_SIZE = 50;

/** One keyset page of the logs matching the filter. */
export const getAdminLogs = (filter: AdminLogFilter, cursor: string | undefined) =>
  apiCall<AdminLogPage>('getAdminLogs', { path: '/admin/logs', query: { ...filter, limit: PAGE_SIZE, cursor } });

export const getAdminLog = (clientUUID: string, logId: string) =>
  apiCall<AdminLogDetail>('getAdminLog', { path: '/admin/logs/{clientUUID}/{logId}', required: { clientUUID, logId } });

export const getAdminLogFilters = () => apiCall<AdminLogFilterOptions>('getAdminLogFilters', { path: '/admin/logs/filters' });

/** The logs matching the filter, page by page ("Weitere laden" appends the next keyset page). */
export function useAdminLogs(filter: AdminLogFilter) {
  const [generation, setGeneration] = useState(0);
  const filterKey = JSON.stringify(filter);
  // The answer remembers which request (filter + reload generation) it belongs to; an older one counts as loading.
  const token = `${generation}:${filterKey}`;
  const [state, setState] = useState<{ token: string; items: AdminLogRow[]; nextCursor: string | null; error?: string; loading: boolean }>({
    token: '',
    items: [],
    nextCursor: null,
    loading: false,
  });

  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      callApi(getAdminLogs(JSON.parse(filterKey) as AdminLogFilter, cursor)),
    [filterKey],
  );

  useEffect(() => {
    let active = true;
    fetchPage(undefined)
      .then((page) => active && setState({ token, items: page.items, nextCursor: page.nextCursor, loading: false }))
      .catch((error: unknown) => active && setState({ token, items: [], nextCursor: null, loading: false, error: errorText(error) }));
    return () => {
      active = false;
    };
  }, [token, fetchPage]);

  const loadMore = useCallback(() => {
    if (!state.nextCursor) return;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    fetchPage(state.nextCursor)
      .then((page) => setState((previous) => ({ ...previous, items: [...previous.items, ...page.items], nextCursor: page.nextCursor, loading: false })))
      .catch((error: unknown) => setState((previous) => ({ ...previous, loading: false, error: errorText(error) })));
  }, [fetchPage, state.nextCursor]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const current = state.token === token;
  return {
    items: current ? state.items : [],
    nextCursor: current ? state.nextCursor : null,
    loading: !current || state.loading,
    error: current ? state.error : undefined,
    loadMore,
    reload,
  };
}

const sizeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** 512 B, 1,5 KB, 2,3 MB (1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}
