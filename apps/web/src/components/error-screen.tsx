import { Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { runtimeConfig } from '../config/runtime';
import { isBot } from './is-bot';

export const DEFAULT_ERROR_TITLE = 'Uh, oh! Ein Fehler ist aufgetreten';

export interface ErrorDetails {
  code: string;
  title: string;
  message: string;
}

/** Normalises whatever a route threw into code, title and message for the screen. */
export function describeError(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const raw = typeof error.data === 'string' ? error.data : (error.data?.message ?? error.statusText);
    // The route error keeps the SPEC's wording ('Page Not Found: {path}'); the screen says it in German.
    const message = typeof raw === 'string' ? raw.replace(/^Page Not Found: /, 'Seite nicht gefunden: ') : raw;
    return { code: String(error.status), title: DEFAULT_ERROR_TITLE, message: message || error.statusText };
  }
  if (error instanceof Error) {
    const code = (error as Error & { code?: string }).code ?? '500';
    return { code: String(code), title: DEFAULT_ERROR_TITLE, message: error.message };
  }
  return { code: '500', title: DEFAULT_ERROR_TITLE, message: String(error ?? 'Unbekannter Fehler') };
}

export function ErrorScreen({ details, onBack }: { details: ErrorDetails; onBack: () => void }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={520} w="100%">
        <Stack gap="md" align="center" ta="center">
          <Text fz={64} fw={800} c="burg.7" lh={1} data-testid="error-code">
            {details.code}
          </Text>
          <Title order={2}>{details.title}</Title>
          <Text c="dimmed" data-testid="error-message" style={{ wordBreak: 'break-word' }}>
            {details.message}
          </Text>
          <Group mt="sm">
            <Button leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
              Zurück
            </Button>
            <Anchor href={`mailto:${runtimeConfig.supportEmail}`} fz="sm">
              <Group gap={4}>
                <IconMail size={16} />
                Support kontaktieren
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

/** Route error boundary: shows the generic error screen (bots only get it logged). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const details = describeError(error);
  const bot = isBot();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  if (bot) return null;
  // Navigating away resets the router's error state, which clears the error.
  return <ErrorScreen details={details} onBack={() => navigate('/', { replace: true })} />;
}
