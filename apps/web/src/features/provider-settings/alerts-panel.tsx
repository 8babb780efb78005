import { Divider, Stack } from '@mantine/core';
import { AlertRulesSection } from './alert-rules-section';
import { WebhooksSection } from './webhooks-section';

/** The "Alarme" tab of the provider settings: alert rules and the webhooks they can send to. */
export function AlertsPanel({ providerId }: { providerId: string }) {
  return (
    <Stack gap="xl">
      <AlertRulesSection providerId={providerId} />
      <Divider />
      <WebhooksSection providerId={providerId} />
    </Stack>
  );
}
