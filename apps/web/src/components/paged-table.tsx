import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useRef } from 'react';
import { useGermanSortLabels } from './german-sort-labels';
import { PAGE_SIZES } from './use-client-table';

/** The German wording every paged table shares. */
export const PAGING_TEXTS = {
  paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => `${from}–${to} von ${totalRecords}`,
  getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({ 'aria-label': { first: 'Erste Seite', last: 'Letzte Seite', previous: 'Vorherige Seite', next: 'Nächste Seite' }[control] }),
} as const;

interface PagedTableProps<Row> {
  table: {
    records: Row[];
    page: number;
    onPageChange: (page: number) => void;
    totalRecords: number;
    recordsPerPage: number;
    onRecordsPerPageChange: (size: number) => void;
    sortStatus: DataTableSortStatus<Row>;
    onSortStatusChange: (status: DataTableSortStatus<Row>) => void;
  };
  columns: DataTableColumn<Row>[];
  idAccessor: keyof Row & string;
  testId: string;
  /** Shown instead of the table when no row matches. */
  empty: ReactNode;
  rowAttributes?: (row: Row) => Record<string, string>;
}

/** A sortable, paged table of rows held in the browser (mantine-datatable), with the app's German texts. */
export function PagedTable<Row>({ table, columns, idAccessor, testId, empty, rowAttributes }: PagedTableProps<Row>) {
  const root = useRef<HTMLDivElement>(null);
  useGermanSortLabels(root);
  if (table.totalRecords === 0) return <>{empty}</>;
  // The test id names the table with its paging bar („1–25 von 78“), not only the <table>.
  return (
    <div data-testid={testId} ref={root}>
      <DataTable<Row>
        withTableBorder={false}
        striped
        highlightOnHover
        verticalSpacing="sm"
        idAccessor={idAccessor}
        records={table.records}
        columns={columns}
        totalRecords={table.totalRecords}
        recordsPerPage={table.recordsPerPage}
        page={table.page}
        onPageChange={table.onPageChange}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={table.onRecordsPerPageChange}
        recordsPerPageLabel="Zeilen pro Seite"
        sortStatus={table.sortStatus}
        onSortStatusChange={table.onSortStatusChange}
        customRowAttributes={rowAttributes}
        {...PAGING_TEXTS}
      />
    </div>
  );
}
