import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiCall, callApi } from '../api-client';

/**
 * Sends changing calls of one screen (save, revoke, rotate …) and reloads the named operations afterwards, whether the
 * call worked or not: `const send = useApiSend(['getContact']); await send.call(setContact(id, values))`.
 * For screens with several different changes, where one `useApiMutation` per call would only repeat itself.
 */
export function useApiSend(reloads: readonly string[]) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (call: ApiCall<unknown>) => callApi(call),
    onSettled: () => Promise.all(reloads.map((operation) => client.invalidateQueries({ queryKey: ['api', { operation }] }))),
  });
  return {
    call: <T,>(call: ApiCall<T>) => mutation.mutateAsync(call) as Promise<T>,
    isPending: mutation.isPending,
  };
}
