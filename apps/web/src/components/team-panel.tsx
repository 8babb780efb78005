import { ActionIcon, Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { TeamMember } from '@burgwall/shared';
import { useApiSend } from '../lib/query/api-send';
import { notify } from '../lib/notify';
import { EmptyState, ErrorState, LoadingState } from './data-states';
import { errorText } from '../lib/use-api';
import { useApiQuery } from '../lib/api-query';
import { addTeamMember, getTeam, removeTeamMember } from './team-api';

/** Team of a client or a provider: list with required actions, invite by e-mail, remove (SPEC §3 "Team member"). */
export function TeamPanel({ basePath, required }: { basePath: string; required: Record<string, string> }) {
  const scope = { basePath, required };
  const team = useApiQuery(getTeam(scope));
  const send = useApiSend(['getTeam']);
  const [inviting, setInviting] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { firstname: '', lastname: '', email: '' },
    validate: {
      firstname: (v) => (v.trim() ? null : 'Bitte Vornamen angeben'),
      lastname: (v) => (v.trim() ? null : 'Bitte Nachnamen angeben'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Bitte eine gültige E-Mail-Adresse angeben'),
    },
  });

  const invite = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const result = await send.call(addTeamMember(scope, values));
      if (result.invitationSent) {
        notify({ type: 'success', title: 'Einladung gesendet', text: `${values.firstname} ${values.lastname} erhält eine E-Mail zum Festlegen des Passworts.` });
      } else {
        notify({ type: 'warn', title: 'Mitglied angelegt', text: result.invitationError ?? 'Die Einladung konnte nicht per E-Mail versendet werden.' });
      }
      form.reset();
      setInviting(false);
    } catch (error) {
      notify({ type: 'error', title: 'Einladen fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  });

  const remove = async (member: TeamMember) => {
    if (!window.confirm(`${member.firstName} ${member.lastName} wirklich aus dem Team entfernen?`)) return;
    try {
      await send.call(removeTeamMember(scope, { userUUID: member.id }));
      notify({ type: 'success', title: 'Entfernt', text: `${member.firstName} ${member.lastName} wurde aus dem Team entfernt.` });
    } catch (error) {
      notify({ type: 'error', title: 'Entfernen fehlgeschlagen', text: errorText(error) });
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" fz="sm">
          Teammitglieder melden sich mit ihrer E-Mail-Adresse an. Neue Mitglieder erhalten eine Einladung per E-Mail.
        </Text>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
          Mitglied einladen
        </Button>
      </Group>
      {team.isPending && <LoadingState />}
      {team.errorMessage && <ErrorState message={team.errorMessage} onRetry={() => void team.refetch()} />}
      {team.data && team.data.length === 0 && <EmptyState title="Noch keine Teammitglieder">Laden Sie Kolleginnen und Kollegen ein.</EmptyState>}
      {team.data && team.data.length > 0 && (
        <Paper withBorder radius="md">
          {/* The table scrolls inside its frame on a phone; the page itself never scrolls sideways. */}
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Teammitglieder">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-Mail</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {team.data.map((member) => (
                  <Table.Tr key={member.id}>
                    <Table.Td fw={600}>
                      {member.firstName} {member.lastName}
                    </Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>
                      {member.requiredActions.includes('UPDATE_PASSWORD') ? (
                        <Badge color="yellow" variant="light">
                          Einladung offen
                        </Badge>
                      ) : (
                        <Badge color="green" variant="light">
                          Aktiv
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label="Aus dem Team entfernen">
                        <ActionIcon variant="subtle" color="red" aria-label={`${member.email} entfernen`} onClick={() => void remove(member)}>
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
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Teammitglied einladen" centered>
        <form onSubmit={invite}>
          <Stack>
            <Group grow>
              <TextInput label="Vorname" required {...form.getInputProps('firstname')} />
              <TextInput label="Nachname" required {...form.getInputProps('lastname')} />
            </Group>
            <TextInput label="E-Mail-Adresse" type="email" required {...form.getInputProps('email')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setInviting(false)}>
                Abbrechen
              </Button>
              <Button type="submit" loading={busy}>
                Einladung senden
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
