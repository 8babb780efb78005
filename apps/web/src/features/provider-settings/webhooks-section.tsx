import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconListDetails, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { WEBHOOK_KIND_LABELS, type Webhook } from '@burgwall/shared';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { deleteWebhook, listWebhooks, testWebhook } from './alerts-api';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookForm } from './webhook-form';

const RELOADS = ['listWebhooks', 'listWebhookDeliveries'] as const;

function LastDelivery({ webhook }: { webhook: Webhook }) {
  const last = webhook.lastDelivery;
  if (!last) return <Badge variant="light" color="gray">Noch nichts gesendet</Badge>;
  const ok = last.status === 'delivered';
  return (
    <Badge variant="light" color={ok ? 'green' : last.status === 'failed' ? 'red' : 'gray'}>
      {ok ? 'Zugestellt' : last.status === 'failed' ? 'Fehlgeschlagen' : 'Ausstehend'}
      {last.lastStatusCode ? ` · HTTP ${last.lastStatusCode}` : ''}
    </Badge>
  );
}

function WebhookRow({ providerId, webhook, onLog }: { providerId: string; webhook: Webhook; onLog: () => void }) {
  const test = useApiMutation(() => testWebhook(providerId, webhook.id), RELOADS);
  const remove = useApiMutation(() => deleteWebhook(providerId, webhook.id), [...RELOADS, 'listAlertRules']);
  const sendTest = async () => {
    try {
      const delivery = await test.mutateAsync(undefined);
      if (delivery.status === 'delivered') notify({ type: 'success', title: 'Test zugestellt', text: `Der Empfänger antwortete mit HTTP ${delivery.lastStatusCode ?? ''}.` });
      else notify({ type: 'error', title: 'Test fehlgeschlagen', text: delivery.lastError ?? 'Der Empfänger hat nicht geantwortet.' });
      onLog();
    } catch (error) {
      notify({ type: 'error', title: 'Test fehlgeschlagen', text: errorText(error) });
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs">
            <Text fw={600}>{webhook.name}</Text>
            <Badge variant="outline" size="sm">
              {WEBHOOK_KIND_LABELS[webhook.kind]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
          <div>
            <LastDelivery webhook={webhook} />
          </div>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconSend size={14} />} loading={test.isPending} onClick={() => void sendTest()}>
            Test senden
          </Button>
          <Button size="xs" variant="default" leftSection={<IconListDetails size={14} />} onClick={onLog}>
            Zustellprotokoll
          </Button>
          <Tooltip label="Webhook löschen">
            <ActionIcon variant="subtle" color="red" aria-label={`Webhook ${webhook.name} löschen`} loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

export function WebhooksSection({ providerId }: { providerId: string }) {
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const webhooks = useApiQuery(listWebhooks(providerId));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={4}>Webhooks</Title>
          <Text size="sm" c="dimmed">
            Microsoft Teams, Slack oder eigene Systeme (JSON) – signiert und bei Fehlern automatisch wiederholt.
          </Text>
        </div>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Webhook hinzufügen
        </Button>
      </Group>
      {webhooks.isPending && <LoadingState />}
      {webhooks.errorMessage && <ErrorState message={webhooks.errorMessage} onRetry={() => void webhooks.refetch()} />}
      {webhooks.data?.length === 0 && <EmptyState title="Noch keine Webhooks">Verbinden Sie einen Teams- oder Slack-Kanal, um Alarme dort zu erhalten.</EmptyState>}
      {webhooks.data?.map((webhook) => <WebhookRow key={webhook.id} providerId={providerId} webhook={webhook} onLog={() => setLogOf(webhook)} />)}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Webhook hinzufügen" size="lg">
        <WebhookForm providerId={providerId} onDone={() => setCreating(false)} />
      </Modal>
      <Modal opened={logOf !== null} onClose={() => setLogOf(null)} title={`Zustellprotokoll – ${logOf?.name ?? ''}`} size="xl">
        {logOf && <WebhookDeliveryLog providerId={providerId} webhookId={logOf.id} />}
      </Modal>
    </Stack>
  );
}
