import { useEffect, useState } from 'react';
import { errorText } from '../../lib/use-api';

export interface ApiData<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** German text for a failed call (one rule for the whole app). */
export { errorText } from '../../lib/use-api';

interface Resolved<T> {
  key: string;
  data: T | null;
  error: string | null;
}

/**
 * Loads data for a key (e.g. client id + slug); loading while the newest
 * request for the current key has not answered. Older answers are dropped.
 */
export function useApiData<T>(key: string, load: () => Promise<T>): ApiData<T> {
  const [version, setVersion] = useState(0);
  const requestKey = `${key}#${version}`;
  const [resolved, setResolved] = useState<Resolved<T> | null>(null);
  useEffect(() => {
    let active = true;
    load()
      .then((data) => active && setResolved({ key: requestKey, data, error: null }))
      .catch((error: unknown) => active && setResolved({ key: requestKey, data: null, error: errorText(error) }));
    return () => {
      active = false;
    };
    // `load` is recreated every render; the request key says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);
  const current = resolved?.key === requestKey ? resolved : null;
  // Keep showing the previous data while reloading the same key (no flicker after an action).
  const stale = resolved && resolved.key.startsWith(`${key}#`) ? resolved : null;
  return {
    data: current?.data ?? stale?.data ?? null,
    error: current?.error ?? null,
    loading: current === null,
    reload: () => setVersion((value) => value + 1),
  };
}
