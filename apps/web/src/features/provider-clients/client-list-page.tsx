import { ANALYTICS_EVENTS, trackEvent } from '../../lib/analytics';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFileDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { downloadSummaryReport } from '../../components/report-download';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { FileExportMenu } from '../../components/export-menu';
import type { ClientCard as ClientCardData } from '@burgwall/shared';
import { notify } from '../../lib/notify';
import { downloadFile } from '../../lib/download';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { errorText } from '../../lib/api-query';
import { ClientCard } from './client-card';
import { ClientPager, useClientPage } from './client-pager';
import { MonitoringOverview } from './monitoring-overview';
import { CreateClientDialog } from './create-client-dialog';
import { CLIENT_LIST_OPERATIONS, deleteClient, getServiceproviderClients } from './provider-clients-api';

type Sort = 'name' | 'score-asc' | 'score-desc' | 'newest';

const SORTERS: Record<Sort, (a: ClientCardData, b: ClientCardData) => number> = {
  name: (a, b) => a.title.localeCompare(b.title, 'de'),
  'score-asc': (a, b) => a.securityScore - b.securityScore,
  'score-desc': (a, b) => b.securityScore - a.securityScore,
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
};

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
  const clients = useApiQuery(getServiceproviderClients(providerId, mode));
  const confirmDelete = useDeleteClient();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('name');
  const [creating, setCreating] = useState(false);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (clients.data ?? [])
      .filter((c) => !needle || c.title.toLowerCase().includes(needle) || (c.address ?? '').toLowerCase().includes(needle))
      .sort(SORTERS[sort]);
  }, [clients.data, search, sort]);
  // Search and sort first, then only this page's cards are rendered (a provider may have thousands).
  const paging = useClientPage(visible, Boolean(clients.data));

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
          onChange={(value) => setSort((value as Sort | null) ?? 'name')}
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
      {clients.data && clients.data.length === 0 && (
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
      {clients.data && clients.data.length > 0 && visible.length === 0 && <EmptyState title="Keine Treffer">{`Kein Kunde passt zu „${search}“.`}</EmptyState>}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {paging.pageItems.map((client) => (
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
