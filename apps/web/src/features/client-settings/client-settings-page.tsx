import { Divider, Paper, Tabs } from '@mantine/core';
import { IconAddressBook, IconCloudLock, IconKey, IconLicense, IconUsers } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { TeamPanel } from '../../components/team-panel';
import { CollectorKeysPanel } from './collector-keys-panel';
import { CollectorSettingsPanel } from './collector-settings-panel';
import { ContactPanel } from './contact-panel';
import { EntraPanel } from './entra-panel';
import { LicensePanel } from './license-panel';

/** /client/{id}/settings: team, contact details, licence and the Entra ID connection. */
export function ClientSettingsPage() {
  const { clientId = '' } = useParams();
  return (
    <>
      <PageHeader title="Einstellungen" description="Team, Kontaktdaten, Lizenz, Collector und Entra ID" />
      <Paper withBorder radius="lg" p="lg">
        <Tabs defaultValue="team" keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="team" leftSection={<IconUsers size={16} />}>
              Team
            </Tabs.Tab>
            <Tabs.Tab value="contact" leftSection={<IconAddressBook size={16} />}>
              Kontakt
            </Tabs.Tab>
            <Tabs.Tab value="license" leftSection={<IconLicense size={16} />}>
              Lizenz
            </Tabs.Tab>
            <Tabs.Tab value="collector" leftSection={<IconKey size={16} />}>
              Collector
            </Tabs.Tab>
            <Tabs.Tab value="entra" leftSection={<IconCloudLock size={16} />}>
              Entra ID
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="team">
            <TeamPanel basePath="/client/{clientUUID}" required={{ clientUUID: clientId }} />
          </Tabs.Panel>
          <Tabs.Panel value="contact">
            <ContactPanel clientId={clientId} />
          </Tabs.Panel>
          <Tabs.Panel value="license">
            <LicensePanel clientId={clientId} />
          </Tabs.Panel>
          <Tabs.Panel value="collector">
            <CollectorSettingsPanel clientId={clientId} />
            <Divider my="lg" label="Collector-Schlüssel" labelPosition="left" />
            <CollectorKeysPanel clientId={clientId} />
          </Tabs.Panel>
          <Tabs.Panel value="entra">
            <EntraPanel clientId={clientId} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </>
  );
}
