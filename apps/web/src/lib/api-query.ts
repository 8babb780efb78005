import { type InfiniteData, QueryClient, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiCall, ApiError, callApi } from './api-client';
import { graphqlRequest } from './graphql/graphql-query';
import { operationName } from './graphql/operation-name';
import { retryDelay, shouldRetry } from './query-retry';

/** German text for a failed call: the server's message, else a generic one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? `Der Server antwortete mit Status ${error.status}.`;
  if (error instanceof Error && /fetch|network/i.test(error.message)) return 'Keine Verbindung zum Server.';
  return error instanceof Error ? error.message : 'Unbekannter Fehler';
}

/**
 * The app's one query cache (the provider sits in the app root). Transient failures are retried by the SPEC's rules
 * (./query-retry) — for reads and writes alike; everything else is shown by the screens.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false, staleTime: 5_000 },
    mutations: { retry: shouldRetry, retryDelay },
  },
});

/** Cache key of a call: its operation and parameters, so invalidating `['api', { operation }]` reloads every variant. */
export const apiQueryKey = (call: ApiCall<unknown>) => ['api', { operation: call.operation, path: call.path, required: call.required, query: call.query }] as const;

interface ReadOptions {
  refetchInterval?: number | false;
  /** Shows the last answer while a changed read (a new search) loads, instead of a loading state. */
  keepPrevious?: boolean;
  /** False: nothing is loaded (e.g. while a required parameter is missing). */
  enabled?: boolean;
}

/** Loads a call of a `*-api.ts` through the query cache; `errorMessage` is the German text of a failure. */
export function useApiQuery<T>(call: ApiCall<T>, options: ReadOptions = {}) {
  const query = useQuery({
    queryKey: apiQueryKey(call),
    queryFn: () => callApi(call),
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  return { ...query, errorMessage: query.error ? errorText(query.error) : undefined };
}

/** What a write makes stale: REST operations (`getFindings`) and GraphQL operations (`Changes`) by name. */
export interface Reloads {
  operations?: readonly string[];
  graphql?: readonly string[];
}

/** Sends a changing call and reloads the given REST operations (and GraphQL operations) afterwards. */
export function useApiMutation<Input, T>(toCall: (input: Input) => ApiCall<T>, reloads: readonly string[] | Reloads) {
  const reload = useReload(reloads);
  return useMutation({
    mutationFn: (input: Input) => callApi(toCall(input)),
    onSettled: reload,
  });
}

/** Reloads every read of these operations (e.g. when work queued in the background has landed); stable per `reloads`. */
export function useReload(reloads: readonly string[] | Reloads): () => Promise<unknown> {
  const client = useQueryClient();
  return useCallback(() => {
    const { operations = [], graphql = [] } = Array.isArray(reloads) ? { operations: reloads as readonly string[] } : (reloads as Reloads);
    return Promise.all([
      ...operations.map((operation) => client.invalidateQueries({ queryKey: ['api', { operation }] })),
      ...graphql.map((operation) => client.invalidateQueries({ queryKey: ['graphql', operation] })),
    ]);
  }, [client, reloads]);
}

/** Cache key of a GraphQL read: its operation name and variables (a live update writes into it with setQueryData). */
export const graphqlKey = (document: string, variables: Record<string, unknown>) => ['graphql', operationName(document), variables] as const;

/** Loads a GraphQL query through the query cache; `errorMessage` holds the combined error lines (SPEC §8). */
export function useGraphqlQuery<T>(document: string, variables: Record<string, unknown>, options: ReadOptions = {}) {
  const query = useQuery({
    queryKey: graphqlKey(document, variables),
    queryFn: () => graphqlRequest<T>(document, variables),
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  return { ...query, errorMessage: query.error ? errorText(query.error) : undefined };
}

/** A cursor-paged connection (`nodes`, `pageInfo { endCursor hasNextPage }`) of a GraphQL answer. */
export interface Connection<Node> {
  nodes: Node[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/**
 * Loads a cursor-paged GraphQL query page by page ("Weitere laden"): `connectionOf` finds the connection in an
 * answer, whose `pageInfo` says where the next page starts (passed as `$after`); `rows` are the nodes of all pages
 * loaded. The cache holds the whole answers under `graphqlKey`, so a live update can write into it. Another set of
 * variables starts again from its first page; with `keepPrevious` the old rows stay on screen until it arrives.
 */
export function useGraphqlPages<T, Node>(document: string, variables: Record<string, unknown>, connectionOf: (page: T) => Connection<Node>, options: Pick<ReadOptions, 'keepPrevious'> = {}) {
  const query = useInfiniteQuery<T, Error, InfiniteData<T>, ReturnType<typeof graphqlKey>, string | null>({
    queryKey: graphqlKey(document, variables),
    queryFn: ({ pageParam }) => graphqlRequest<T>(document, { ...variables, after: pageParam }),
    initialPageParam: null,
    getNextPageParam: (last) => {
      const { pageInfo } = connectionOf(last);
      return pageInfo.hasNextPage ? pageInfo.endCursor : undefined;
    },
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  const rows = query.data?.pages.flatMap((page) => connectionOf(page).nodes) ?? [];
  return { ...query, rows, errorMessage: query.error ? errorText(query.error) : undefined };
}
