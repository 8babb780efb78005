import { Badge, Button, Card, CloseButton, Grid, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { dayBoundary, GERMAN_DATE_FORMAT, GermanDatePickerInput } from '../../components/dates-provider';
import { ExportMenu } from '../../components/export-menu';
import type { ChangeFilter } from '../../components/change-queries';
import { ChangeTable } from '../../components/change-table';

const FLAG_OPTIONS = [
  { value: '', label: 'Egal' },
  { value: 'true', label: 'Ja' },
  { value: 'false', label: 'Nein' },
];

/** Filter state lives in the URL, so a search can be bookmarked and linked (e.g. an object's timeline). */
function filterFromParams(params: URLSearchParams): ChangeFilter {
  const flag = (name: string) => (params.get(name) === 'true' ? true : params.get(name) === 'false' ? false : undefined);
  const day = (name: string, end: boolean) => {
    const value = params.get(name);
    return value ? dayBoundary(value, end) : undefined;
  };
  return {
    objectGuid: params.get('object') ?? undefined,
    search: params.get('q') ?? undefined,
    propertyName: params.get('attribute') ?? undefined,
    from: day('from', false),
    to: day('to', true),
    isIoa: flag('ioa'),
    isIoe: flag('ioe'),
  };
}

/** /client/{clientId}/change-history/search: by object, attribute, time range and IoA/IoE flags. */
export function ChangeSearchPage() {
  const { clientId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(() => Object.fromEntries(params.entries()));
  const filter = useMemo(() => filterFromParams(params), [params]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(draft)) if (value) next.set(key, value);
    setParams(next);
  };
  const field = (name: string) => ({
    value: draft[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  return (
    <>
      <PageHeader
        title="Änderungen durchsuchen"
        description="Nach Objekt, Attribut, Zeitraum und Hinweisen (IoA/IoE) filtern."
        actions={
          <ExportMenu
            clientId={clientId}
            // The server exports by time range; the other filters narrow only the list below.
            choices={[{ kind: 'changes', label: filter.from || filter.to ? 'Änderungen im Zeitraum' : 'Änderungen', query: Object.fromEntries(Object.entries({ from: filter.from, to: filter.to }).filter((entry): entry is [string, string] => entry[1] !== undefined)) }]}
          />
        }
      />
      <Card withBorder radius="md" p="md" mb="md" component="form" onSubmit={submit}>
        <Grid align="flex-end">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextInput label="Objekt" placeholder="Name oder DN, z. B. Domain Admins" {...field('q')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <TextInput label="Attribut" placeholder="z. B. member" {...field('attribute')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <GermanDatePickerInput
              type="range"
              label="Zeitraum"
              placeholder="Von – bis"
              valueFormat={GERMAN_DATE_FORMAT}
              clearable
              allowSingleDateInRange
              value={[draft.from ?? null, draft.to ?? null]}
              onChange={([from, to]) => setDraft({ ...draft, from: from ?? '', to: to ?? '' })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Select label="Angriff (IoA)" data={FLAG_OPTIONS} value={draft.ioa ?? ''} onChange={(value) => setDraft({ ...draft, ioa: value ?? '' })} allowDeselect={false} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Select label="Schwachstelle (IoE)" data={FLAG_OPTIONS} value={draft.ioe ?? ''} onChange={(value) => setDraft({ ...draft, ioe: value ?? '' })} allowDeselect={false} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 'content' }}>
            <Group>
              <Button type="submit" leftSection={<IconSearch size={16} />}>
                Suchen
              </Button>
              <Button variant="subtle" color="gray" onClick={() => { setDraft({}); setParams(new URLSearchParams()); }}>
                Zurücksetzen
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
        {filter.objectGuid && (
          <Group mt="md" gap="xs">
            <Badge size="lg" variant="light" rightSection={<CloseButton size="xs" aria-label="Objektfilter entfernen" onClick={() => { const next = new URLSearchParams(params); next.delete('object'); next.delete('name'); setParams(next); }} />}>
              Zeitleiste von {params.get('name') ?? filter.objectGuid}
            </Badge>
          </Group>
        )}
      </Card>
      <Card withBorder radius="md" p="md">
        <ChangeTable clientId={clientId} filter={filter} />
      </Card>
    </>
  );
}
