import { type TeamMember, addTeamMemberBodySchema } from '@burgwall/shared';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiQuery } from '../lib/api-query';
import { germanResolver, maxLengths, textProps } from '../lib/forms/schema-form';
import { notify } from '../lib/notify';
import { useApiSend } from '../lib/query/api-send';
import { errorText } from '../lib/api-query';
import { ConfirmAction } from './confirm-action';
import { EmptyState, ErrorState, LoadingState } from './data-states';
import { type ListColumn, ListTable } from './list-table';
import { addTeamMember, getTeam, removeTeamMember } from './team-api';

const MAX = maxLengths(addTeamMemberBodySchema);
const isInvited = (member: TeamMember) => member.requiredActions.includes('UPDATE_PASSWORD');

function columns(onRemove: (member: TeamMember) => Promise<void>, removing: boolean): ListColumn<TeamMember>[] {
  return [
    { id: 'name', accessorFn: (m) => `${m.lastName} ${m.firstName}`, header: 'Name', cell: ({ row }) => <Text fw={600} size="sm">{row.original.firstName} {row.original.lastName}</Text> },
    { accessorKey: 'email', header: 'E-Mail' },
    {
      id: 'status',
      accessorFn: (m) => (isInvited(m) ? 'Einladung offen' : 'Aktiv'),
      header: 'Status',
      cell: ({ row }) =>
        isInvited(row.original) ? (
          <Badge color="yellow" variant="light">
            Einladung offen
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Aktiv
          </Badge>
        ),
    },
    {
      id: 'remove',
      header: '',
      enableSorting: false,
      cell: ({ row }) => {
        const member = row.original;
        return (
          <ConfirmAction
            title="Teammitglied entfernen?"
            confirmLabel="Entfernen"
            loading={removing}
            onConfirm={() => onRemove(member)}
            trigger={(open) => (
              <Tooltip label="Aus dem Team entfernen">
                <ActionIcon variant="subtle" color="red" aria-label={`${member.email} entfernen`} onClick={open}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          >
            {member.firstName} {member.lastName} ({member.email}) verliert den Zugang sofort. Eine erneute Einladung ist jederzeit möglich.
          </ConfirmAction>
        );
      },
    },
  ];
}

/** Team of a client or a provider: list with required actions, invite by e-mail, remove (SPEC §3 "Team member"). */
export function TeamPanel({ basePath, required }: { basePath: string; required: Record<string, string> }) {
  const scope = { basePath, required };
  const team = useApiQuery(getTeam(scope));
  const invitation = useApiSend(['getTeam']);
  const removal = useApiSend(['getTeam']);
  const [inviting, setInviting] = useState(false);
  const form = useForm({ initialValues: { firstname: '', lastname: '', email: '' }, validate: germanResolver(addTeamMemberBodySchema) });

  const invite = form.onSubmit(async (values) => {
    try {
      const result = await invitation.call(addTeamMember(scope, values));
      if (result.invitationSent) {
        notify({ type: 'success', title: 'Einladung gesendet', text: `${values.firstname} ${values.lastname} erhält eine E-Mail zum Festlegen des Passworts.` });
      } else {
        notify({ type: 'warn', title: 'Mitglied angelegt', text: result.invitationError ?? 'Die Einladung konnte nicht per E-Mail versendet werden.' });
      }
      form.reset();
      setInviting(false);
    } catch (error) {
      notify({ type: 'error', title: 'Einladen fehlgeschlagen', text: errorText(error) });
    }
  });

  const remove = async (member: TeamMember) => {
    try {
      await removal.call(removeTeamMember(scope, { userUUID: member.id }));
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
        <ListTable
          rows={team.data}
          columns={columns(remove, removal.isPending)}
          rowId={(member) => member.id}
          label="Teammitglieder"
          minWidth={560}
          searchText={(member) => `${member.firstName} ${member.lastName} ${member.email}`}
          searchPlaceholder="Name oder E-Mail suchen …"
          emptyText="Kein Teammitglied passt zur Suche."
        />
      )}
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Teammitglied einladen" centered>
        <form onSubmit={invite} noValidate>
          <Stack>
            <Group grow align="flex-start">
              <TextInput label="Vorname" required {...textProps(form, 'firstname', MAX.firstname)} />
              <TextInput label="Nachname" required {...textProps(form, 'lastname', MAX.lastname)} />
            </Group>
            <TextInput label="E-Mail-Adresse" type="email" required maxLength={254} {...form.getInputProps('email')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setInviting(false)}>
                Abbrechen
              </Button>
              <Button type="submit" loading={invitation.isPending}>
                Einladung senden
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
