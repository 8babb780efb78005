import { type CollectorKey, formatDateTime } from '@burgwall/shared';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useApiSend } from '../../lib/query/api-send';
import { notify } from '../../lib/notify';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/api-query';
import { useApiQuery } from '../../lib/api-query';
import { getCollectorKeys, revokeCollectorKey, rotateCollectorKey } from './client-settings-api';

function status(key: CollectorKey): { label: string; color: string } {
  if (key.revokedAt) return { label: 'Widerrufen', color: 'gray' };
  if (key.machineCode) return { label: 'Aktiv', color: 'green' };
  return { label: 'Noch nicht aktiviert', color: 'yellow' };
}

/** The client's collector keys: which machine uses which key, when last; revoke or renew with confirmation. */
export function CollectorKeysPanel({ clientId }: { clientId: string }) {
  const keys = useApiQuery(getCollectorKeys(clientId));
  const send = useApiSend(['getCollectorKeys']);
  const [confirm, setConfirm] = useState<{ key: CollectorKey; action: 'revoke' | 'rotate' } | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (keys.isPending) return <LoadingState />;
  if (keys.errorMessage) return <ErrorState message={keys.errorMessage} onRetry={() => void keys.refetch()} />;
  const list = keys.data ?? [];

  const act = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.action === 'revoke') {
        await send.call(revokeCollectorKey(clientId, confirm.key.keyId));
        notify({ type: 'success', title: 'Schlüssel widerrufen', text: 'Collector mit diesem Schlüssel werden ab sofort abgewiesen.' });
      } else {
        const rotated = await send.call(rotateCollectorKey(clientId, confirm.key.keyId));
        setNewKey(rotated.key);
      }
    } catch (error) {
      notify({ type: 'error', title: 'Aktion fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  return (
    <Stack>
      <Text c="dimmed" size="sm">
        Jeder Installer enthält einen eigenen Schlüssel; er gilt nur auf dem Rechner, auf dem der Collector zuerst aktiviert wurde. Widerrufen Sie Schlüssel, die niemand mehr braucht.
      </Text>
      {list.length === 0 ? (
        <EmptyState title="Noch keine Collector-Schlüssel">Ein Schlüssel entsteht mit jedem Download des Installers.</EmptyState>
      ) : (
        <ScrollArea>
          <Table striped highlightOnHover miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Schlüssel</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Rechner</Table.Th>
                <Table.Th>Zuletzt verwendet</Table.Th>
                <Table.Th>Erstellt</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((key) => {
                const state = status(key);
                return (
                  <Table.Tr key={key.keyId}>
                    <Table.Td><Code>{key.prefix}…</Code></Table.Td>
                    <Table.Td><Badge color={state.color} variant="light">{state.label}</Badge></Table.Td>
                    <Table.Td>{key.machineCode ?? '–'}</Table.Td>
                    <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : '–'}</Table.Td>
                    <Table.Td>{formatDateTime(key.createdAt)}</Table.Td>
                    <Table.Td>
                      {!key.revokedAt && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="xs" variant="light" onClick={() => setConfirm({ key, action: 'rotate' })}>Erneuern</Button>
                          <Button size="xs" variant="light" color="red" onClick={() => setConfirm({ key, action: 'revoke' })}>Widerrufen</Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={confirm?.action === 'revoke' ? 'Schlüssel widerrufen?' : 'Schlüssel erneuern?'} centered>
        <Stack>
          <Text size="sm">
            {confirm?.action === 'revoke'
              ? `Der Schlüssel ${confirm.key.prefix}… gilt sofort nicht mehr. Ein Collector, der ihn nutzt, kann keine Daten mehr senden.`
              : `Der Schlüssel ${confirm?.key.prefix ?? ''}… wird widerrufen und durch einen neuen ersetzt, den Sie in die Collector-Konfiguration eintragen.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>Abbrechen</Button>
            <Button color={confirm?.action === 'revoke' ? 'red' : undefined} loading={busy} onClick={() => void act()}>
              {confirm?.action === 'revoke' ? 'Widerrufen' : 'Erneuern'}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={newKey !== null} onClose={() => setNewKey(null)} title="Neuer Collector-Schlüssel" centered>
        <Stack>
          <Alert color="yellow">Der Schlüssel wird nur jetzt angezeigt. Tragen Sie ihn als „apiKey“ in die Collector-Konfiguration ein und starten Sie den Dienst neu.</Alert>
          <Code block>{newKey}</Code>
          <CopyButton value={newKey ?? ''}>
            {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Kopiert' : 'Schlüssel kopieren'}</Button>}
          </CopyButton>
        </Stack>
      </Modal>
    </Stack>
  );
}
