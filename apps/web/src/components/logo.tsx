import { Group, Text } from '@mantine/core';

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill="var(--mantine-color-burg-8)" />
        <path d="M7 25V12h4v3h3v-3h4v3h3v-3h4v13z" fill="#fff" />
      </svg>
      <Text fw={750} fz="lg" c="burg.9">
        Burgwall
      </Text>
    </Group>
  );
}
