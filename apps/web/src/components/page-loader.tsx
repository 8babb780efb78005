import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-height loading indicator while a page's data arrives. */
export function PageLoader({ label = 'Wird geladen …' }: { label?: string }) {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" fz="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
