import { Accordion, Button, Card, Group, NumberInput, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/data-states';
import { PageHeader } from '../../components/page-header';
import type { IoaDetector as Detector } from '@burgwall/shared';
import { apiQueryKey, errorText, useApiMutation, useApiQuery } from '../../lib/api-query';
import { SeverityBadge } from '../../components/severity-badge';
import { notify } from '../../lib/notify';
import { getIoaThresholds, resetIoaThresholds, updateIoaThreshold } from './ioa-settings-api';

const THRESHOLD_LABEL: Record<string, string> = { accounts: 'Anzahl Konten', minutes: 'Zeitfenster (Minuten)' };

function DetectorForm({ clientId, detector }: { clientId: string; detector: Detector }) {
  const [draft, setDraft] = useState({ ...detector.setting, allowlistText: detector.setting.allowlist.join('\n') });
  const cache = useQueryClient();
  // The answer is every detector with this one saved: it replaces the cached list (the other forms keep their drafts).
  const update = useApiMutation(() => updateIoaThreshold(clientId, detector.slug, {
    enabled: draft.enabled,
    allowlist: draft.allowlistText.split('\n').map((line) => line.trim()).filter(Boolean),
    thresholds: draft.thresholds,
  }), []);
  const save = () =>
    update.mutate(undefined, {
      onSuccess: (list) => {
        cache.setQueryData(apiQueryKey(getIoaThresholds(clientId)), list);
        notify({ type: 'success', title: 'Gespeichert', text: `Einstellungen für „${detector.title}“ wurden gespeichert.` });
      },
      onError: (error) => notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) }),
    });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {detector.description}
      </Text>
      <Switch label="Erkennung aktiv" checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.currentTarget.checked })} />
      {Object.keys(detector.defaults.thresholds).length > 0 && (
        <Group>
          {Object.entries(draft.thresholds).map(([name, value]) => (
            <NumberInput
              key={name}
              label={THRESHOLD_LABEL[name] ?? name}
              min={1}
              max={100_000}
              value={value}
              onChange={(next) => setDraft({ ...draft, thresholds: { ...draft.thresholds, [name]: Number(next) || 1 } })}
              w={200}
            />
          ))}
        </Group>
      )}
      <Textarea
        label="Ausnahmen (Allowlist)"
        description="Ein Eintrag pro Zeile: DN, SID oder Wert, der nie gemeldet wird. Mit „+“ davor: zusätzliche Gruppe bzw. GPO, die überwacht wird."
        autosize
        minRows={2}
        value={draft.allowlistText}
        onChange={(event) => setDraft({ ...draft, allowlistText: event.currentTarget.value })}
      />
      <Group justify="flex-end">
        <Button loading={update.isPending} onClick={save}>
          Speichern
        </Button>
      </Group>
    </Stack>
  );
}

/** /client/{clientId}/settings/ioa/thresholds: per-detector switch, thresholds and allowlist; reset to defaults. */
export function IoaThresholdsPage() {
  const { clientId = '' } = useParams();
  const list = useApiQuery(getIoaThresholds(clientId));
  // After a reset every form starts again from the reloaded values.
  const [resets, setResets] = useState(0);
  const resetAll = useApiMutation(() => resetIoaThresholds(clientId), ['getIoaThresholds']);
  const reset = () =>
    resetAll.mutate(undefined, {
      onSuccess: () => {
        setResets((count) => count + 1);
        notify({ type: 'success', title: 'Zurückgesetzt', text: 'Alle Erkennungsregeln nutzen wieder die Standardwerte.' });
      },
      onError: (error) => notify({ type: 'error', title: 'Zurücksetzen fehlgeschlagen', text: errorText(error) }),
    });

  return (
    <>
      <PageHeader
        title="Schwellenwerte für Angriffe"
        description="Legen Sie fest, welche Angriffsmuster gemeldet werden, ab welchen Schwellen und mit welchen Ausnahmen."
        actions={
          <Button variant="light" color="gray" leftSection={<IconRestore size={16} />} loading={resetAll.isPending} onClick={reset}>
            Auf Standard zurücksetzen
          </Button>
        }
      />
      {list.errorMessage ? (
        <ErrorState message={list.errorMessage} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <LoadingState />
      ) : (
        <Card withBorder radius="md" p={0}>
          <Accordion variant="default" key={resets}>
            {list.data.map((detector) => (
              <Accordion.Item key={detector.slug} value={detector.slug}>
                <Accordion.Control>
                  <Group justify="space-between" pr="md">
                    <Text fw={500} c={detector.setting.enabled ? undefined : 'dimmed'}>
                      {detector.title}
                      {!detector.setting.enabled && ' (deaktiviert)'}
                    </Text>
                    <SeverityBadge severity={detector.severity} />
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <DetectorForm key={`${resets}:${detector.slug}`} clientId={clientId} detector={detector} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Card>
      )}
    </>
  );
}
