import { useEffect, useState } from 'react';
import { logout } from '../auth/sign-in-out';
import { loadCurrentClient } from './load-current-client';
import { type CurrentClient, currentClient } from './tenant-cache';

/**
 * The client of the current /client/{clientId} page (session-storage cache of SPEC §4). A failed load logs the user
 * out and ends the identity session, as the SPEC demands.
 */
export function useCurrentClient(clientId: string): CurrentClient | null {
  const [client, setClient] = useState<CurrentClient | null>(null);
  useEffect(() => {
    let active = true;
    void currentClient(clientId, loadCurrentClient, { onLoadFailure: () => logout() }).then((loaded) => {
      if (active) setClient(loaded);
    });
    return () => {
      active = false;
    };
  }, [clientId]);
  return client?.client_id_pk === clientId ? client : null;
}
