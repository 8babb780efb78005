import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function LoadingState({ label = 'Wird geladen …' }: { label?: string }) {
  return (
    <Center mih={240} data-testid="loading">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" fz="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Daten konnten nicht geladen werden" data-testid="error">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Erneut versuchen
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center mih={200} data-testid="empty">
      <Stack align="center" gap="xs" maw={460} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconInbox size={26} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text c="dimmed" fz="sm">
            {children}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
