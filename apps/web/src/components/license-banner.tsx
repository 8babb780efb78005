import { mainRole } from '@burgwall/shared';
import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useSession } from '../lib/auth/session';
import { useApiQueryWhen } from '../lib/query/api-query-when';
import { getLicenseState } from './license-api';

/**
 * The licence banner of a self-hosted installation: read-only mode (expired, suspended, not validated for the grace
 * period) for everyone — the server refuses writes then —, the grace-period warning for admins only (they run the
 * installation and can fix the connection to the licence server). Nothing on the SaaS or with a valid licence.
 */
export function LicenseBanner() {
  const session = useSession();
  const role = session.data ? mainRole(session.data.user.roles) : null;
  const license = useApiQueryWhen(session.data ? getLicenseState() : null);
  const state = license.data;
  if (!state?.message) return null;
  if (state.state === 'read-only') {
    return (
      <Alert color="red" variant="filled" radius="md" mb="md" icon={<IconLock size={20} />} title="Schreibgeschützt: Lizenz nicht gültig" data-testid="license-banner">
        {state.message}
      </Alert>
    );
  }
  if (state.state === 'grace' && role === 'admin') {
    return (
      <Alert color="yellow" variant="light" radius="md" mb="md" icon={<IconAlertTriangle size={20} />} title="Lizenzprüfung fehlgeschlagen" data-testid="license-banner">
        {state.message}
      </Alert>
    );
  }
  return null;
}
