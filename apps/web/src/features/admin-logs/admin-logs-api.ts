import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { errorText } from '../../lib/use-api';

export interface AdminLogRow {
  clientId: string;
  clientName: string;
  providerId: string;
  providerName: string;
  logId: string;
  logName: string;
  bytes: number;
  receivedAt: string;
}

export interface AdminLogDetail extends AdminLogRow {
  content: string;
}

/** Query parameters of GET /admin/logs (dates as DD.MM.YYYY, as typed). */
export interface AdminLogFilter {
  clientId?: string;
  provider?: string;
  level?: 'error' | 'warn';
  from?: string;
  to?: string;
  q?: string;
}

export interface AdminLogFilterOptions {
  clients: { clientId: string; clientName: string; providerId: string }[];
  providers: { providerId: string; providerName: string }[];
}

interface Page {
  items: AdminLogRow[];
  nextCursor: string | null;
}

const PAGE_SIZE = 50;

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
      apiRequest<Page>('getAdminLogs', { path: '/admin/logs', query: { ...(JSON.parse(filterKey) as AdminLogFilter), limit: PAGE_SIZE, cursor } }),
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
