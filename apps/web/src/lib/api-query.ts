import { QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiCall, callApi } from './api-client';
import { errorText } from './use-api';

/** The app's one query cache (the provider sits in the app root). Errors are shown by the screens, not retried. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } } });

/** Cache key of a call: its operation and parameters, so `invalidateOperation('listX')` reloads every variant. */
const keyOf = (call: ApiCall<unknown>) => ['api', { operation: call.operation, path: call.path, required: call.required, query: call.query }] as const;

/**
 * Loads a call of a `*-api.ts` through the query cache; `errorMessage` is the German text of a failure.
 * `keepPrevious` shows the last answer while a changed call (a new search) loads, instead of a loading state.
 */
export function useApiQuery<T>(call: ApiCall<T>, options: { refetchInterval?: number | false; keepPrevious?: boolean } = {}) {
  const query = useQuery({
    queryKey: keyOf(call),
    queryFn: () => callApi(call),
    refetchInterval: options.refetchInterval,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  return { ...query, errorMessage: query.error ? errorText(query.error) : undefined };
}

/** Sends a changing call and reloads the given operations afterwards. */
export function useApiMutation<Input, T>(toCall: (input: Input) => ApiCall<T>, reloads: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => callApi(toCall(input)),
    onSettled: () => Promise.all(reloads.map((operation) => client.invalidateQueries({ queryKey: ['api', { operation }] }))),
  });
}
