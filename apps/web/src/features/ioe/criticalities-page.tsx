import { Anchor, Badge, Button, Card, Select, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ConfirmAction } from '../../components/confirm-action';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { CATEGORY_LABEL, CRITICALITY_LABEL, CRITICALITY_ORDER } from './criticality';
import type { Criticality, IoeState } from '@burgwall/shared';
import { errorText, useApiMutation, useApiQuery } from '../../lib/api-query';
import { IOE_READS, getIoeStates, resetCriticalities, updateIoe } from './ioe-api';
import { ErrorState, LoadingState } from '../../components/data-states';

/** /client/{clientId}/settings/ioe/criticalities: per-client criticality of each check (scales its score impact), with reset. */
export function CriticalitiesPage() {
  const { clientId = '' } = useParams();
  const states = useApiQuery(getIoeStates(clientId));
  const update = useApiMutation(({ ioe, criticality }: { ioe: IoeState; criticality: Criticality }) => updateIoe(clientId, ioe.ioeIdPk, { criticality }), IOE_READS);
  const resetAll = useApiMutation(() => resetCriticalities(clientId), IOE_READS);
  const change = (ioe: IoeState, criticality: Criticality) =>
    update.mutate(
      { ioe, criticality },
      {
        onSuccess: () => notify({ type: 'success', title: 'Kritikalität geändert', text: `„${ioe.title}“ ist jetzt ${CRITICALITY_LABEL[criticality]}.` }),
        onError: (error) => notify({ type: 'error', title: 'Nicht geändert', text: errorText(error) }),
      },
    );
  const reset = () =>
    resetAll
      .mutateAsync()
      .then(() => notify({ type: 'success', title: 'Zurückgesetzt', text: 'Alle Kritikalitäten stehen wieder auf dem Standard.' }))
      .catch((error: unknown) => notify({ type: 'error', title: 'Nicht zurückgesetzt', text: errorText(error) }));
  return (
    <>
      <PageHeader
        title="Kritikalitäten"
        description="Passen Sie die Kritikalität einer Prüfung an Ihre Umgebung an; der Punktabzug ändert sich entsprechend."
        actions={
          <ConfirmAction
            title="Kritikalitäten zurücksetzen?"
            confirmLabel="Zurücksetzen"
            onConfirm={reset}
            trigger={(open) => (
              <Button variant="default" onClick={open} disabled={!states.data}>
                Alle zurücksetzen
              </Button>
            )}
          >
            Alle angepassten Kritikalitäten gehen verloren und stehen wieder auf dem Standard; die Bewertung wird neu berechnet.
          </ConfirmAction>
        }
      />
      {states.errorMessage && <ErrorState message={states.errorMessage} onRetry={() => void states.refetch()} />}
      {states.isPending && <LoadingState />}
      {states.data && (
        <Card withBorder>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" data-testid="criticalities-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Prüfung</Table.Th>
                  <Table.Th>Kategorie</Table.Th>
                  <Table.Th>Kritikalität</Table.Th>
                  <Table.Th ta="right">Abzug</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {states.data.ioe.map((ioe) => (
                  <Table.Tr key={ioe.ioeIdPk} data-slug={ioe.ioeType}>
                    <Table.Td>
                      <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${ioe.ioeType}`} fz="sm" fw={600}>
                        {ioe.title}
                      </Anchor>
                      {ioe.setting.criticalityOverride && (
                        <Badge ml="xs" size="xs" variant="outline" color="gray">
                          angepasst (Standard: {CRITICALITY_LABEL[ioe.defaultCriticality]})
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{CATEGORY_LABEL[ioe.category] ?? ioe.category}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Kritikalität ${ioe.title}`}
                        data={CRITICALITY_ORDER.map((value) => ({ value, label: CRITICALITY_LABEL[value] }))}
                        value={ioe.criticality}
                        onChange={(value) => value && value !== ioe.criticality && void change(ioe, value as Criticality)}
                        allowDeselect={false}
                        w={150}
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td ta="right" fz="sm">
                      {ioe.scoreImpact}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </>
  );
}
