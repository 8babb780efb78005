import { Alert, Button, Container, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { InstallerContents } from '../../components/installer-contents';
import { Logo } from '../../components/logo';
import { apiUrl } from '../../lib/api-base';

/**
 * /meta/quickcheck/installer?client=…&token=… (public): the quick-check
 * prospect downloads its installer with the token of the mailed link.
 */
export function QuickcheckInstallerPage() {
  useDocumentTitle('Quickcheck-Installer · Burgwall');
  const [params] = useSearchParams();
  const client = params.get('client') ?? '';
  const token = params.get('token') ?? '';
  const complete = /^[0-9a-f-]{36}$/.test(client) && token.length > 0;
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'error'>('idle');

  const download = async () => {
    setState('loading');
    try {
      const response = await fetch(apiUrl(`/client/${client}/quickcheck/collector/installer?${new URLSearchParams({ token }).toString()}`));
      if (!response.ok) throw new Error(String(response.status));
      const name = response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ?? 'burgwall-collector.zip';
      const url = URL.createObjectURL(await response.blob());
      const anchor = Object.assign(document.createElement('a'), { href: url, download: name });
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState('done');
    } catch {
      setState('error');
    }
  };

  return (
    <Container size={720} py={64}>
      <Group justify="center" mb="xl">
        <Logo />
      </Group>
      <Paper withBorder radius="lg" p={36} shadow="sm">
        <Stack>
          <Group gap="sm">
            <ThemeIcon size={40} radius="xl" variant="light">
              <IconShieldCheck size={22} />
            </ThemeIcon>
            <Title order={2}>Quickcheck-Installer</Title>
          </Group>
          <Text c="dimmed">Der kostenlose Sicherheits-Quickcheck prüft Ihr Active Directory in wenigen Minuten. So geht es:</Text>
          <List spacing={6} size="sm">
            <List.Item>Installer herunterladen und auf einem Mitgliedsserver Ihrer Domäne entpacken.</List.Item>
            <List.Item>install.ps1 als Administrator ausführen (Linux: install.sh als root).</List.Item>
            <List.Item>Ihr IT-Dienstleister bespricht das Ergebnis mit Ihnen.</List.Item>
          </List>
          <InstallerContents />
          {!complete && (
            <Alert color="yellow" title="Link unvollständig">
              Bitte öffnen Sie den Link aus der Einladungs-E-Mail Ihres IT-Dienstleisters.
            </Alert>
          )}
          {state === 'error' && (
            <Alert color="red" title="Download nicht möglich" role="alert">
              Der Link ist abgelaufen oder ungültig. Bitte fordern Sie bei Ihrem IT-Dienstleister einen neuen an.
            </Alert>
          )}
          {state === 'done' && (
            <Alert color="green" title="Download gestartet">
              Der Installer wurde heruntergeladen.
            </Alert>
          )}
          <Button size="md" leftSection={<IconDownload size={18} />} disabled={!complete} loading={state === 'loading'} onClick={() => void download()}>
            Installer herunterladen
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
