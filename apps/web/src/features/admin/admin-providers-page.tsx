import { type AdminProvider, adminCreateClientBodySchema, createProviderBodySchema, formatDate } from '@burgwall/shared';
import { Anchor, Badge, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingPlus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminCreateClientBody } from '@burgwall/shared';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { type ListColumn, ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { germanResolver, maxLengths, textProps } from '../../lib/forms/schema-form';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { createClientAsAdmin, createServiceprovider, getAllServiceproviders } from './admin-api';

const providerSchema = createProviderBodySchema.omit({ newsletterConsent: true });
const PROVIDER_MAX = maxLengths(providerSchema);
const clientSchema = adminCreateClientBodySchema.omit({ serviceproviderUUID: true });
const CLIENT_MAX = maxLengths(clientSchema);
const RELOADS = ['getAllServiceproviders'];

function columns(onCreateClient: (providerId: string) => void): ListColumn<AdminProvider>[] {
  return [
    {
      accessorKey: 'serviceproviderName',
      header: 'Name',
      cell: ({ row }) => (
        <Anchor component={Link} to={`/provider/${row.original.serviceproviderId}/monitoring`} fw={600}>
          {row.original.serviceproviderName}
        </Anchor>
      ),
    },
    { accessorKey: 'clientCount', header: 'Kunden' },
    {
      accessorKey: 'subscriptionStatus',
      header: 'Status',
      cell: ({ row }) => (
        <Badge variant="light" color={row.original.subscriptionStatus === 'active' ? 'green' : 'gray'}>
          {row.original.subscriptionStatus === 'active' ? 'aktiv' : row.original.subscriptionStatus}
        </Badge>
      ),
    },
    { accessorKey: 'createdAt', header: 'Registriert', cell: ({ row }) => formatDate(row.original.createdAt) },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      cell: ({ row }) => (
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onCreateClient(row.original.serviceproviderId)}>
          Kunde anlegen
        </Button>
      ),
    },
  ];
}

/** /admin/serviceprovider: all providers; create one with its initial account; create a client for one. */
export function AdminProvidersPage() {
  const providers = useApiQuery(getAllServiceproviders());
  const createProvider = useApiMutation(createServiceprovider, RELOADS);
  const createClient = useApiMutation(createClientAsAdmin, RELOADS);
  const [creating, setCreating] = useState(false);
  const [clientFor, setClientFor] = useState<string | null>(null);
  const providerForm = useForm({
    initialValues: { companyName: '', initialAccountFirstname: '', initialAccountLastname: '', initialAccountEmail: '' },
    validate: germanResolver(providerSchema),
  });
  const clientForm = useForm({
    initialValues: { name: '', location: '', employeeCount: 25 as number | string, mode: 'monitoring' as NonNullable<AdminCreateClientBody['mode']> },
    validate: germanResolver(clientSchema),
  });
  const submitProvider = providerForm.onSubmit((values) =>
    createProvider.mutate(values, {
      onSuccess: () => {
        notify({ type: 'success', title: 'Dienstleister angelegt', text: `${values.companyName} – Einladung an ${values.initialAccountEmail} gesendet.` });
        providerForm.reset();
        setCreating(false);
      },
      onError: (error) => notify({ type: 'error', title: 'Anlegen fehlgeschlagen', text: errorText(error) }),
    }),
  );
  const submitClient = clientForm.onSubmit((values) =>
    createClient.mutate(
      { ...values, employeeCount: Number(values.employeeCount), serviceproviderUUID: clientFor ?? '' },
      {
        onSuccess: () => {
          notify({ type: 'success', title: 'Kunde angelegt', text: values.name });
          clientForm.reset();
          setClientFor(null);
        },
        onError: (error) => notify({ type: 'error', title: 'Anlegen fehlgeschlagen', text: errorText(error) }),
      },
    ),
  );
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
      {providers.isPending && <LoadingState />}
      {providers.errorMessage && <ErrorState message={providers.errorMessage} onRetry={() => void providers.refetch()} />}
      {providers.data?.length === 0 && <EmptyState title="Noch keine Dienstleister">Legen Sie den ersten Dienstleister an.</EmptyState>}
      {providers.data && providers.data.length > 0 && (
        <ListTable
          rows={providers.data}
          columns={columns(setClientFor)}
          rowId={(p) => p.serviceproviderId}
          label="Dienstleister"
          initialSort={[{ id: 'serviceproviderName', desc: false }]}
          searchText={(p) => p.serviceproviderName}
          searchPlaceholder="Dienstleister suchen …"
          emptyText="Kein Dienstleister passt zur Suche."
        />
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Dienstleister anlegen" centered>
        <form onSubmit={submitProvider} noValidate>
          <Stack>
            <TextInput label="Firma" required {...textProps(providerForm, 'companyName', PROVIDER_MAX.companyName)} />
            <Group grow align="flex-start">
              <TextInput label="Vorname" required {...textProps(providerForm, 'initialAccountFirstname', PROVIDER_MAX.initialAccountFirstname)} />
              <TextInput label="Nachname" required {...textProps(providerForm, 'initialAccountLastname', PROVIDER_MAX.initialAccountLastname)} />
            </Group>
            <TextInput label="E-Mail des ersten Kontos" type="email" required maxLength={254} {...providerForm.getInputProps('initialAccountEmail')} />
            <Group justify="flex-end">
              <Button type="submit" loading={createProvider.isPending}>
                Anlegen und einladen
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={clientFor !== null} onClose={() => setClientFor(null)} title="Kunde für Dienstleister anlegen" centered>
        <form onSubmit={submitClient} noValidate>
          <Stack>
            <TextInput label="Name" required {...textProps(clientForm, 'name', CLIENT_MAX.name)} />
            <TextInput label="Standort" {...textProps(clientForm, 'location', CLIENT_MAX.location)} />
            <NumberInput label="Mitarbeiter" min={1} max={1_000_000} allowDecimal={false} {...clientForm.getInputProps('employeeCount')} />
            <Select label="Modus" data={[{ value: 'monitoring', label: 'Monitoring' }, { value: 'audit', label: 'Audit' }]} allowDeselect={false} {...clientForm.getInputProps('mode')} />
            <Group justify="flex-end">
              <Button type="submit" loading={createClient.isPending}>
                Anlegen
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
