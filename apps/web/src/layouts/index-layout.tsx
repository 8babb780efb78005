import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Logo } from '../components/logo';
import { SignOutNotice } from '../components/sign-out-notice';
import { IMPRINT_PATH, PRIVACY_PATH } from '../lib/consent/consent-config';
import { showConsentPreferences } from '../lib/consent/start-consent';

/** The public start page frame (SPEC layout "index"). */
export function IndexLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between">
            <Logo />
            <Button component={Link} to="/provider" variant="filled">
              Anmelden
            </Button>
          </Group>
        </Container>
      </Box>
      <Box style={{ flex: 1 }}>
        <SignOutNotice />
        <Outlet />
      </Box>
      <Box component="footer" py="md" bg="gray.0">
        <Container size="lg">
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              © {new Date().getFullYear()} Burgwall
            </Text>
            <Group gap="lg">
              <Anchor component={Link} to={PRIVACY_PATH} fz="sm" c="dimmed">
                Datenschutz
              </Anchor>
              <Anchor component={Link} to={IMPRINT_PATH} fz="sm" c="dimmed">
                Impressum
              </Anchor>
              <Anchor component="button" type="button" fz="sm" c="dimmed" onClick={showConsentPreferences}>
                Cookie-Einstellungen
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
