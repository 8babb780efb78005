import { Alert, Button, Code, Grid, Group, Input, Paper, ScrollArea, SegmentedControl, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import type { GraphExplorerAnswer, GraphExplorerBody } from '@burgwall/shared';
import { ApiError, callApi } from '../../lib/api-client';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { errorText, useApi } from '../../lib/use-api';
import { getAllServiceproviders, getServiceproviderClients, graphExplorerRequest } from './admin-api';

/** /admin/graph-explorer: read-only Microsoft Graph requests (GET) in the Entra tenant of one client. */
export function AdminGraphExplorerPage() {
  const providers = useApi(getAllServiceproviders());
  const [providerId, setProviderId] = useState<string | null>(null);
  const clients = useApi(providerId ? getServiceproviderClients(providerId) : null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<GraphExplorerAnswer | null>(null);
  const [failure, setFailure] = useState<GraphExplorerAnswer | null>(null);
  const form = useForm({
    initialValues: { client: '', url: '/users', apiVersion: 'v1.0' as GraphExplorerBody['apiVersion'], properties: ['displayName', 'userPrincipalName'] as string[] },
    validate: {
      client: (v) => (v ? null : 'Bitte einen Kunden wählen'),
      url: (v) => (/^\/[A-Za-z0-9]/.test(v.trim()) ? null : 'Der Pfad muss mit / beginnen, z. B. /users'),
    },
  });

  const send = form.onSubmit(async (values) => {
    setBusy(true);
    setAnswer(null);
    setFailure(null);
    try {
      setAnswer(await callApi(graphExplorerRequest({ ...values, requestType: 'GET' })));
    } catch (error) {
      const data = error instanceof ApiError && typeof error.body === 'object' && error.body !== null && 'data' in error.body ? (error.body as { data: unknown }).data : null;
      setFailure({ message: errorText(error), data });
    } finally {
      setBusy(false);
    }
  });

  const providerOptions = (providers.data ?? []).map((p) => ({ value: p.serviceproviderId, label: p.serviceproviderName }));
  const clientOptions = (clients.data ?? []).map((c) => ({ value: c.id, label: c.title }));
  return (
    <>
      <PageHeader title="Graph-Explorer" description="Lesende Anfragen an Microsoft Graph im Entra-ID-Mandanten eines Kunden" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p="lg">
            {providers.loading && !providers.data ? (
              <LoadingState />
            ) : providers.error ? (
              <ErrorState message={providers.error} onRetry={providers.reload} />
            ) : (
              <form onSubmit={send}>
                <Stack>
                  <Select
                    label="Dienstleister"
                    placeholder="Dienstleister wählen"
                    searchable
                    data={providerOptions}
                    value={providerId}
                    nothingFoundMessage="Kein Dienstleister gefunden"
                    onChange={(value) => {
                      setProviderId(value);
                      form.setFieldValue('client', '');
                    }}
                  />
                  <Select
                    label="Kunde"
                    placeholder={providerId ? (clients.loading ? 'Kunden werden geladen …' : 'Kunden wählen') : 'Zuerst Dienstleister wählen'}
                    searchable
                    disabled={!providerId}
                    data={clientOptions}
                    nothingFoundMessage="Dieser Dienstleister hat keine Kunden"
                    error={clients.error}
                    {...form.getInputProps('client')}
                  />
                  <Input.Wrapper label="API-Version">
                    <div>
                      <SegmentedControl data={['v1.0', 'beta']} {...form.getInputProps('apiVersion')} />
                    </div>
                  </Input.Wrapper>
                  <TextInput label="Pfad" description="Nur GET-Anfragen, z. B. /users oder /groups" leftSection={<Text fz="xs">GET</Text>} {...form.getInputProps('url')} />
                  <TagsInput label="Eigenschaften ($select)" description="Leer lassen für alle Eigenschaften" placeholder="Eigenschaft eingeben und Enter drücken" {...form.getInputProps('properties')} />
                  <Group justify="flex-end">
                    <Button type="submit" loading={busy} leftSection={<IconSend size={16} />}>
                      Anfrage senden
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {busy ? (
            <Paper withBorder radius="lg" p="lg">
              <LoadingState label="Anfrage läuft …" />
            </Paper>
          ) : failure ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Anfrage fehlgeschlagen" role="alert">
              <Stack gap="xs">
                <Text fz="sm">{failure.message}</Text>
                {failure.data !== null && failure.data !== undefined && <JsonView value={failure.data} />}
              </Stack>
            </Alert>
          ) : answer ? (
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="xs">
                <Text fz="sm" c="dimmed" data-testid="graph-message">
                  {answer.message}
                </Text>
                <JsonView value={answer.data} />
              </Stack>
            </Paper>
          ) : (
            <EmptyState title="Noch keine Anfrage">Wählen Sie einen Kunden mit eingerichteter Entra-ID-Verbindung und senden Sie eine Anfrage. Das Ergebnis erscheint hier als JSON.</EmptyState>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

function JsonView({ value }: { value: unknown }) {
  return (
    <ScrollArea.Autosize mah={560}>
      <Code block data-testid="graph-result">
        {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
      </Code>
    </ScrollArea.Autosize>
  );
}
