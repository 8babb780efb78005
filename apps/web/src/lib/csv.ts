import { saveBlob } from './download';

/**
 * CSV of the rows a table shows, in the format of the server's exports (apps/server/src/exports/export-writers.ts):
 * UTF-8 with BOM, semicolons, CRLF, every field quoted — what German Excel opens by double-click.
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null;
}

/** A text that a spreadsheet would run as a formula (=, +, -, @) is prefixed with an apostrophe. */
function defuse(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function field(value: string | number | boolean | null): string {
  const text = value === null ? '' : typeof value === 'boolean' ? (value ? 'Ja' : 'Nein') : typeof value === 'number' ? String(value) : defuse(value);
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => field(column.header)), ...rows.map((row) => columns.map((column) => field(column.value(row))))];
  return `\uFEFF${lines.map((cells) => cells.join(';')).join('\r\n')}\r\n`;
}

/** Saves a text as a file download (no server round trip: the rows are already on screen). */
export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), fileName);
}
