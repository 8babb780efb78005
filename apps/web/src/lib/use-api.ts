import { useCallback, useEffect, useState } from 'react';
import { type ApiCall, callApi } from './api-client';
import { errorText } from './api-query';

export interface ApiState<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/** German text for a failed call (one rule for the whole app, kept in ./api-query). */
export { errorText } from './api-query';

/** Loads one API resource (a call of a `*-api.ts`); it reloads when the call changes or on `reload()`. A null call loads nothing. */
export function useApi<T>(call: ApiCall<T> | null): ApiState<T> {
  const [generation, setGeneration] = useState(0);
  const token = call ? `${generation}:${JSON.stringify(call)}` : null;
  // The answer remembers which request it belongs to; "loading" is simply "no answer for the current one yet".
  const [state, setState] = useState<{ token: string | null; data?: T; error?: string }>({ token: null });
  useEffect(() => {
    if (token === null) return;
    let active = true;
    const request = JSON.parse(token.slice(token.indexOf(':') + 1)) as ApiCall<T>;
    callApi(request)
      .then((data) => active && setState({ token, data }))
      .catch((error: unknown) => active && setState((previous) => ({ token, data: previous.data, error: errorText(error) })));
    return () => {
      active = false;
    };
  }, [token]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const current = state.token === token;
  return { data: state.data, error: current ? state.error : undefined, loading: token !== null && !current, reload };
}
