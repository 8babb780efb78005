import { type InfiniteData, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiCall, callApi } from '../api-client';
import { errorText } from '../api-query';

/** One keyset page of a REST list: its rows and the cursor of the next page (null at the end). */
export interface KeysetPage<Row> {
  items: Row[];
  nextCursor: string | null;
}

/**
 * A keyset-paged REST list through the query cache; `toCall(cursor)` builds the call of one page. The key has the
 * shape of `useApiQuery`'s (operation first), so `useApiMutation`'s reloads reach it.
 */
export function useApiPages<Row>(toCall: (cursor: string | undefined) => ApiCall<KeysetPage<Row>>) {
  const first = toCall(undefined);
  const result = useInfiniteQuery<KeysetPage<Row>, Error, InfiniteData<KeysetPage<Row>>, readonly unknown[], string | undefined>({
    queryKey: ['api', { operation: first.operation, path: first.path, required: first.required, query: first.query, paged: true }],
    queryFn: ({ pageParam }) => callApi(toCall(pageParam)),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = result.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...result, rows, errorMessage: result.error ? errorText(result.error) : undefined };
}
