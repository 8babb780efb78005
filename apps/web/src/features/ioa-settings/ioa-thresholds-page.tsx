import { Accordion, Button, Card, Group, NumberInput, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/data-states';
import { PageHeader } from '../../components/page-header';
import type { IoaDetector as Detector } from '@burgwall/shared';
import { callApi } from '../../lib/api-client';
import { errorText } from '../../lib/use-api';
import { SeverityBadge } from '../../components/severity-badge';
import { notify } from '../../lib/notify';
import { getIoaThresholds, resetIoaThresholds, updateIoaThreshold } from './ioa-settings-api';

const THRESHOLD_LABEL: Record<string, string> = { accounts: 'Anzahl Konten', minutes: 'Zeitfenster (Minuten)' };

function DetectorForm({ clientId, detector, onSaved }: { clientId: string; detector: Detector; onSaved: (list: Detector[]) => void }) {
  const [draft, setDraft] = useState({ ...detector.setting, allowlistText: detector.setting.allowlist.join('\n') });
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const list = await callApi(
        updateIoaThreshold(clientId, detector.slug, {
          enabled: draft.enabled,
          allowlist: draft.allowlistText.split('\n').map((line) => line.trim()).filter(Boolean),
          thresholds: draft.thresholds,
        }),
      );
      onSaved(list);
      notify({ type: 'success', title: 'Gespeichert', text: `Einstellungen für „${detector.title}“ wurden gespeichert.` });
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    } finally {
      setSaving(false);
    }
  };
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
        <Button loading={saving} onClick={() => void save()}>
          Speichern
        </Button>
      </Group>
    </Stack>
  );
}

/** /client/{clientId}/settings/ioa/thresholds: per-detector switch, thresholds and allowlist; reset to defaults. */
export function IoaThresholdsPage() {
  const { clientId = '' } = useParams();
  const [state, setState] = useState<{ list: Detector[] | null; error: string | null; generation: number }>({ list: null, error: null, generation: 0 });
  const [resetting, setResetting] = useState(false);
  const load = useCallback(() => callApi(getIoaThresholds(clientId)), [clientId]);
  useEffect(() => {
    let cancelled = false;
    load()
      .then((list) => !cancelled && setState((s) => ({ ...s, list, error: null })))
      .catch((error: unknown) => !cancelled && setState((s) => ({ ...s, error: errorText(error) })));
    return () => {
      cancelled = true;
    };
  }, [load, state.generation]);

  const reset = async () => {
    setResetting(true);
    try {
      await callApi(resetIoaThresholds(clientId));
      setState((s) => ({ list: null, error: null, generation: s.generation + 1 }));
      notify({ type: 'success', title: 'Zurückgesetzt', text: 'Alle Erkennungsregeln nutzen wieder die Standardwerte.' });
    } catch (error) {
      notify({ type: 'error', title: 'Zurücksetzen fehlgeschlagen', text: String(error) });
    } finally {
      setResetting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Schwellenwerte für Angriffe"
        description="Legen Sie fest, welche Angriffsmuster gemeldet werden, ab welchen Schwellen und mit welchen Ausnahmen."
        actions={
          <Button variant="light" color="gray" leftSection={<IconRestore size={16} />} loading={resetting} onClick={() => void reset()}>
            Auf Standard zurücksetzen
          </Button>
        }
      />
      {state.error ? (
        <ErrorState message={state.error} onRetry={() => setState((s) => ({ list: null, error: null, generation: s.generation + 1 }))} />
      ) : !state.list ? (
        <LoadingState />
      ) : (
        <Card withBorder radius="md" p={0}>
          <Accordion variant="default" key={state.generation}>
            {state.list.map((detector) => (
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
                  <DetectorForm clientId={clientId} detector={detector} onSaved={(list) => setState((s) => ({ ...s, list }))} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Card>
      )}
    </>
  );
}
