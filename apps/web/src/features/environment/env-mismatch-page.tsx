import { Alert, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLogout } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { logout } from '../../lib/auth/sign-in-out';
import { useSession } from '../../lib/auth/session';
import { type AppEnv, loadAppEnv } from '../../lib/runtime-env';

const ENV_NAMES: Record<AppEnv, string> = {
  next: 'Vorschau-Umgebung (next)',
  dev: 'Entwicklungsumgebung (dev)',
  demo: 'Demo-Umgebung',
  prod: 'Produktivumgebung',
  selfhosted: 'selbst betriebene Installation',
};

const REQUIREMENT: Record<AppEnv, string> = {
  next: 'Diese Umgebung ist nur für Konten mit Vorschau-Freigabe (next_user) zugänglich.',
  dev: 'Diese Umgebung ist nur für Konten mit Vorschau-Freigabe (next_user) zugänglich.',
  demo: 'Diese Umgebung ist nur für Demo-Konten (demo_user) zugänglich.',
  prod: 'Konten mit Vorschau-Freigabe (next_user) melden sich in der Vorschau-Umgebung an, nicht in der Produktivumgebung.',
  selfhosted: 'Für diese Installation gibt es keine Einschränkung.',
};

/** /env-mismatch: the signed-in account does not belong to this environment (SPEC §5). */
export function EnvMismatchPage() {
  const { data } = useSession();
  const [appEnv, setAppEnv] = useState<AppEnv | null>(null);
  useEffect(() => {
    void loadAppEnv().then(setAppEnv);
  }, []);
  return (
    <Card withBorder radius="lg" padding="xl" maw={640} mx="auto" mt="xl">
      <Stack gap="md">
        <Group gap="sm">
          <ThemeIcon color="orange" variant="light" size={44} radius="xl">
            <IconAlertTriangle size={24} />
          </ThemeIcon>
          <Title order={1} fz={26}>
            Falsche Umgebung
          </Title>
        </Group>
        <Text>
          Sie sind {data ? <>als <b>{data.user.email}</b> </> : null}angemeldet, aber dieses Konto gehört nicht zur{' '}
          {appEnv ? ENV_NAMES[appEnv] : 'aktuellen Umgebung'}.
        </Text>
        {appEnv && (
          <Alert color="orange" variant="light" title="Warum sehe ich diese Seite?">
            {REQUIREMENT[appEnv]}
          </Alert>
        )}
        <Text fw={600}>So geht es weiter:</Text>
        <List spacing={6}>
          <List.Item>Melden Sie sich mit einem Konto an, das für diese Umgebung freigegeben ist, oder</List.Item>
          <List.Item>öffnen Sie die Burgwall-Adresse, die Ihnen Ihr Dienstleister bzw. Administrator genannt hat.</List.Item>
        </List>
        <Group justify="flex-end" mt="sm">
          <Button leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
            Abmelden und anderes Konto verwenden
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
