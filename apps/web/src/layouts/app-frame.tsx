import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Outlet, NavLink as RouterNavLink } from 'react-router';
import { LicenseBanner } from '../components/license-banner';
import { Logo } from '../components/logo';
import { UserMenu } from '../components/user-menu';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Only an exact match marks the item active. */
  end?: boolean;
}

export interface NavSection {
  title?: string;
  items: NavItem[];
}

/** The shell shared by the admin, default (client) and service-provider layouts; `navTop` sits above the navigation. */
export function AppFrame({ area, sections, header, navTop }: { area: string; sections: NavSection[]; header?: ReactNode; navTop?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Navigation umschalten" />
            <Logo />
            <Text c="dimmed" fz="sm" visibleFrom="xs">
              {area}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            {header}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <ScrollArea>
          {navTop}
          {sections.map((section, index) => (
            <div key={section.title ?? index} style={{ marginBottom: 12 }}>
              {section.title && (
                <Text tt="uppercase" fz={11} fw={700} c="dimmed" px="sm" py={6}>
                  {section.title}
                </Text>
              )}
              {section.items.map((item) => (
                <NavLink
                  key={item.to}
                  component={RouterNavLink}
                  to={item.to}
                  end={item.end}
                  label={item.label}
                  leftSection={item.icon}
                  onClick={close}
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
            </div>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <LicenseBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
