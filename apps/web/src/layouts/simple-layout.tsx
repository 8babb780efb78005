import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Logo } from '../components/logo';
import { UserMenu } from '../components/user-menu';

/** A header with the logo over a centred column (SPEC layout "simple"). */
export function SimpleLayout() {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md" h={60}>
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to="/" underline="never">
              <Logo />
            </Anchor>
            <UserMenu />
          </Group>
        </Container>
      </Box>
      {/* The page's main landmark, as in the app frame: screen readers jump to it. */}
      <Container component="main" size="md" py="xl">
        <Outlet />
      </Container>
    </Box>
  );
}
