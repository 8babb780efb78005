import { useEffect, useRef, useState } from 'react';
import { combinedMessage } from './graphql-errors';
import { liveClient } from './live-client';

export type LiveStatus = 'connecting' | 'live' | 'error';

/**
 * Subscribes while the component is mounted and hands every result to `onData`. The status says whether
 * updates currently arrive.
 */
export function useSubscription<T>(query: string, variables: Record<string, unknown>, onData: (data: T) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handler = useRef(onData);
  useEffect(() => {
    handler.current = onData;
  }, [onData]);
  const key = JSON.stringify(variables);
  useEffect(() => {
    const client = liveClient();
    const offConnected = client.on('connected', () => setStatus('live'));
    const offClosed = client.on('closed', () => setStatus('connecting'));
    const unsubscribe = client.subscribe<T>(
      { query, variables: JSON.parse(key) as Record<string, unknown> },
      {
        next: (result) => {
          if (result.data) {
            setStatus('live');
            handler.current(result.data);
          }
          if (result.errors?.length) console.error(combinedMessage(null, result.errors));
        },
        error: (error) => {
          console.error(error instanceof Error ? `[Network] ${error.message}` : error);
          setStatus('error');
        },
        complete: () => {},
      },
    );
    return () => {
      offConnected();
      offClosed();
      unsubscribe();
    };
  }, [query, key]);
  return status;
}
