import { Button, type ComboboxItem, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { IconArrowLeft, IconSwitchHorizontal } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useApiQuery } from '../lib/api-query';
import { getClientDetails, searchProviderClients } from './client-switcher-api';

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
  const [typed, setTyped] = useState('');
  const current = details.data?.client_name ?? '';
  // The field shows the current client's name until the user types: that name is no search.
  const [needle] = useDebouncedValue(typed === current ? '' : typed.trim(), 250);
  // The server searches: a provider may have thousands of clients, the switcher offers the first matches by name.
  const clients = useApiQuery(searchProviderClients(providerId, needle), { keepPrevious: true, enabled: Boolean(providerId) });
  if (!providerId) return null;
  const mode = details.data?.client_mode === 'audit' ? 'audit' : 'monitoring';
  const matches: ComboboxItem[] = (clients.data?.cards ?? []).map((client) => ({ value: client.id, label: client.title }));
  // Without a search the current client is an option (the field shows its name even beyond the first matches).
  const options = needle || matches.some((option) => option.value === clientId) ? matches : [{ value: clientId, label: current }, ...matches];
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
        // The server filtered already; the field's text must not filter its answer again (it holds the search).
        filter={({ options: all }) => all}
        searchValue={typed}
        onSearchChange={setTyped}
        value={current ? clientId : null}
        onChange={(next) => {
          if (next && next !== clientId) void navigate(`${samePageAt(pathname, next)}${search}`);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

