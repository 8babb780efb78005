import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatDateTime, tier0ExtraAddBodySchema, type Tier0Extra } from '@burgwall/shared';
import { IconCrown, IconTrash } from '@tabler/icons-react';
import { ConfirmAction } from '../../components/confirm-action';
import { ErrorState, LoadingState } from '../../components/data-states';
import { notify } from '../../lib/notify';
import { errorText, useApiMutation, useApiQuery } from '../../lib/api-query';
import { addTier0Extra, listTier0Extras, removeTier0Extra } from './attack-paths-api';
import { NODE_KIND_LABEL } from './node-kinds';

/** The page's summary and paths change with the setting: they reload with the list. */
const RELOADS = ['listTier0Extras', 'getAttackPaths', 'getAttackPath'];

function RemoveButton({ clientId, object }: { clientId: string; object: Tier0Extra }) {
  const remove = useApiMutation(() => removeTier0Extra(clientId, object.objectKey), RELOADS);
  return (
    <ConfirmAction
      title="Markierung entfernen?"
      confirmLabel="Markierung entfernen"
      loading={remove.isPending}
      onConfirm={async () => {
        try {
          const answer = await remove.mutateAsync(undefined);
          notify({ type: 'success', title: 'Markierung entfernt', text: answer.message });
        } catch (error) {
          notify({ type: 'error', title: 'Nicht entfernt', text: errorText(error) });
        }
      }}
      trigger={(open) => (
        <Tooltip label="Markierung entfernen">
          <ActionIcon variant="subtle" color="red" aria-label={`Markierung von ${object.name} entfernen`} onClick={open}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    >
      „{object.name}“ zählt danach nicht mehr als Tier 0. Pfade, die nur dorthin führen, verschwinden aus den Befunden.
    </ConfirmAction>
  );
}

function AddForm({ clientId }: { clientId: string }) {
  const add = useApiMutation((object: string) => addTier0Extra(clientId, { object }), RELOADS);
  const form = useForm({
    initialValues: { object: '' },
    validate: {
      object: (value) => {
        const parsed = tier0ExtraAddBodySchema.shape.object.safeParse(value);
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Ungültige Eingabe.');
      },
    },
  });
  const submit = form.onSubmit(async ({ object }) => {
    try {
      const answer = await add.mutateAsync(object);
      notify({ type: 'success', title: 'Als Tier 0 markiert', text: answer.message });
      form.reset();
    } catch (error) {
      form.setFieldError('object', errorText(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 280px' }}
          label="Objekt"
          placeholder="Anmeldename, Distinguished Name, SID oder objectGUID"
          maxLength={500}
          {...form.getInputProps('object')}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={add.isPending} leftSection={<IconCrown size={16} />}>
          Als Tier 0 markieren
        </Button>
      </Group>
    </form>
  );
}

/** The client's own Tier-0 objects: systems that control Tier 0 without being in a well-known group. */
export function Tier0ExtrasSection({ clientId }: { clientId: string }) {
  const list = useApiQuery(listTier0Extras(clientId));
  return (
    <Card withBorder padding="lg" data-testid="tier0-extras">
      <Group gap="xs" mb={4}>
        <ThemeIcon variant="light" color="grape">
          <IconCrown size={18} />
        </ThemeIcon>
        <Text fw={600}>Eigene Tier-0-Objekte</Text>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Markieren Sie Systeme, die Tier 0 verwalten, ohne in einer bekannten Gruppe zu sein – etwa PAM-, Backup- oder Verwaltungsserver. Pfade zu ihnen zählen dann als Pfade zu Tier 0 und
        gehen in den Score ein.
      </Text>
      <Stack gap="md">
        <AddForm clientId={clientId} />
        {list.isPending && <LoadingState label="Markierungen werden geladen …" />}
        {list.errorMessage && <ErrorState message={list.errorMessage} onRetry={() => void list.refetch()} />}
        {list.data && list.data.objects.length === 0 && (
          <Text size="sm" c="dimmed">
            Noch keine eigenen Tier-0-Objekte: es zählen nur die bekannten (Domänen-Admins und weitere privilegierte Gruppen, Domänencontroller, krbtgt, AdminSDHolder, Domänenkopf).
          </Text>
        )}
        {list.data && list.data.objects.length > 0 && (
          <Table.ScrollContainer minWidth={300}>
            <Table data-testid="tier0-extras-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Objekt</Table.Th>
                  <Table.Th>Typ</Table.Th>
                  <Table.Th visibleFrom="sm">Markiert</Table.Th>
                  <Table.Th w={48} aria-label="Aktionen" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.objects.map((object) => (
                  <Table.Tr key={object.objectKey}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {object.name}{' '}
                        {!object.inSnapshot && (
                          <Badge size="xs" color="gray" variant="light">
                            nicht mehr im Snapshot
                          </Badge>
                        )}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {object.distinguishedName}
                      </Text>
                    </Table.Td>
                    <Table.Td>{NODE_KIND_LABEL[object.kind]}</Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="xs" c="dimmed">
                        {formatDateTime(object.addedAt)}
                        {object.addedBy ? ` · ${object.addedBy}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RemoveButton clientId={clientId} object={object} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
