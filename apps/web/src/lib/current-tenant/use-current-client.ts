import { useEffect, useState } from 'react';
import { SIGN_OUT_REASON_PARAM } from '../auth/sign-out-reason';
import { logout } from '../auth/sign-in-out';
import { isClientLoadVerdict, loadCurrentClient } from './load-current-client';
import { type CurrentClient, currentClient } from './tenant-cache';

/**
 * The client of the current /client/{clientId} page (session-storage cache of SPEC §4). A failed load logs the user
 * out and ends the identity session, as the SPEC demands; the start page then says why.
 */
export function useCurrentClient(clientId: string): CurrentClient | null {
  const [client, setClient] = useState<CurrentClient | null>(null);
  useEffect(() => {
    let active = true;
    // A load cut short by leaving the page, or by the network, is not a failed client load.
    const onLoadFailure = (error: unknown) => (active && isClientLoadVerdict(error) ? logout(`/?${SIGN_OUT_REASON_PARAM}=kein-zugriff`) : undefined);
    void currentClient(clientId, loadCurrentClient, { onLoadFailure }).then((loaded) => {
      if (active) setClient(loaded);
    });
    return () => {
      active = false;
    };
  }, [clientId]);
  return client?.client_id_pk === clientId ? client : null;
}
