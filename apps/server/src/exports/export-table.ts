/** An export is one answer: beyond this many rows, narrow the filter (time range, client). */
export const MAX_EXPORT_ROWS = 100_000;

/** A table to export: columns with German headers (CSV/XLSX) and stable keys (JSON), and its rows. */
export type Cell = string | number | boolean | Date | null;

export interface ExportColumn {
  /** Key in the JSON export. */
  key: string;
  /** Column header in CSV and XLSX. */
  header: string;
  /** Column width in the XLSX sheet (characters). */
  width?: number;
}

export interface ExportTable {
  /** Sheet name in XLSX and the start of the file name. */
  title: string;
  fileName: string;
  columns: readonly ExportColumn[];
  rows: ReadonlyArray<Record<string, Cell>>;
}
