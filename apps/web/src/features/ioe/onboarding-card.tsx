import { ANALYTICS_EVENTS, trackEvent } from '../../lib/analytics';
import { formatDateTime } from '@burgwall/shared';
import { Button, Card, Stepper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { InstallerContents } from '../../components/installer-contents';
import { useApiQuery } from '../../lib/api-query';
import { downloadFile } from '../../lib/download';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { getCollectorActivations, getCollectorExecutables } from './ioe-api';

/**
 * The empty dashboard of a new client: what to do until the first evaluation — download the installer, install and
 * activate the collector on a server with access to the domain controller, wait for the first data.
 */
export function OnboardingCard({ clientId, adConnected }: { clientId: string; adConnected: boolean }) {
  // Until the collector is activated, the steps follow it (the dashboard itself reloads with the first evaluation).
  const keys = useApiQuery(getCollectorActivations(clientId), { refetchInterval: adConnected ? false : 15_000 });
  // Checksums are extra information: without them the list simply shows no SHA-256 lines.
  const executables = useApiQuery(getCollectorExecutables());
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const activated = (keys.data ?? []).find((key) => key.machineCode && !key.revokedAt);
  const downloaded = (keys.data ?? []).length > 0;
  const active = adConnected ? 3 : activated ? 2 : downloaded ? 1 : 0;

  const download = async () => {
    setDownloading(true);
    try {
      const name = await downloadFile(`/client/${clientId}/collector/installer`, 'burgwall-collector.zip');
      trackEvent(ANALYTICS_EVENTS.installerDownloaded, { quickcheck: false });
      notify({ type: 'success', title: 'Installer heruntergeladen', text: `${name} enthält den Collector mit Ihrer Konfiguration und einem eigenen Schlüssel.` });
      void queryClient.invalidateQueries({ queryKey: ['api', { operation: 'getCollectorActivations' }] });
    } catch (error) {
      notify({ type: 'error', title: 'Download fehlgeschlagen', text: errorText(error) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder padding="xl" data-testid="onboarding">
      <Title order={3} mb={4}>
        In drei Schritten zur ersten Sicherheitsbewertung
      </Title>
      <Text c="dimmed" mb="lg">
        Der Collector läuft in Ihrem Netz, liest Active Directory und sendet die Daten verschlüsselt an Burgwall.
      </Text>
      <Stepper active={active} orientation="vertical">
        <Stepper.Step label="Installer herunterladen" description="Collector mit vorbereiteter Konfiguration und eigenem Schlüssel">
          <Button mt="xs" leftSection={<IconDownload size={16} />} loading={downloading} onClick={() => void download()}>
            Installer herunterladen
          </Button>
        </Stepper.Step>
        <Stepper.Step
          label="Collector installieren und aktivieren"
          description={
            activated
              ? `Aktiviert auf ${activated.machineCode}${activated.activatedAt ? ` am ${formatDateTime(activated.activatedAt)}` : ''}`
              : 'Auf einem Windows- oder Linux-Server mit Zugriff auf einen Domänencontroller entpacken und das Installationsskript starten'
          }
        >
          <InstallerContents executables={executables.data ?? null} />
        </Stepper.Step>
        <Stepper.Step
          label="Erste Daten"
          description={adConnected ? 'Daten empfangen – die Auswertung läuft' : 'Nach der ersten Erfassung erscheinen hier Bewertung und Befunde (meist wenige Minuten).'}
        />
      </Stepper>
    </Card>
  );
}
