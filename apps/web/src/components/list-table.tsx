import { Group, Pagination, Paper, Select, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import {
  type ColumnDef,
  type RowData,
  type SortingFn,
  type SortingState,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, type Ref, useImperativeHandle, useState } from 'react';

declare module '@tanstack/react-table' {
  // The type parameters must match TanStack's declaration; the meta does not use them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Secondary columns give way below this breakpoint (phones: 'sm'), so the table fits its card. */
    visibleFrom?: 'sm' | 'md' | 'lg' | 'xl';
    align?: 'right';
    /** Keeps badges and dates on one line; long names wrap instead. */
    noWrap?: boolean;
    width?: number;
  }
}

export type ListColumn<Row> = ColumnDef<Row, unknown>;

/** A column's own order of two rows (ascending; the table reverses it for „absteigend“), e.g. criticality by rank. */
export const sortRowsBy =
  <Row,>(compare: (a: Row, b: Row) => number): SortingFn<Row> =>
  (a, b) =>
    compare(a.original, b.original);

/** What a page asks of its table, e.g. the rows for „Angezeigte Zeilen als CSV“. */
export interface ListTableHandle<Row> {
  /** Every row the search leaves, in the table's current order, across all pages. */
  rowsInOrder: () => Row[];
}

/** The server pages (thousands of objects): the table shows one page and asks the caller for another. */
export interface ServerPaging {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  /** The server counted only up to `total` (a search with very many hits): shown as "von mehr als …". */
  totalIsLowerBound?: boolean;
  onPageChange: (page: number) => void;
  /** The next page is loading: the current one stays, dimmed. */
  fetching?: boolean;
}

const PAGE_SIZES = ['25', '50', '100', '250'];
/** Mantine's page buttons named in German („Nächste Seite“, „Seite 3“), for every paged list of the app. */
export const GERMAN_PAGINATION_LABELS = {
  getControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
    'aria-label': { first: 'Erste Seite', last: 'Letzte Seite', previous: 'Vorherige Seite', next: 'Nächste Seite' }[control],
  }),
  getItemProps: (page: number) => ({ 'aria-label': `Seite ${page}` }),
};
const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });
/** Numbers by value, everything else as German text (ä after a, 10 after 9). */
const germanOrder: SortingFn<unknown> = (a, b, id) => {
  const left = a.getValue(id);
  const right = b.getValue(id);
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return collator.compare(String(left ?? ''), String(right ?? ''));
};
const SORT_LABEL = { asc: 'aufsteigend sortiert', desc: 'absteigend sortiert' } as const;

interface ListTableProps<Row> {
  rows: Row[];
  /** TanStack columns; a column with an accessor sorts by it unless `enableSorting: false`. */
  columns: ListColumn<Row>[];
  rowId: (row: Row) => string;
  /** Aria label of the table. */
  label: string;
  initialSort?: SortingState;
  /** The text a row is found by in the search field; without it there is no search field. */
  searchText?: (row: Row) => string;
  searchPlaceholder?: string;
  /** Shown above the table next to the search field (e.g. an export menu). */
  toolbar?: ReactNode;
  emptyText: ReactNode;
  onRowClick?: (row: Row) => void;
  /** Phones scroll the table inside its frame; the page never scrolls sideways. 0: columns give way instead. */
  minWidth?: number;
  /** Names the table together with its paging bar („1–25 von 78“). */
  testId?: string;
  /** Extra attributes of a row (`data-slug`, a test id). */
  rowAttributes?: (row: Row) => Record<string, string>;
  /** Without it the table pages the rows it holds; with it the caller (the server) does. */
  serverPaging?: ServerPaging;
  ref?: Ref<ListTableHandle<Row>>;
}

/**
 * The app's list of many rows (thousands): sortable by a click on a heading, searchable, paged, German throughout.
 * Sorting, search and paging run in the browser on the rows loaded (TanStack Table), or paging on the server.
 */
export function ListTable<Row>({
  rows,
  columns,
  rowId,
  label,
  initialSort = [],
  searchText,
  searchPlaceholder = 'Liste durchsuchen …',
  toolbar,
  emptyText,
  onRowClick,
  minWidth = 640,
  testId,
  rowAttributes,
  serverPaging,
  ref,
}: ListTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [globalFilter, setGlobalFilter] = useState('');
  const [localPagination, setPagination] = useState({ pageIndex: 0, pageSize: 25 });
  const pagination = serverPaging ? { pageIndex: serverPaging.page - 1, pageSize: serverPaging.pageSize } : localPagination;
  // TanStack Table hands out fresh functions on every render; this component simply re-renders with it (no memoising).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: rowId,
    state: { sorting, globalFilter, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: serverPaging
      ? (update) => serverPaging.onPageChange((typeof update === 'function' ? update(pagination) : update).pageIndex + 1)
      : setPagination,
    manualPagination: Boolean(serverPaging),
    rowCount: serverPaging?.total,
    globalFilterFn: (row, _column, needle: string) => (searchText ? searchText(row.original).toLocaleLowerCase('de').includes(needle.trim().toLocaleLowerCase('de')) : true),
    defaultColumn: { sortingFn: germanOrder as SortingFn<Row>, sortUndefined: 'last' },
    sortDescFirst: false,
    // New rows (a filter) start again at page 1, so a page is never empty; the server's pages are the caller's.
    autoResetPageIndex: !serverPaging,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  // A filter that leaves fewer pages shows the last one, so a page is never empty (TanStack's own reset to page 1
  // skips the first change of the rows).
  const lastPageIndex = Math.max(0, table.getPageCount() - 1);
  if (!serverPaging && localPagination.pageIndex > lastPageIndex) setPagination({ ...localPagination, pageIndex: lastPageIndex });
  useImperativeHandle(ref, () => ({ rowsInOrder: () => table.getPrePaginationRowModel().rows.map((row) => row.original) }), [table]);
  const total = serverPaging ? serverPaging.total : table.getFilteredRowModel().rows.length;
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageRows = table.getRowModel().rows;

  return (
    <>
      {(searchText || toolbar) && (
        <Group mb="sm" gap="sm" align="flex-end" wrap="wrap">
          {searchText && (
            <TextInput
              aria-label={searchPlaceholder}
              placeholder={searchPlaceholder}
              leftSection={<IconSearch size={16} />}
              value={globalFilter}
              onChange={(event) => setGlobalFilter(event.currentTarget.value)}
              style={{ flex: '1 1 220px', maxWidth: 360 }}
            />
          )}
          {toolbar}
        </Group>
      )}
      <Paper withBorder radius="lg" data-testid={testId}>
        <Table.ScrollContainer minWidth={minWidth} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={label} aria-busy={serverPaging?.fetching} opacity={serverPaging?.fetching ? 0.6 : 1}>
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const heading = flexRender(header.column.columnDef.header, header.getContext());
                    const meta = header.column.columnDef.meta;
                    return (
                      <Table.Th
                        key={header.id}
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                        visibleFrom={meta?.visibleFrom}
                        ta={meta?.align}
                        w={meta?.width}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {header.column.getCanSort() ? (
                          <UnstyledButton
                            onClick={header.column.getToggleSortingHandler()}
                            fw={700}
                            fz="sm"
                            title={sorted ? `Spalte ${SORT_LABEL[sorted]}` : 'Nach dieser Spalte sortieren'}
                            // The button's name says the state: „Prüfung aufsteigend sortiert“.
                            aria-label={typeof header.column.columnDef.header === 'string' ? `${header.column.columnDef.header} ${sorted ? SORT_LABEL[sorted] : 'nicht sortiert'}` : undefined}
                          >
                            <Group gap={4} wrap="nowrap">
                              {heading}
                              {sorted === 'asc' ? <IconSortAscending size={14} /> : sorted === 'desc' ? <IconSortDescending size={14} /> : <IconArrowsSort size={14} opacity={0.4} />}
                            </Group>
                          </UnstyledButton>
                        ) : (
                          heading
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {pageRows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={table.getVisibleLeafColumns().length}>
                    <Text c="dimmed" size="sm" ta="center" py="md">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {pageRows.map((row) => (
                <Table.Tr
                  key={row.id}
                  {...rowAttributes?.(row.original)}
                  {...(onRowClick
                    ? { style: { cursor: 'pointer' }, tabIndex: 0, onClick: () => onRowClick(row.original), onKeyDown: (event: { key: string }) => event.key === 'Enter' && onRowClick(row.original) }
                    : {})}
                >
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <Table.Td key={cell.id} visibleFrom={meta?.visibleFrom} ta={meta?.align} style={meta?.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {total > 0 && (
          <Group justify="space-between" px="md" py="xs" gap="sm" wrap="wrap" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Text size="sm" c="dimmed">
              {pageIndex * pageSize + 1}–{Math.min(total, (pageIndex + 1) * pageSize)} von {serverPaging?.totalIsLowerBound ? `mehr als ${(total - 1).toLocaleString('de-DE')}` : total}
            </Text>
            <Group gap="sm" wrap="wrap">
              {!serverPaging && (
                <Select
                  aria-label="Zeilen je Seite"
                  size="xs"
                  w={90}
                  data={PAGE_SIZES}
                  value={String(pageSize)}
                  allowDeselect={false}
                  onChange={(value) => table.setPageSize(Number(value))}
                />
              )}
              {table.getPageCount() > 1 && (
                <Pagination
                  size="sm"
                  total={table.getPageCount()}
                  value={pageIndex + 1}
                  onChange={(value) => table.setPageIndex(value - 1)}
                  {...GERMAN_PAGINATION_LABELS}
                />
              )}
            </Group>
          </Group>
        )}
      </Paper>
    </>
  );
}
