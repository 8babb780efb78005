import { formatDate } from '@burgwall/shared';
import { Anchor, Badge, Button, Group, Modal, NumberInput, Paper, Select, Stack, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingPlus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import type { AdminCreateClientBody } from '@burgwall/shared';
import { callApi } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { errorText, useApi } from '../../lib/use-api';
import { createClientAsAdmin, createServiceprovider, getAllServiceproviders } from './admin-api';

/** /admin/serviceprovider: all providers; create one with its initial account; create a client for one. */
export function AdminProvidersPage() {
  const providers = useApi(getAllServiceproviders());
  const [creating, setCreating] = useState(false);
  const [clientFor, setClientFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const providerForm = useForm({
    initialValues: { companyName: '', initialAccountFirstname: '', initialAccountLastname: '', initialAccountEmail: '' },
    validate: {
      companyName: (v) => (v.trim().length >= 2 ? null : 'Bitte den Firmennamen angeben'),
      initialAccountFirstname: (v) => (v.trim() ? null : 'Bitte Vornamen angeben'),
      initialAccountLastname: (v) => (v.trim() ? null : 'Bitte Nachnamen angeben'),
      initialAccountEmail: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Bitte eine gültige E-Mail-Adresse angeben'),
    },
  });
  const clientForm = useForm({
    initialValues: { name: '', location: '', employeeCount: 25 as number | string, mode: 'monitoring' as NonNullable<AdminCreateClientBody['mode']> },
    validate: { name: (v) => (v.trim() ? null : 'Bitte den Namen angeben'), employeeCount: (v) => (Number(v) >= 1 ? null : 'Mindestens 1') },
  });
  const createProvider = providerForm.onSubmit(async (values) => {
    setBusy(true);
    try {
      await callApi(createServiceprovider(values));
      notify({ type: 'success', title: 'Dienstleister angelegt', text: `${values.companyName} – Einladung an ${values.initialAccountEmail} gesendet.` });
      providerForm.reset();
      setCreating(false);
      providers.reload();
    } catch (error) {
      notify({ type: 'error', title: 'Anlegen fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  });
  const createClient = clientForm.onSubmit(async (values) => {
    setBusy(true);
    try {
      await callApi(createClientAsAdmin({ ...values, employeeCount: Number(values.employeeCount), serviceproviderUUID: clientFor ?? '' }));
      notify({ type: 'success', title: 'Kunde angelegt', text: values.name });
      clientForm.reset();
      setClientFor(null);
      providers.reload();
    } catch (error) {
      notify({ type: 'error', title: 'Anlegen fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  });
  return (
    <>
      <PageHeader
        title="Dienstleister"
        description="Alle IT-Dienstleister der Plattform"
        actions={
          <Button leftSection={<IconBuildingPlus size={16} />} onClick={() => setCreating(true)}>
            Dienstleister anlegen
          </Button>
        }
      />
      {providers.loading && !providers.data && <LoadingState />}
      {providers.error && <ErrorState message={providers.error} onRetry={providers.reload} />}
      {providers.data?.length === 0 && <EmptyState title="Noch keine Dienstleister">Legen Sie den ersten Dienstleister an.</EmptyState>}
      {providers.data && providers.data.length > 0 && (
        <Paper withBorder radius="lg">
          {/* The table scrolls inside its frame on a phone; the page itself never scrolls sideways. */}
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Dienstleister">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Kunden</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Registriert</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {providers.data.map((p) => (
                  <Table.Tr key={p.serviceproviderId}>
                    <Table.Td fw={600}>
                      <Anchor component={Link} to={`/provider/${p.serviceproviderId}/monitoring`} fw={600}>
                        {p.serviceproviderName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{p.clientCount}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={p.subscriptionStatus === 'active' ? 'green' : 'gray'}>
                        {p.subscriptionStatus === 'active' ? 'aktiv' : p.subscriptionStatus}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(p.createdAt)}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setClientFor(p.serviceproviderId)}>
                        Kunde anlegen
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Dienstleister anlegen" centered>
        <form onSubmit={createProvider}>
          <Stack>
            <TextInput label="Firma" required {...providerForm.getInputProps('companyName')} />
            <Group grow align="flex-start">
              <TextInput label="Vorname" required {...providerForm.getInputProps('initialAccountFirstname')} />
              <TextInput label="Nachname" required {...providerForm.getInputProps('initialAccountLastname')} />
            </Group>
            <TextInput label="E-Mail des ersten Kontos" required {...providerForm.getInputProps('initialAccountEmail')} />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                Anlegen und einladen
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={clientFor !== null} onClose={() => setClientFor(null)} title="Kunde für Dienstleister anlegen" centered>
        <form onSubmit={createClient}>
          <Stack>
            <TextInput label="Name" required {...clientForm.getInputProps('name')} />
            <TextInput label="Standort" {...clientForm.getInputProps('location')} />
            <NumberInput label="Mitarbeiter" min={1} allowDecimal={false} {...clientForm.getInputProps('employeeCount')} />
            <Select label="Modus" data={[{ value: 'monitoring', label: 'Monitoring' }, { value: 'audit', label: 'Audit' }]} allowDeselect={false} {...clientForm.getInputProps('mode')} />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                Anlegen
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
