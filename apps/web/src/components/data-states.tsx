import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Loading, error and empty states shared by every data page, so they look and read the same everywhere. */
export function LoadingState({ label = 'Daten werden geladen …' }: { label?: string }) {
  return (
    <Center py="xl" data-testid="loading-state">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" title="Daten konnten nicht geladen werden" icon={<IconAlertTriangle size={18} />} data-testid="error-state">
      <Stack gap="xs" align="flex-start">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {message}
        </Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Erneut versuchen
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** `children` explain what would appear here and how to get there; `action` offers the first step. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Center py="xl" data-testid="empty-state">
      <Stack align="center" gap="xs" maw={460}>
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconInbox size={26} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text c="dimmed" size="sm" ta="center">
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}
