import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';

export const PAGE_SIZES = [25, 50, 100, 250];

/** How a sortable column orders two rows (ascending); the table reverses it for „absteigend“. */
export type Comparators<Row> = Partial<Record<string, (a: Row, b: Row) => number>>;

/**
 * Sorting and paging of rows that are all in the browser (filtered by the page): sorted by the clicked column,
 * cut into pages. A filter that leaves fewer pages moves back to the last one, so a page is never empty.
 */
export function useClientTable<Row>(rows: readonly Row[], comparators: Comparators<Row>, initialSort: DataTableSortStatus<Row>) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>(initialSort);
  const [requestedPage, setPage] = useState(1);
  const [recordsPerPage, setRecordsPerPage] = useState(PAGE_SIZES[0] as number);
  const sorted = useMemo(() => {
    const compare = comparators[sortStatus.columnAccessor as string];
    if (!compare) return [...rows];
    const direction = sortStatus.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => direction * compare(a, b));
  }, [rows, comparators, sortStatus]);
  const lastPage = Math.max(1, Math.ceil(sorted.length / recordsPerPage));
  const page = Math.min(requestedPage, lastPage);
  return {
    /** Every row in table order (what „Angezeigte Zeilen als CSV“ exports). */
    sorted,
    records: sorted.slice((page - 1) * recordsPerPage, page * recordsPerPage),
    page,
    onPageChange: setPage,
    totalRecords: sorted.length,
    recordsPerPage,
    onRecordsPerPageChange: (size: number) => {
      setRecordsPerPage(size);
      setPage(1);
    },
    sortStatus,
    onSortStatusChange: (status: DataTableSortStatus<Row>) => {
      setSortStatus(status);
      setPage(1);
    },
  };
}
