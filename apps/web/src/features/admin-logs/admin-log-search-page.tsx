import type { AdminLogFilter } from '@burgwall/shared';
import { Button, Card, Grid, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { GermanDateInput, parseGermanDay } from '../../components/german-date-input';
import { useApiQuery } from '../../lib/api-query';
import { getAdminLogFilters } from './admin-logs-api';
import { AdminLogExportMenu } from './admin-log-export-menu';
import { LogTable } from './log-table';

const LEVEL_OPTIONS = [
  { value: '', label: 'Alle' },
  { value: 'warn', label: 'Mit Warnungen oder Fehlern' },
  { value: 'error', label: 'Mit Fehlern' },
];
const FIELDS = ['provider', 'clientId', 'from', 'to', 'q', 'level'] as const;
type Draft = Partial<Record<(typeof FIELDS)[number], string>>;

/** The URL holds the search, so it can be bookmarked and shared. */
function filterFromParams(params: URLSearchParams): AdminLogFilter {
  const value = (name: string) => params.get(name) || undefined;
  const level = params.get('level');
  return {
    provider: value('provider'),
    clientId: value('clientId'),
    from: value('from'),
    to: value('to'),
    q: value('q'),
    level: level === 'error' || level === 'warn' ? level : undefined,
  };
}

/** The date fields hold ISO days; the URL and the API take German ones (TT.MM.JJJJ), so links stay readable. */
const germanDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

function draftErrors(draft: Draft): Record<string, string | null> {
  const from = parseGermanDay(draft.from ?? '');
  const to = parseGermanDay(draft.to ?? '');
  return {
    from: null,
    to: from && to && from > to ? 'Das Ende liegt vor dem Beginn' : null,
    q: draft.q && draft.q.trim().length < 2 ? 'Mindestens 2 Zeichen' : null,
  };
}

/** /admin/logs/search: collector logs by provider, client, period, level and text in the log. */
export function AdminLogSearchPage() {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Draft>(() => Object.fromEntries(FIELDS.map((name) => [name, params.get(name) ?? ''])));
  const [showErrors, setShowErrors] = useState(false);
  const filter = useMemo(() => filterFromParams(params), [params]);
  const options = useApiQuery(getAdminLogFilters());
  const errors = draftErrors(draft);

  const providerData = (options.data?.providers ?? []).map((p) => ({ value: p.providerId, label: p.providerName }));
  const clientData = (options.data?.clients ?? [])
    .filter((c) => !draft.provider || c.providerId === draft.provider)
    .map((c) => ({ value: c.clientId, label: c.clientName }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.values(errors).some(Boolean)) return;
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value?.trim()) next.set(key, value.trim());
    setParams(next);
  };
  const day = (name: 'from' | 'to') => ({
    value: parseGermanDay(draft[name] ?? ''),
    error: showErrors ? errors[name] : null,
    onChange: (iso: string | null) => setDraft({ ...draft, [name]: iso ? germanDay(iso) : '' }),
  });
  const text = (name: 'q') => ({
    value: draft[name] ?? '',
    error: showErrors ? errors[name] : null,
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  return (
    <>
      <PageHeader
        title="Protokollsuche"
        description="Collector-Protokolle nach Dienstleister, Kunde, Zeitraum und Inhalt durchsuchen"
        actions={<AdminLogExportMenu filter={filter} />}
      />
      <Card withBorder radius="md" p="md" mb="md" component="form" onSubmit={submit} noValidate>
        <Grid align="flex-start">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Dienstleister"
              placeholder={options.isPending ? 'Wird geladen …' : 'Alle Dienstleister'}
              data={providerData}
              value={draft.provider || null}
              onChange={(value) => setDraft({ ...draft, provider: value ?? '', clientId: '' })}
              searchable
              clearable
              nothingFoundMessage="Kein Dienstleister gefunden"
              error={options.errorMessage}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select
              label="Kunde"
              placeholder={options.isPending ? 'Wird geladen …' : 'Alle Kunden'}
              data={clientData}
              value={draft.clientId || null}
              onChange={(value) => setDraft({ ...draft, clientId: value ?? '' })}
              searchable
              clearable
              nothingFoundMessage="Kein Kunde gefunden"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Select label="Meldungen" data={LEVEL_OPTIONS} value={draft.level ?? ''} onChange={(value) => setDraft({ ...draft, level: value ?? '' })} allowDeselect={false} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <GermanDateInput label="Von" {...day('from')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <GermanDateInput label="Bis" {...day('to')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 'auto' }}>
            <TextInput label="Suchtext" placeholder="Text im Protokoll, z. B. LDAP bind" maxLength={200} {...text('q')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 'content' }} pt={{ md: 31 }}>
            <Group gap="xs" wrap="nowrap">
              <Button type="submit" leftSection={<IconSearch size={16} />}>
                Suchen
              </Button>
              <Button
                variant="subtle"
                color="gray"
                onClick={() => {
                  setDraft({});
                  setShowErrors(false);
                  setParams(new URLSearchParams());
                }}
              >
                Zurücksetzen
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </Card>
      <LogTable filter={filter} emptyText="Kein Protokoll passt zu diesen Filtern." />
    </>
  );
}
