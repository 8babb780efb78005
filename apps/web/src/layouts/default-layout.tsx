import {
  IconActivity,
  IconAdjustments,
  IconAlertTriangle,
  IconGauge,
  IconHistory,
  IconListSearch,
  IconSettings,
  IconShieldExclamation,
  IconRoute,
  IconSitemap,
} from '@tabler/icons-react';
import { Badge, Group, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useCurrentClient } from '../lib/current-tenant/use-current-client';
import { AppFrame } from './app-frame';
import { ClientSwitcher } from './client-switcher';

/** Name and connection state of the client being viewed (SPEC §4: AD connected = collector version set). */
function ClientHeader({ clientId }: { clientId: string }) {
  const client = useCurrentClient(clientId);
  if (!client) return null;
  const adConnected = client.collectorVersion !== null;
  const entraConnected = client.domainEntraPlans.some((plan) => plan !== null);
  return (
    <Group gap="xs" wrap="nowrap" visibleFrom="md">
      <Text fw={600} fz="sm" truncate maw={260}>
        {client.client_name}
      </Text>
      <Badge size="sm" variant="light" color={adConnected ? 'green' : 'gray'}>
        {adConnected ? 'AD verbunden' : 'AD nicht verbunden'}
      </Badge>
      {entraConnected && (
        <Badge size="sm" variant="light" color="blue">
          Entra ID verbunden
        </Badge>
      )}
    </Group>
  );
}

/** Client area (SPEC layout "default"). */
export function DefaultLayout() {
  const { clientId = '' } = useParams();
  const base = `/client/${clientId}`;
  return (
    <AppFrame
      area="Kundenbereich"
      header={<ClientHeader clientId={clientId} />}
      navTop={<ClientSwitcher clientId={clientId} />}
      sections={[
        {
          items: [
            { label: 'Dashboard', to: `${base}/dashboard`, icon: <IconGauge size={18} /> },
            { label: 'Schwachstellen (IoE)', to: `${base}/ioe`, icon: <IconShieldExclamation size={18} /> },
            { label: 'Angriffe (IoA)', to: `${base}/ioa`, icon: <IconActivity size={18} /> },
            { label: 'Sicherheitsprotokoll', to: `${base}/security-log`, icon: <IconListSearch size={18} /> },
            { label: 'Änderungsverlauf', to: `${base}/change-history`, icon: <IconHistory size={18} /> },
            { label: 'Angriffspfade', to: `${base}/attack-paths`, icon: <IconRoute size={18} /> },
            { label: 'Objekt-Explorer', to: `${base}/explorer`, icon: <IconSitemap size={18} /> },
          ],
        },
        {
          title: 'Einstellungen',
          items: [
            { label: 'Schwellenwerte', to: `${base}/settings/ioe/thresholds`, icon: <IconAdjustments size={18} /> },
            { label: 'Angriffserkennung', to: `${base}/settings/ioa/thresholds`, icon: <IconActivity size={18} /> },
            { label: 'Kritikalitäten', to: `${base}/settings/ioe/criticalities`, icon: <IconAlertTriangle size={18} /> },
            { label: 'Einstellungen', to: `${base}/settings`, icon: <IconSettings size={18} />, end: true },
          ],
        },
      ]}
    />
  );
}
