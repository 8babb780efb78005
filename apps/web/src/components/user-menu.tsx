import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { initials } from '@burgwall/shared';
import { IconChevronDown, IconHelp, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { logout } from '../lib/auth/sign-in-out';
import { useSession } from '../lib/auth/session';

/** Name/e-mail of the signed-in user with 'Abmelden', in the header of every signed-in layout. */
export function UserMenu() {
  const { data } = useSession();
  if (!data) return null;
  const name = data.user.name ?? data.user.email;
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="Benutzermenü" data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar color="burg" radius="xl" size={32}>
              {initials(name)}
            </Avatar>
            <div style={{ lineHeight: 1.2 }}>
              <Text fz="sm" fw={600} visibleFrom="sm">
                {name}
              </Text>
              <Text fz="xs" c="dimmed" visibleFrom="sm">
                {data.user.email}
              </Text>
            </div>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{data.user.email}</Menu.Label>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Benutzereinstellungen
        </Menu.Item>
        <Menu.Item component={Link} to="/support" leftSection={<IconHelp size={16} />}>
          Support kontaktieren
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Abmelden
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
