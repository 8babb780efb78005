import { Alert, Button, Center, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function LoadingState({ label = 'Wird geladen …' }: { label?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text c="dimmed" fz="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Laden fehlgeschlagen" role="alert">
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

export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" py="md">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconInbox size={26} />
        </ThemeIcon>
        <Text fw={650}>{title}</Text>
        <Text c="dimmed" fz="sm" ta="center" maw={420}>
          {text}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
