import { formatDateTime } from '@burgwall/shared';
import { Button, Card, Group, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import { IconAdjustments, IconListSearch, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/data-states';
import { ExportMenu } from '../../components/export-menu';
import { type ListColumn, ListTable, type ListTableHandle, sortRowsBy } from '../../components/list-table';
import { type CsvColumn, toCsv } from '../../lib/csv';
import { PageHeader } from '../../components/page-header';
import { useGraphqlQuery } from '../../lib/api-query';
import { SEVERITY_LABEL, SeverityBadge, type Severity } from '../../components/severity-badge';
import { SeveritySelect } from '../../components/severity-select';

interface OverviewData {
  ioaDetectors: { slug: string; title: string; description: string; severity: Severity }[];
  ioaSummary: { detector: string; severity: Severity; count: number; lastOccurredAt: string }[];
}

const QUERY = `query IoaOverview($clientId: ID!, $since: DateTime!) {
  ioaDetectors { slug title description severity }
  ioaSummary(clientId: $clientId, since: $since) { detector severity count lastOccurredAt }
}`;

const DAYS = 30;

interface DetectorRow {
  slug: string;
  title: string;
  description: string;
  severity: Severity;
  count: number;
  last: string | null;
}

/** Every detector with its hits of the period (detectors without hits count 0). */
function detectorRows(data: OverviewData | undefined): DetectorRow[] {
  return (data?.ioaDetectors ?? []).map((detector) => {
    const hits = data?.ioaSummary.filter((row) => row.detector === detector.slug) ?? [];
    const count = hits.reduce((sum, row) => sum + row.count, 0);
    const last = hits.map((row) => row.lastOccurredAt).sort().at(-1) ?? null;
    return { ...detector, count, last };
  });
}

const SEVERITY_RANK: Record<Severity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

const COLUMNS: ListColumn<DetectorRow>[] = [
  {
    accessorKey: 'title',
    header: 'Angriffsindikator',
    sortingFn: sortRowsBy((a, b) => a.title.localeCompare(b.title, 'de')),
    cell: ({ row: { original: row } }) => (
      // Long compounds („AdminSDHolder-Berechtigungen“) wrap rather than pushing „Treffer“ out of a phone's table.
      <div style={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
        <Text fw={600} size="sm">
          {row.title}
        </Text>
        <Text size="xs" c="dimmed">
          {row.description}
        </Text>
      </div>
    ),
  },
  { id: 'severity', accessorFn: (row) => SEVERITY_RANK[row.severity], header: 'Schweregrad', meta: { visibleFrom: 'sm' }, cell: ({ row }) => <SeverityBadge severity={row.original.severity} /> },
  {
    accessorKey: 'count',
    header: 'Treffer',
    sortingFn: sortRowsBy((a, b) => a.count - b.count || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]),
    meta: { align: 'right' },
    cell: ({ row: { original: row } }) => (
      <Text size="sm" fw={row.count > 0 ? 700 : 400} c={row.count > 0 ? 'red' : 'dimmed'}>
        {row.count}
      </Text>
    ),
  },
  { accessorKey: 'last', header: 'Zuletzt', sortingFn: sortRowsBy((a, b) => (a.last ?? '').localeCompare(b.last ?? '')), meta: { visibleFrom: 'sm', noWrap: true }, cell: ({ row }) => (row.original.last ? formatDateTime(row.original.last) : '–') },
];

const CSV_COLUMNS: CsvColumn<DetectorRow>[] = [
  { header: 'Angriffsindikator', value: (row) => row.title },
  { header: 'Schweregrad', value: (row) => SEVERITY_LABEL[row.severity] },
  { header: `Treffer (${DAYS} Tage)`, value: (row) => row.count },
  { header: 'Zuletzt', value: (row) => (row.last ? formatDateTime(row.last) : null) },
];

/** /client/{clientId}/ioa: every attack indicator Burgwall watches, with what it found in the last 30 days. */
export function IoaOverviewPage() {
  const { clientId = '' } = useParams();
  const [since] = useState(() => new Date(Date.now() - DAYS * 86_400_000).toISOString());
  const { data, errorMessage, isPending, refetch } = useGraphqlQuery<OverviewData>(QUERY, { clientId, since });

  const [severity, setSeverity] = useState<Severity | null>(null);
  const [onlyHits, setOnlyHits] = useState(false);
  const rows = useMemo(() => detectorRows(data), [data]);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const shown = useMemo(() => rows.filter((row) => (!severity || row.severity === severity) && (!onlyHits || row.count > 0)), [rows, severity, onlyHits]);
  const table = useRef<ListTableHandle<DetectorRow>>(null);

  return (
    <>
      <PageHeader
        title="Angriffe (Indicators of Attack)"
        description={`Angriffsmuster, die Burgwall in den Verzeichnisänderungen erkennt – Treffer der letzten ${DAYS} Tage. Angriffe beeinflussen die Sicherheitsbewertung nicht.`}
        actions={
          <Group>
            <ExportMenu clientId={clientId} choices={[{ kind: 'ioas', label: 'Angriffsindikatoren (IoA)' }]} visibleRows={{ fileName: 'erkennungsregeln.csv', toCsv: () => toCsv(CSV_COLUMNS, table.current?.rowsInOrder() ?? shown) }} />
            <Button component={Link} to={`/client/${clientId}/settings/ioa/thresholds`} variant="light" leftSection={<IconAdjustments size={16} />}>
              Schwellenwerte anpassen
            </Button>
            <Button component={Link} to={`/client/${clientId}/security-log`} leftSection={<IconListSearch size={16} />}>
              Zum Sicherheitsprotokoll
            </Button>
          </Group>
        }
      />
      {isPending ? (
        <LoadingState />
      ) : errorMessage ? (
        <ErrorState message={errorMessage} onRetry={() => void refetch()} />
      ) : (
        <Stack>
          <Card withBorder radius="md" p="md">
            <Group>
              <ThemeIcon size={44} radius="xl" color={total > 0 ? 'red' : 'green'} variant="light">
                {total > 0 ? <IconShieldX size={24} /> : <IconShieldCheck size={24} />}
              </ThemeIcon>
              <div>
                <Text fw={700} size="lg" data-testid="ioa-total">
                  {total === 0 ? 'Keine Angriffe erkannt' : `${total} ${total === 1 ? 'Angriffsindikator' : 'Angriffsindikatoren'} erkannt`}
                </Text>
                <Text c="dimmed" size="sm">
                  {rows.length} Erkennungsregeln aktiv überwacht
                </Text>
              </div>
            </Group>
          </Card>
          <Card withBorder radius="md" p="md">
            <ListTable
              ref={table}
              rows={shown}
              columns={COLUMNS}
              rowId={(row) => row.slug}
              label="Erkennungsregeln"
              initialSort={[{ id: 'count', desc: true }]}
              minWidth={0}
              testId="ioa-detector-table"
              emptyText="Keine Erkennungsregeln gefunden. Passen Sie die Filter an."
              toolbar={
                <>
                  <SeveritySelect value={severity} onChange={setSeverity} />
                  <Switch label="Nur mit Treffern" checked={onlyHits} onChange={(event) => setOnlyHits(event.currentTarget.checked)} mb={8} />
                </>
              }
            />
          </Card>
        </Stack>
      )}
    </>
  );
}
