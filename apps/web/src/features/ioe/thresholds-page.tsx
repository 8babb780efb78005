import { Alert, Anchor, Button, Card, Grid, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { ConfirmAction } from '../../components/confirm-action';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { CriticalityBadge } from './criticality';
import type { IoeState } from '@burgwall/shared';
import { errorText, useApiMutation, useApiQuery } from '../../lib/api-query';
import { IOE_READS, getIoeStates, resetThresholds, updateIoe } from './ioe-api';
import { ErrorState, LoadingState } from '../../components/data-states';
import { useQueuedEvaluation } from './use-queued-evaluation';

type ThresholdValues = Record<string, number | string>;

/** German error for one threshold field, or null: the field keeps what was typed, it is never silently reset. */
function thresholdError(value: number | string, { min, max }: { min: number; max: number }): string | null {
  if (value === '' || value === undefined) return 'Bitte einen Wert eingeben.';
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) return `Bitte eine ganze Zahl von ${min} bis ${max} eingeben.`;
  return null;
}

function ThresholdRow({ clientId, ioe, onQueued }: { clientId: string; ioe: IoeState; onQueued: () => void }) {
  const thresholds = ioe.setting.thresholds;
  const form = useForm<ThresholdValues>({
    initialValues: Object.fromEntries(thresholds.map((threshold) => [threshold.key, threshold.value])),
    validate: (values) => Object.fromEntries(thresholds.map((threshold) => [threshold.key, thresholdError(values[threshold.key] ?? '', threshold)])),
  });
  const update = useApiMutation((values: ThresholdValues) => updateIoe(clientId, ioe.ioeIdPk, { thresholds: values as Record<string, number> }), IOE_READS);
  const formId = `thresholds-${ioe.ioeIdPk}`;
  const changed = thresholds.some((threshold) => form.values[threshold.key] !== threshold.value);
  const save = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (answer) => {
        // A large domain is evaluated in the background: the page follows it, the findings follow when it has run.
        if (answer.evaluationQueued) onQueued();
        notify({
          type: 'success',
          title: 'Schwellenwert gespeichert',
          text: answer.evaluationQueued ? `„${ioe.title}“ wird im Hintergrund neu ausgewertet; die Befunde folgen in Kürze.` : `„${ioe.title}“ wurde neu ausgewertet.`,
        });
      },
      onError: (error) => notify({ type: 'error', title: 'Nicht gespeichert', text: errorText(error) }),
    }),
  );
  // A grid row, not a table row: at phone width the check, its fields and the button stack instead of being cut off.
  return (
    <Grid data-testid="threshold-row" data-slug={ioe.ioeType} py="md" align="center" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${ioe.ioeType}`} fz="sm" fw={600}>
          {ioe.title}
        </Anchor>
        <Group gap={6} mt={4}>
          <CriticalityBadge criticality={ioe.criticality} />
          <Text fz="xs" c="dimmed">
            {ioe.totalFindingsCount} Befunde
          </Text>
        </Group>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        {/* noValidate: the German messages of the form, never the browser's own. */}
        <form id={formId} noValidate onSubmit={save}>
          <Stack gap="xs">
            {thresholds.map((threshold) => (
              <NumberInput
                key={threshold.key}
                label={`${threshold.label} (${threshold.unit})`}
                description={`Standard ${threshold.default}, erlaubt ${threshold.min}–${threshold.max}`}
                clampBehavior="none"
                allowDecimal={false}
                maw={360}
                {...form.getInputProps(threshold.key)}
              />
            ))}
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 2 }}>
        <Button type="submit" form={formId} size="xs" loading={update.isPending} disabled={!changed}>
          Speichern
        </Button>
      </Grid.Col>
    </Grid>
  );
}

/** /client/{clientId}/settings/ioe/thresholds: configurable thresholds of the checks, with reset. */
export function ThresholdsPage() {
  const { clientId = '' } = useParams();
  const states = useApiQuery(getIoeStates(clientId));
  const resetAll = useApiMutation(() => resetThresholds(clientId), IOE_READS);
  const evaluation = useQueuedEvaluation(clientId, states.data?.lastEvaluatedAt ?? null, IOE_READS);
  const reset = () =>
    resetAll
      .mutateAsync()
      .then(({ message, evaluationQueued }) => {
        if (evaluationQueued) evaluation.queued();
        notify({ type: 'success', title: 'Zurückgesetzt', text: message });
      })
      .catch((error: unknown) => notify({ type: 'error', title: 'Nicht zurückgesetzt', text: errorText(error) }));
  const configurable = (states.data?.ioe ?? []).filter((ioe) => ioe.setting.thresholds.length > 0);
  return (
    <>
      <PageHeader
        title="Schwellenwerte für Schwachstellen"
        description="Legen Sie fest, ab wann eine Prüfung anschlägt. Änderungen gelten für die letzten Verzeichnisdaten: sofort, bei großen Domänen nach einer Auswertung im Hintergrund."
        actions={
          <ConfirmAction
            title="Schwellenwerte zurücksetzen?"
            confirmLabel="Zurücksetzen"
            onConfirm={reset}
            trigger={(open) => (
              <Button variant="default" onClick={open} disabled={!states.data}>
                Alle zurücksetzen
              </Button>
            )}
          >
            Alle angepassten Schwellenwerte gehen verloren und stehen wieder auf dem Standard; die Prüfungen werden neu ausgewertet.
          </ConfirmAction>
        }
      />
      {states.errorMessage && <ErrorState message={states.errorMessage} onRetry={() => void states.refetch()} />}
      {states.isPending && <LoadingState />}
      {states.data && (
        <Card withBorder>
          {evaluation.waiting && (
            <Alert color="blue" mb="md" data-testid="evaluation-running">
              Die Prüfungen werden im Hintergrund neu ausgewertet; die Zahl der Befunde aktualisiert sich danach von selbst.
            </Alert>
          )}
          {!states.data.lastEvaluatedAt && (
            <Alert color="blue" mb="md">
              Noch keine Verzeichnisdaten: Die Werte gelten ab der ersten Auswertung.
            </Alert>
          )}
          <Grid visibleFrom="sm" fz="sm" fw={600} pb="xs">
            <Grid.Col span={5}>Prüfung</Grid.Col>
            <Grid.Col span={5}>Schwellenwert</Grid.Col>
          </Grid>
          {configurable.map((ioe) => (
            <ThresholdRow key={`${ioe.ioeIdPk}:${ioe.setting.thresholds.map((threshold) => threshold.value).join(',')}`} clientId={clientId} ioe={ioe} onQueued={evaluation.queued} />
          ))}
        </Card>
      )}
    </>
  );
}
