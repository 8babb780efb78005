import { Divider, Stack } from '@mantine/core';
import { AlertRulesSection } from './alert-rules-section';
import { SiemSection } from './siem-section';
import { WebhooksSection } from './webhooks-section';

/** The "Alarme" tab of the provider settings: alert rules, the webhooks they can send to and the SIEM feed. */
export function AlertsPanel({ providerId }: { providerId: string }) {
  return (
    <Stack gap="xl">
      <AlertRulesSection providerId={providerId} />
      <Divider />
      <WebhooksSection providerId={providerId} />
      <Divider />
      <SiemSection providerId={providerId} />
    </Stack>
  );
}
