import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconBellPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ALERT_SEVERITY_LABELS, ALERT_TRIGGER_LABELS, type AlertRule } from '@burgwall/shared';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { AlertRuleForm } from './alert-rule-form';
import { deleteAlertRule, listAlertRules } from './alerts-api';

/** What exactly the rule watches, in one German phrase. */
function condition(rule: AlertRule): string {
  if ((rule.trigger === 'finding' || rule.trigger === 'ioa') && rule.minSeverity) return `ab ${ALERT_SEVERITY_LABELS[rule.minSeverity]}`;
  if (rule.trigger === 'score') {
    return [rule.scoreDrop ? `−${rule.scoreDrop} Punkte` : null, rule.belowGrade ? `unter Note ${rule.belowGrade}` : null].filter(Boolean).join(' oder ');
  }
  return rule.trigger === 'collector' ? 'länger als 4 Stunden' : 'Lizenz / Plätze';
}

function channels(rule: AlertRule): string {
  const parts = [];
  if (rule.recipientUserIds.length) parts.push(`${rule.recipientUserIds.length} E-Mail-Empfänger`);
  if (rule.webhookIds.length) parts.push(`${rule.webhookIds.length} Webhook${rule.webhookIds.length === 1 ? '' : 's'}`);
  return parts.join(', ');
}

export function AlertRulesSection({ providerId }: { providerId: string }) {
  const [creating, setCreating] = useState(false);
  const rules = useApiQuery(listAlertRules(providerId));
  const remove = useApiMutation((ruleId: string) => deleteAlertRule(providerId, ruleId), ['listAlertRules']);
  const onDelete = async (rule: AlertRule) => {
    try {
      await remove.mutateAsync(rule.id);
      notify({ type: 'success', title: 'Gelöscht', text: `Die Alarmregel „${rule.name}“ wurde gelöscht.` });
    } catch (error) {
      notify({ type: 'error', title: 'Löschen fehlgeschlagen', text: errorText(error) });
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={4}>Alarmregeln</Title>
          <Text size="sm" c="dimmed">
            Wer wann benachrichtigt wird. Jede Ursache wird je Regel und Kanal nur einmal gemeldet.
          </Text>
        </div>
        <Button leftSection={<IconBellPlus size={16} />} onClick={() => setCreating(true)}>
          Neue Alarmregel
        </Button>
      </Group>
      {rules.isPending && <LoadingState />}
      {rules.errorMessage && <ErrorState message={rules.errorMessage} onRetry={() => void rules.refetch()} />}
      {rules.data?.length === 0 && (
        <EmptyState title="Noch keine Alarmregeln">Legen Sie eine Regel an, damit Ihr Team bei neuen kritischen Risiken oder Angriffen sofort Bescheid weiß.</EmptyState>
      )}
      {rules.data && rules.data.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Auslöser</Table.Th>
                  <Table.Th>Kunde</Table.Th>
                  <Table.Th>Zustellung</Table.Th>
                  <Table.Th>Kanäle</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rules.data.map((rule) => (
                  <Table.Tr key={rule.id}>
                    <Table.Td fw={600}>{rule.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{ALERT_TRIGGER_LABELS[rule.trigger]}</Text>
                      <Text size="xs" c="dimmed">
                        {condition(rule)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{rule.clientName ?? 'Alle Kunden'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={rule.delivery === 'digest' ? 'grape' : 'blue'}>
                        {rule.delivery === 'digest' ? 'Täglich' : 'Sofort'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{channels(rule)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label="Regel löschen">
                        <ActionIcon variant="subtle" color="red" aria-label={`Alarmregel ${rule.name} löschen`} onClick={() => void onDelete(rule)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Neue Alarmregel" size="lg">
        <AlertRuleForm providerId={providerId} onDone={() => setCreating(false)} />
      </Modal>
    </Stack>
  );
}
