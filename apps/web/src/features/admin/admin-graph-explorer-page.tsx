import { Alert, Button, Code, Grid, Group, Input, Paper, ScrollArea, SegmentedControl, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { graphExplorerBodySchema, type GraphExplorerAnswer, type GraphExplorerBody } from '@burgwall/shared';
import { germanBodyResolver, maxLengths, textProps } from '../../lib/forms/schema-form';
import { ApiError } from '../../lib/api-client';
import { useApiQuery } from '../../lib/api-query';
import { useApiQueryWhen } from '../../lib/query/api-query-when';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { errorText } from '../../lib/api-query';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { getAllServiceproviders, getServiceproviderClients, graphExplorerRequest } from './admin-api';

/** What Graph answered along with a refusal (its error object), if the server passed it on. */
function failureData(error: Error): unknown {
  return error instanceof ApiError && typeof error.body === 'object' && error.body !== null && 'data' in error.body ? (error.body as { data: unknown }).data : null;
}

const MAX = maxLengths(graphExplorerBodySchema);

interface Values {
  client: string;
  url: string;
  apiVersion: GraphExplorerBody['apiVersion'];
  properties: string[];
}

/** The body of the form: the explorer only reads. */
const toBody = (values: Values): GraphExplorerBody => ({ ...values, requestType: 'GET' });

/** /admin/graph-explorer: read-only Microsoft Graph requests (GET) in the Entra tenant of one client. */
export function AdminGraphExplorerPage() {
  const providers = useApiQuery(getAllServiceproviders());
  const [providerId, setProviderId] = useState<string | null>(null);
  const clients = useApiQueryWhen(providerId ? getServiceproviderClients(providerId) : null);
  // A Graph request reads, but it is sent on demand and its answer is not cached: a mutation, without reloads.
  const request = useMutation({ mutationFn: (body: GraphExplorerBody) => callApi(graphExplorerRequest(body)) });
  const answer = request.data ?? null;
  const failure: GraphExplorerAnswer | null = request.error ? { message: errorText(request.error), data: failureData(request.error) } : null;
  const busy = request.isPending;
  const form = useForm<Values>({
    initialValues: { client: '', url: '/users', apiVersion: 'v1.0', properties: ['displayName', 'userPrincipalName'] },
    validate: germanBodyResolver(graphExplorerBodySchema, toBody),
  });

  const send = form.onSubmit((values) => request.mutate(toBody(values)));

  const providerOptions = (providers.data ?? []).map((p) => ({ value: p.serviceproviderId, label: p.serviceproviderName }));
  const clientOptions = (clients.data ?? []).map((c) => ({ value: c.id, label: c.title }));
  return (
    <>
      <PageHeader title="Graph-Explorer" description="Lesende Anfragen an Microsoft Graph im Entra-ID-Mandanten eines Kunden" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p="lg">
            {providers.isPending ? (
              <LoadingState />
            ) : providers.errorMessage ? (
              <ErrorState message={providers.errorMessage} onRetry={() => void providers.refetch()} />
            ) : (
              <form onSubmit={send} noValidate>
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
                    placeholder={providerId ? (clients.isLoading ? 'Kunden werden geladen …' : 'Kunden wählen') : 'Zuerst Dienstleister wählen'}
                    searchable
                    disabled={!providerId}
                    data={clientOptions}
                    nothingFoundMessage="Dieser Dienstleister hat keine Kunden"
                    error={clients.errorMessage}
                    {...form.getInputProps('client')}
                  />
                  <Input.Wrapper label="API-Version">
                    <div>
                      <SegmentedControl data={['v1.0', 'beta']} {...form.getInputProps('apiVersion')} />
                    </div>
                  </Input.Wrapper>
                  <TextInput label="Pfad" description="Nur GET-Anfragen, z. B. /users oder /groups" leftSection={<Text fz="xs">GET</Text>} {...textProps(form, 'url', MAX.url)} />
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
