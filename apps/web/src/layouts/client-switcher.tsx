import { mainRole } from '@burgwall/shared';
import { lazy, Suspense } from 'react';
import { useSession } from '../lib/auth/session';

const ClientSwitcherPanel = lazy(() => import('./client-switcher-panel'));

/**
 * The way back to the provider area and the switch to another client of the same provider, for providers and
 * admins viewing a client. Client users see neither (they know only their own client).
 */
export function ClientSwitcher({ clientId }: { clientId: string }) {
  const { data } = useSession();
  const role = data ? mainRole(data.user.roles) : undefined;
  if (role !== 'serviceprovider' && role !== 'admin') return null;
  return (
    <Suspense fallback={null}>
      <ClientSwitcherPanel clientId={clientId} />
    </Suspense>
  );
}
