import { Button, Select, Stack } from '@mantine/core';
import { IconArrowLeft, IconSwitchHorizontal } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useApiQuery } from '../lib/api-query';
import { getClientDetails, getProviderClients } from './client-switcher-api';

/** A path segment naming one object of the client (UUID, GUID, number): it does not exist at another client. */
const OBJECT_ID = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The same sub-page at another client: `/client/{a}/ioe/findings/x` → `/client/{b}/ioe/findings/x`, without object ids. */
export function samePageAt(pathname: string, clientId: string): string {
  const [, , , ...rest] = pathname.split('/');
  const cut = rest.findIndex((segment) => OBJECT_ID.test(segment));
  const kept = cut === -1 ? rest : rest.slice(0, cut);
  return `/client/${clientId}/${kept.join('/') || 'dashboard'}`;
}

/** The way back and the switcher; its own module, loaded only for providers and admins (clients never need Select). */
export default function ClientSwitcherPanel({ clientId }: { clientId: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const details = useApiQuery(getClientDetails(clientId));
  const providerId = details.data?.serviceproviderId;
  const clients = useApiQuery(getProviderClients(providerId));
  if (!providerId) return null;
  const mode = details.data?.client_mode === 'audit' ? 'audit' : 'monitoring';
  const options = (clients.data ?? []).map((client) => ({ value: client.id, label: client.title }));
  return (
    <Stack gap="xs" mb="md" data-testid="client-switcher">
      <Button component={Link} to={`/provider/${providerId}/${mode}`} variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} justify="flex-start">
        Zur Kundenübersicht
      </Button>
      <Select
        aria-label="Kunde wechseln"
        placeholder="Kunde wechseln …"
        leftSection={<IconSwitchHorizontal size={14} />}
        searchable
        nothingFoundMessage="Kein Kunde gefunden"
        data={options}
        value={options.some((option) => option.value === clientId) ? clientId : null}
        onChange={(next) => {
          if (next && next !== clientId) void navigate(`${samePageAt(pathname, next)}${search}`);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

