import { useCallback, useEffect, useState } from 'react';
import { graphqlRequest } from './graphql-query';

export interface QueryState<T> {
  /** The latest answer (kept while a new one loads, so pages do not flicker). */
  data: T | null;
  error: string | null;
  loading: boolean;
  /** Identifies the variables (and reload) the data belongs to. */
  key: string;
  reload: () => void;
}

/** Loads a query when its variables change; `error` holds the combined error lines. */
export function useGraphql<T>(query: string, variables: Record<string, unknown>, skip = false): QueryState<T> {
  const [generation, setGeneration] = useState(0);
  const key = `${JSON.stringify(variables)}#${generation}`;
  const [state, setState] = useState<{ key: string | null; data: T | null; error: string | null }>({ key: null, data: null, error: null });
  useEffect(() => {
    if (skip) return;
    let cancelled = false;
    const variablesOfKey = JSON.parse(key.slice(0, key.lastIndexOf('#'))) as Record<string, unknown>;
    graphqlRequest<T>(query, variablesOfKey)
      .then((data) => {
        if (!cancelled) setState({ key, data, error: null });
      })
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        if (!cancelled) setState({ key, data: null, error: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [query, key, skip]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const loading = !skip && state.key !== key;
  return { data: state.data, error: loading ? null : state.error, loading, key, reload };
}
