import { ANALYTICS_EVENTS, trackEvent } from '../../lib/analytics';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFileDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { downloadSummaryReport } from '../../components/report-download';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { FileExportMenu } from '../../components/export-menu';
import type { ClientCardSort } from '@burgwall/shared';
import { notify } from '../../lib/notify';
import { downloadFile } from '../../lib/download';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { errorText } from '../../lib/api-query';
import { ClientCard } from './client-card';
import { ClientPager, useClientPage } from './client-pager';
import { MonitoringOverview } from './monitoring-overview';
import { CreateClientDialog } from './create-client-dialog';
import { CLIENT_LIST_OPERATIONS, deleteClient, getServiceproviderClientPage } from './provider-clients-api';

export async function downloadInstaller(client: { id: string; title: string }, quickcheck = false): Promise<void> {
  try {
    const path = quickcheck ? `/client/${client.id}/quickcheck/collector/installer` : `/client/${client.id}/collector/installer`;
    const name = await downloadFile(path, 'burgwall-collector.zip');
    trackEvent(ANALYTICS_EVENTS.installerDownloaded, { quickcheck });
    notify({ type: 'success', title: 'Installer heruntergeladen', text: `${name} enthält die Konfiguration für ${client.title}.` });
  } catch (error) {
    notify({ type: 'error', title: 'Download fehlgeschlagen', text: errorText(error) });
  }
}

/** Deleting a client after the browser's confirmation; the lists and the overview reload afterwards. */
function useDeleteClient() {
  const mutation = useApiMutation((id: string) => deleteClient(id), CLIENT_LIST_OPERATIONS);
  return (client: { id: string; title: string }) => {
    if (!window.confirm(`Kunden „${client.title}“ mit allen Daten endgültig löschen?`)) return;
    mutation.mutate(client.id, {
      onSuccess: () => notify({ type: 'success', title: 'Kunde gelöscht', text: `${client.title} wurde gelöscht.` }),
      onError: (error) => notify({ type: 'error', title: 'Löschen fehlgeschlagen', text: errorText(error) }),
    });
  };
}

/** /provider/{id}/monitoring and /audit: the provider's clients of one mode as cards in pages, with search, sort and "Kunde anlegen". */
export function ClientListPage({ mode }: { mode: 'monitoring' | 'audit' }) {
  const { providerId } = useParams();
  const confirmDelete = useDeleteClient();
  const [search, setSearch] = useState('');
  const [needle] = useDebouncedValue(search.trim(), 250);
  const [sort, setSort] = useState<ClientCardSort>('name');
  const [creating, setCreating] = useState(false);
  // The server searches, sorts and pages: a provider may have thousands of clients, the page shows 24–96 of them.
  // While another page or search loads, the last answer (and its count) stays on screen.
  const [total, setTotal] = useState<number>();
  const paging = useClientPage(total);
  const clients = useApiQuery(getServiceproviderClientPage(providerId, { mode, q: needle, sort, limit: paging.pageSize, offset: paging.offset }), { keepPrevious: true });
  // The count of the last answer feeds the pager of the next render (React's „adjust state while rendering“).
  if (clients.data && clients.data.total !== total) setTotal(clients.data.total);
  const cards = clients.data?.cards ?? [];

  const title = mode === 'audit' ? 'Audit' : 'Monitoring';
  return (
    <>
      <PageHeader
        title={title}
        description={mode === 'audit' ? 'Einmalige Sicherheits-Audits für Ihre Kunden (49 € je Audit).' : 'Sicherheitsbewertung aller überwachten Kunden auf einen Blick.'}
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconFileDownload size={16} />} onClick={() => void downloadSummaryReport(providerId ?? '')}>
              Übersichtsbericht (PDF)
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Kunde anlegen
            </Button>
          </Group>
        }
      />
      {mode === 'monitoring' && providerId && <MonitoringOverview providerId={providerId} />}
      <Group mb="lg" gap="sm">
        <TextInput
          placeholder="Kunden suchen …"
          aria-label="Kunden suchen"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        <Select
          aria-label="Sortierung"
          value={sort}
          onChange={(value) => setSort((value as ClientCardSort | null) ?? 'name')}
          data={[
            { value: 'name', label: 'Name (A–Z)' },
            { value: 'score-asc', label: 'Bewertung (niedrigste zuerst)' },
            { value: 'score-desc', label: 'Bewertung (höchste zuerst)' },
            { value: 'newest', label: 'Zuletzt angelegt' },
          ]}
          w={260}
          allowDeselect={false}
        />
        {providerId && (
          <FileExportMenu
            files={[
              {
                key: `kunden-${mode}`,
                label: search.trim() ? `Kunden mit „${search.trim()}“` : 'Alle Kunden',
                path: `/serviceprovider/${encodeURIComponent(providerId)}/clients/export`,
                query: { mode, q: search.trim() },
              },
            ]}
          />
        )}
      </Group>
      {clients.isPending && <LoadingState label="Kunden werden geladen …" />}
      {clients.errorMessage && <ErrorState message={clients.errorMessage} onRetry={() => void clients.refetch()} />}
      {clients.data?.totalWithoutSearch === 0 && (
        <EmptyState
          title="Noch keine Kunden"
          action={
            <Button variant="light" onClick={() => setCreating(true)}>
              Ersten Kunden anlegen
            </Button>
          }
        >
          Legen Sie Ihren ersten Kunden an und laden Sie den Installer für den Collector herunter.
        </EmptyState>
      )}
      {clients.data && clients.data.totalWithoutSearch > 0 && clients.data.total === 0 && <EmptyState title="Keine Treffer">{`Kein Kunde passt zu „${search}“.`}</EmptyState>}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {cards.map((client) => (
          <ClientCard key={client.id} client={client} onDownload={() => void downloadInstaller(client)} onDelete={() => confirmDelete(client)} />
        ))}
      </SimpleGrid>
      <ClientPager paging={paging} />
      <CreateClientDialog
        mode={mode}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
        }}
      />
    </>
  );
}

export const MonitoringPage = () => <ClientListPage mode="monitoring" />;
export const AuditPage = () => <ClientListPage mode="audit" />;
