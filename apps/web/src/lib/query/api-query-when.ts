import { useQuery } from '@tanstack/react-query';
import { type ApiCall, callApi } from '../api-client';
import { errorText } from '../api-query';

/**
 * Like `useApiQuery`, for a call that only exists sometimes (a drawer's detail, a list after a choice): `null` loads
 * nothing. The key has the shape of `useApiQuery`'s, so `useApiMutation`'s reloads reach it too.
 */
export function useApiQueryWhen<T>(call: ApiCall<T> | null) {
  const query = useQuery({
    queryKey: ['api', call ? { operation: call.operation, path: call.path, required: call.required, query: call.query } : { operation: 'none' }],
    queryFn: () => callApi(call as ApiCall<T>),
    enabled: call !== null,
  });
  return { ...query, errorMessage: query.error ? errorText(query.error) : undefined };
}
