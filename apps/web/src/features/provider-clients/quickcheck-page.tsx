import { formatDate } from '@burgwall/shared';
import { Badge, Button, Grid, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/api-query';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { downloadInstaller } from './client-list-page';
import { CLIENT_LIST_OPERATIONS, createQuickcheckClient, getServiceproviderClients } from './provider-clients-api';

/** /provider/{id}/quickcheck: create a free quick-check client and download its installer. */
export function QuickcheckPage() {
  const { providerId } = useParams();
  const list = useApiQuery(getServiceproviderClients(providerId, 'quickcheck'));
  const create = useApiMutation(createQuickcheckClient, CLIENT_LIST_OPERATIONS);
  const form = useForm({
    initialValues: { name: '', company: '', email: '', phone: '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Bitte einen Namen angeben'),
      company: (v) => (v.trim() ? null : 'Bitte die Firma angeben'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Bitte eine gültige E-Mail-Adresse angeben'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const result = await create.mutateAsync({ ...values, serviceproviderUUID: providerId ?? '' });
      notify({
        type: 'success',
        title: 'Quickcheck angelegt',
        text: result.invitationSent
          ? `${values.email} hat eine E-Mail mit dem Download-Link erhalten; der Installer wird auch hier heruntergeladen.`
          : `Der Installer für ${values.company} wird heruntergeladen. Die E-Mail an ${values.email} konnte nicht gesendet werden.`,
      });
      form.reset();
      await downloadInstaller({ id: result.message, title: values.company }, true);
    } catch (error) {
      notify({ type: 'error', title: 'Anlegen fehlgeschlagen', text: errorText(error) });
    }
  });

  return (
    <>
      <PageHeader title="Quickcheck" description="Ein kostenloser Schnelltest für Interessenten: anlegen, Installer weitergeben, Ergebnis besprechen." />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="lg" p="lg">
            <form onSubmit={submit}>
              <Stack>
                <Title order={4}>Neuer Quickcheck</Title>
                <TextInput label="Ansprechpartner" required {...form.getInputProps('name')} />
                <TextInput label="Firma" required {...form.getInputProps('company')} />
                <TextInput label="E-Mail-Adresse" type="email" required {...form.getInputProps('email')} />
                <TextInput label="Telefon" {...form.getInputProps('phone')} />
                <Group justify="space-between" wrap="nowrap">
                  <Badge variant="light" color="green" size="lg">
                    kostenlos
                  </Badge>
                  <Button type="submit" loading={create.isPending} leftSection={<IconDownload size={16} />}>
                    Anlegen und Installer laden
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {list.isPending && <LoadingState />}
          {list.errorMessage && <ErrorState message={list.errorMessage} onRetry={() => void list.refetch()} />}
          {list.data?.length === 0 && <EmptyState title="Noch keine Quickchecks">Angelegte Quickchecks erscheinen hier mit ihrem Ergebnis.</EmptyState>}
          {list.data && list.data.length > 0 && (
            <Paper withBorder radius="lg">
              <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Quickchecks">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Firma</Table.Th>
                    <Table.Th>Angelegt</Table.Th>
                    <Table.Th>Bewertung</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.map((client) => (
                    <Table.Tr key={client.id}>
                      <Table.Td fw={600}>{client.title}</Table.Td>
                      <Table.Td>{formatDate(client.createdAt)}</Table.Td>
                      <Table.Td>
                        <Text fw={650}>{client.securityScore >= 0 ? `${Math.round(client.securityScore)} (${client.grade})` : 'ausstehend'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="light" onClick={() => void downloadInstaller(client, true)}>
                          Installer
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
