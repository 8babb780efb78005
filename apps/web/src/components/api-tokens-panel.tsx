import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { API_TOKEN_SCOPE_LABELS, type ApiToken, type ApiTokenCreated, type ApiTokenScope, apiTokenCreateBodySchema, formatDate, formatDateTime } from '@burgwall/shared';
import { useApiSend } from '../lib/query/api-send';
import { notify } from '../lib/notify';
import { errorText } from '../lib/api-query';
import { useApiQuery } from '../lib/api-query';
import { maxLengths, textProps } from '../lib/forms/schema-form';
import { createApiToken, getApiTokens, revokeApiToken, type ApiTokenScopeBase } from './api-tokens-api';
import { EmptyState, ErrorState, LoadingState } from './data-states';
import { type ListColumn, ListTable } from './list-table';

const MAX = maxLengths(apiTokenCreateBodySchema);

const EXPIRIES = [
  { value: '30', label: '30 Tage' },
  { value: '90', label: '90 Tage' },
  { value: '365', label: '1 Jahr' },
  { value: 'never', label: 'Kein Ablauf' },
];

function expiryDate(choice: string): string | null {
  if (choice === 'never') return null;
  return new Date(Date.now() + Number(choice) * 24 * 60 * 60 * 1000).toISOString();
}

const isExpired = (token: ApiToken) => token.expiresAt !== null && new Date(token.expiresAt).getTime() <= Date.now();

function Scopes({ token }: { token: ApiToken }) {
  return (
    <Group gap={4}>
      {token.scopes.map((scope) => (
        <Badge key={scope} variant="light" size="sm" title={scope}>
          {API_TOKEN_SCOPE_LABELS[scope]}
        </Badge>
      ))}
    </Group>
  );
}

function Expiry({ token }: { token: ApiToken }) {
  if (token.expiresAt === null) return <Text size="sm">Kein Ablauf</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{formatDate(token.expiresAt)}</Text>
      {isExpired(token) && (
        <Badge color="red" variant="light" size="sm">
          Abgelaufen
        </Badge>
      )}
    </Group>
  );
}

function columns(revokeButton: (token: ApiToken) => ReactNode): ListColumn<ApiToken>[] {
  return [
    {
      accessorKey: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <>
          <Text size="sm" fw={600}>
            {row.original.name}
          </Text>
          <Code fz="xs">{row.original.prefix}…</Code>
        </>
      ),
    },
    { id: 'scopes', header: 'Berechtigungen', enableSorting: false, cell: ({ row }) => <Scopes token={row.original} /> },
    {
      accessorKey: 'createdAt',
      header: 'Erstellt',
      cell: ({ row }) => (
        <>
          <Text size="sm">{formatDate(row.original.createdAt)}</Text>
          <Text size="xs" c="dimmed">
            {row.original.createdBy}
          </Text>
        </>
      ),
    },
    { accessorKey: 'lastUsedAt', header: 'Zuletzt verwendet', cell: ({ row }) => <Text size="sm">{row.original.lastUsedAt ? formatDateTime(row.original.lastUsedAt) : 'Nie'}</Text> },
    { accessorKey: 'expiresAt', header: 'Ablauf', cell: ({ row }) => <Expiry token={row.original} /> },
    { id: 'revoke', header: '', enableSorting: false, cell: ({ row }) => revokeButton(row.original) },
  ];
}

/**
 * „API-Tokens“ of the user settings (personal) or the provider settings: create with name, scopes and expiry (the
 * token is shown once), the list with last use, and revoking after a confirmation.
 */
export function ApiTokensPanel({ scope, scopes, description }: { scope: ApiTokenScopeBase; scopes: readonly ApiTokenScope[]; description: string }) {
  const tokens = useApiQuery(getApiTokens(scope));
  const send = useApiSend(['getApiTokens']);
  const narrow = useMediaQuery('(max-width: 48em)');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { name: '', scopes: [] as string[], expiry: '90' },
    validate: {
      name: (value) => (value.trim() ? null : 'Bitte einen Namen angeben'),
      scopes: (value) => (value.length > 0 ? null : 'Bitte mindestens eine Berechtigung wählen'),
    },
  });

  const create = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const answer = await send.call(createApiToken(scope, { name: values.name.trim(), scopes: values.scopes as ApiTokenScope[], expiresAt: expiryDate(values.expiry) }));
      setCreating(false);
      form.reset();
      setCreated(answer);
    } catch (error) {
      notify({ type: 'error', title: 'Token konnte nicht erstellt werden', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  });

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await send.call(revokeApiToken(scope, revoking.tokenId));
      notify({ type: 'success', title: 'Token widerrufen', text: `„${revoking.name}“ gilt ab sofort nicht mehr.` });
      setRevoking(null);
    } catch (error) {
      notify({ type: 'error', title: 'Widerrufen fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const list = tokens.data ?? [];
  const revokeButton = (token: ApiToken) => (
    <Button size="xs" variant="light" color="red" onClick={() => setRevoking(token)} aria-label={`Token „${token.name}“ widerrufen`}>
      Widerrufen
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={4}>API-Tokens</Title>
          <Text c="dimmed" fz="sm" maw={560}>
            {description}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Token erstellen
        </Button>
      </Group>
      {tokens.isPending && <LoadingState />}
      {tokens.errorMessage && <ErrorState message={tokens.errorMessage} onRetry={() => void tokens.refetch()} />}
      {tokens.data && list.length === 0 && (
        <EmptyState title="Noch keine API-Tokens">Erstellen Sie ein Token, um Befunde und Änderungen aus Skripten oder anderen Werkzeugen abzurufen.</EmptyState>
      )}
      {list.length > 0 && narrow && (
        <Stack gap="sm">
          {list.map((token) => (
            <Paper key={token.tokenId} withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{token.name}</Text>
                  {revokeButton(token)}
                </Group>
                <Code>{token.prefix}…</Code>
                <Scopes token={token} />
                <Text size="sm" c="dimmed">
                  Erstellt {formatDate(token.createdAt)} · Zuletzt verwendet {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'nie'}
                </Text>
                <Group gap={4}>
                  <Text size="sm" c="dimmed">
                    Ablauf:
                  </Text>
                  <Expiry token={token} />
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {list.length > 0 && !narrow && (
        <ListTable rows={list} columns={columns(revokeButton)} rowId={(token) => token.tokenId} label="API-Tokens" minWidth={720} emptyText="Keine API-Tokens" />
      )}

      <Modal opened={creating} onClose={() => setCreating(false)} title="API-Token erstellen" centered>
        <form onSubmit={create} noValidate>
          <Stack>
            <TextInput label="Name" placeholder="z. B. SIEM-Export" data-autofocus {...textProps(form, 'name', MAX.name)} />
            <Checkbox.Group label="Berechtigungen" {...form.getInputProps('scopes')}>
              <Stack gap="xs" mt="xs">
                {scopes.map((value) => (
                  <Checkbox key={value} value={value} label={API_TOKEN_SCOPE_LABELS[value]} description={value} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select label="Gültig für" data={EXPIRIES} allowDeselect={false} {...form.getInputProps('expiry')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCreating(false)}>
                Abbrechen
              </Button>
              <Button type="submit" loading={busy} leftSection={<IconKey size={16} />}>
                Erstellen
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal opened={created !== null} onClose={() => setCreated(null)} title="Neues API-Token" centered>
        <Stack>
          <Alert color="yellow">Kopieren Sie das Token jetzt: Es wird nur dieses eine Mal angezeigt und lässt sich später nicht mehr abrufen.</Alert>
          <Code block data-testid="new-api-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {created?.token}
          </Code>
          <Text size="sm" c="dimmed">
            Senden Sie es als Kopfzeile <Code>Authorization: Bearer …</Code> an die REST-API (siehe API-Referenz unter /api-docs).
          </Text>
          <Group justify="flex-end">
            <CopyButton value={created?.token ?? ''}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
                  {copied ? 'Kopiert' : 'Kopieren'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setCreated(null)}>Fertig</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="API-Token widerrufen?" centered>
        <Stack>
          <Text size="sm">
            Das Token „{revoking?.name}“ ({revoking?.prefix}…) gilt sofort nicht mehr. Anwendungen, die es verwenden, erhalten keinen Zugriff mehr.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Abbrechen
            </Button>
            <Button color="red" loading={busy} onClick={() => void revoke()}>
              Widerrufen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
