import { Alert, Anchor, Button, Card, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { CriticalityBadge } from './criticality';
import type { IoeState } from '@burgwall/shared';
import { callApi } from '../../lib/api-client';
import { getIoeStates, resetThresholds, updateIoe } from './ioe-api';
import { ErrorState, LoadingState } from '../../components/data-states';
import { errorText, useApiData } from './use-api-data';

function ThresholdRow({ clientId, ioe, onSaved }: { clientId: string; ioe: IoeState; onSaved: () => void }) {
  const [values, setValues] = useState<Record<string, number>>(() => Object.fromEntries(ioe.setting.thresholds.map((threshold) => [threshold.key, threshold.value])));
  const [saving, setSaving] = useState(false);
  const changed = ioe.setting.thresholds.some((threshold) => values[threshold.key] !== threshold.value);
  const save = async () => {
    setSaving(true);
    try {
      await callApi(updateIoe(clientId, ioe.ioeIdPk, { thresholds: values }));
      notify({ type: 'success', title: 'Schwellenwert gespeichert', text: `„${ioe.title}“ wurde neu ausgewertet.` });
      onSaved();
    } catch (error) {
      notify({ type: 'error', title: 'Nicht gespeichert', text: errorText(error) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Table.Tr data-slug={ioe.ioeType}>
      <Table.Td>
        <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${ioe.ioeType}`} fz="sm" fw={600}>
          {ioe.title}
        </Anchor>
        <Group gap={6} mt={4}>
          <CriticalityBadge criticality={ioe.criticality} />
          <Text fz="xs" c="dimmed">
            {ioe.totalFindingsCount} Befunde
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap="xs">
          {ioe.setting.thresholds.map((threshold) => (
            <NumberInput
              key={threshold.key}
              label={`${threshold.label} (${threshold.unit})`}
              description={`Standard ${threshold.default}, erlaubt ${threshold.min}–${threshold.max}`}
              min={threshold.min}
              max={threshold.max}
              clampBehavior="strict"
              allowDecimal={false}
              value={values[threshold.key]}
              onChange={(value) => setValues((previous) => ({ ...previous, [threshold.key]: typeof value === 'number' ? value : threshold.default }))}
              maw={360}
            />
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Button size="xs" onClick={() => void save()} loading={saving} disabled={!changed}>
          Speichern
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** /client/{clientId}/settings/ioe/thresholds: configurable thresholds of the checks, with reset. */
export function ThresholdsPage() {
  const { clientId = '' } = useParams();
  const states = useApiData(clientId, () => callApi(getIoeStates(clientId)));
  const reset = async () => {
    try {
      await callApi(resetThresholds(clientId));
      notify({ type: 'success', title: 'Zurückgesetzt', text: 'Alle Schwellenwerte stehen wieder auf dem Standard.' });
      states.reload();
    } catch (error) {
      notify({ type: 'error', title: 'Nicht zurückgesetzt', text: errorText(error) });
    }
  };
  const configurable = (states.data?.ioe ?? []).filter((ioe) => ioe.setting.thresholds.length > 0);
  return (
    <>
      <PageHeader
        title="Schwellenwerte für Schwachstellen"
        description="Legen Sie fest, ab wann eine Prüfung anschlägt. Änderungen werden sofort auf die letzten Verzeichnisdaten angewendet."
        actions={
          <Button variant="default" onClick={() => void reset()} disabled={!states.data}>
            Alle zurücksetzen
          </Button>
        }
      />
      {states.error && <ErrorState message={states.error} onRetry={states.reload} />}
      {states.loading && !states.data && <LoadingState />}
      {states.data && (
        <Card withBorder>
          {!states.data.lastEvaluatedAt && (
            <Alert color="blue" mb="md">
              Noch keine Verzeichnisdaten: Die Werte gelten ab der ersten Auswertung.
            </Alert>
          )}
          <Table verticalSpacing="md" data-testid="thresholds-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Prüfung</Table.Th>
                <Table.Th>Schwellenwert</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {configurable.map((ioe) => (
                <ThresholdRow key={`${ioe.ioeIdPk}:${ioe.setting.thresholds.map((threshold) => threshold.value).join(',')}`} clientId={clientId} ioe={ioe} onSaved={states.reload} />
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </>
  );
}
