import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SIGN_OUT_REASON_PARAM } from '../auth/sign-out-reason';
import { logout } from '../auth/sign-in-out';
import { type CurrentClient, currentClientQuery } from './current-client';
import { isClientLoadVerdict } from './load-current-client';

/**
 * The client of the current /client/{clientId} page, through the query cache (session-storage backed, SPEC §4).
 * A failed load that is the server's verdict (unknown or foreign client) logs the user out and ends the identity
 * session, as the SPEC demands; the start page then says why. Transport failures are retried by the cache.
 */
export function useCurrentClient(clientId: string): CurrentClient | null {
  const query = useQuery(currentClientQuery(clientId));
  const verdict = query.error !== null && isClientLoadVerdict(query.error);
  useEffect(() => {
    if (verdict) void logout(`/?${SIGN_OUT_REASON_PARAM}=kein-zugriff`);
  }, [verdict]);
  return query.data ?? null;
}
