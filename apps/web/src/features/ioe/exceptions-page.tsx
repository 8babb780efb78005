import { Anchor, Badge, Card, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ExceptionRow, formatDate } from '@burgwall/shared';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { type ListColumn, ListTable, type ListTableHandle, sortRowsBy } from '../../components/list-table';
import { useApiQuery } from '../../lib/api-query';
import { type CsvColumn, toCsv } from '../../lib/csv';
import { getExceptions } from './ioe-api';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { RemoveExceptionButton } from './remove-exception-button';

type ValidityFilter = 'all' | 'valid' | 'expired';

const expiryText = (row: ExceptionRow) => (row.isExpired ? 'Abgelaufen' : row.expiresAt ? formatDate(row.expiresAt) : 'unbefristet');

const CSV_COLUMNS: CsvColumn<ExceptionRow>[] = [
  { header: 'Schwachstelle', value: (row) => row.ioeTitle },
  { header: 'Objekt', value: (row) => row.objectName },
  { header: 'Begründung', value: (row) => row.reason },
  { header: 'Kommentar', value: (row) => row.comment },
  { header: 'Angelegt', value: (row) => formatDate(row.createdAt) },
  { header: 'Angelegt von', value: (row) => row.createdBy },
  { header: 'Gültig bis', value: expiryText },
];

function columnsFor(clientId: string): ListColumn<ExceptionRow>[] {
  return [
    {
      accessorKey: 'ioeTitle',
      header: 'Schwachstelle',
      sortingFn: sortRowsBy((a, b) => a.ioeTitle.localeCompare(b.ioeTitle, 'de')),
      cell: ({ row: { original: row } }) => (
        <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${row.ioeType}`} fz="sm" fw={600}>
          {row.ioeTitle}
        </Anchor>
      ),
    },
    {
      accessorKey: 'objectName',
      header: 'Objekt',
      sortingFn: sortRowsBy((a, b) => a.objectName.localeCompare(b.objectName, 'de')),
      cell: ({ row }) => (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.original.objectName}
        </Text>
      ),
    },
    {
      accessorKey: 'reason',
      header: 'Begründung',
      enableSorting: false,
      meta: { visibleFrom: 'sm' },
      cell: ({ row: { original: row } }) => (
        <>
          <Text fz="sm">{row.reason}</Text>
          {row.comment && (
            <Text fz="xs" c="dimmed">
              {row.comment}
            </Text>
          )}
        </>
      ),
    },
    {
      accessorKey: 'createdAt',
      header: 'Angelegt',
      sortingFn: sortRowsBy((a, b) => a.createdAt.localeCompare(b.createdAt)),
      meta: { visibleFrom: 'sm' },
      cell: ({ row: { original: row } }) => (
        <>
          <Text fz="sm">{formatDate(row.createdAt)}</Text>
          {row.createdBy && (
            <Text fz="xs" c="dimmed">
              {row.createdBy}
            </Text>
          )}
        </>
      ),
    },
    {
      accessorKey: 'expiresAt',
      header: 'Gültig bis',
      // Unlimited exceptions sort after every dated one.
      sortingFn: sortRowsBy((a, b) => (a.expiresAt ?? '9999').localeCompare(b.expiresAt ?? '9999')),
      meta: { noWrap: true },
      cell: ({ row: { original: row } }) => (row.isExpired ? <Badge color="gray">Abgelaufen</Badge> : <Text fz="sm">{expiryText(row)}</Text>),
    },
    {
      id: 'remove',
      header: '',
      cell: ({ row: { original: row } }) => <RemoveExceptionButton clientId={clientId} exceptionId={row.exceptionId} objectName={row.objectName} />,
    },
  ];
}

/** /client/{clientId}/ioe/exceptions: every exception with reason, author and expiry; searchable, sortable, paged. */
export function ExceptionsPage() {
  const { clientId = '' } = useParams();
  const result = useApiQuery(getExceptions(clientId));
  const [search, setSearch] = useState('');
  const [validity, setValidity] = useState<ValidityFilter>('all');
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (result.data?.exceptions ?? [])
      .filter((row) => validity === 'all' || (validity === 'expired') === row.isExpired)
      .filter((row) => !needle || [row.ioeTitle, row.objectName, row.reason, row.comment ?? '', row.createdBy ?? ''].some((text) => text.toLowerCase().includes(needle)));
  }, [result.data, search, validity]);
  const table = useRef<ListTableHandle<ExceptionRow>>(null);
  const columns = useMemo(() => columnsFor(clientId), [clientId]);
  return (
    <>
      <PageHeader
        title="Ausnahmen"
        description="Befunde, die bewusst akzeptiert wurden und nicht in die Bewertung eingehen."
        actions={<ExportMenu clientId={clientId} choices={[]} visibleRows={{ fileName: 'ausnahmen.csv', toCsv: () => toCsv(CSV_COLUMNS, table.current?.rowsInOrder() ?? rows) }} />}
      />
      {result.errorMessage && <ErrorState message={result.errorMessage} onRetry={() => void result.refetch()} />}
      {result.isPending && <LoadingState />}
      {result.data && (
        <Card withBorder>
          {result.data.exceptions.length === 0 ? (
            <EmptyState title="Noch keine Ausnahmen">Ausnahmen legen Sie auf der Seite einer Schwachstelle für einzelne betroffene Objekte an.</EmptyState>
          ) : (
            <ListTable
              ref={table}
              rows={rows}
              columns={columns}
              rowId={(row) => String(row.exceptionId)}
              label="Ausnahmen"
              initialSort={[{ id: 'createdAt', desc: true }]}
              minWidth={0}
              testId="exceptions-table"
              emptyText="Keine Ausnahmen gefunden. Passen Sie Suche oder Filter an."
              toolbar={
                <>
                  <TextInput leftSection={<IconSearch size={16} />} placeholder="Suchen" aria-label="Ausnahmen durchsuchen" value={search} onChange={(event) => setSearch(event.currentTarget.value)} w={260} />
                  <SegmentedControl
                    value={validity}
                    onChange={(value) => setValidity(value as ValidityFilter)}
                    data={[
                      { value: 'all', label: 'Alle' },
                      { value: 'valid', label: 'Gültig' },
                      { value: 'expired', label: 'Abgelaufen' },
                    ]}
                  />
                </>
              }
            />
          )}
        </Card>
      )}
    </>
  );
}
