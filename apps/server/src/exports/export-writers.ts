import type { ExportFormat } from '@burgwall/shared';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Cell, ExportTable } from './export-table';

/** Excel recognises UTF-8 only with a byte order mark. */
const BOM = '\uFEFF';

/**
 * Directory data is chosen by whoever can name an object: a cell starting with = + - @ (or a tab/CR) would run as a
 * formula when the CSV is opened in a spreadsheet (CSV injection), so it gets a leading apostrophe.
 */
function defuse(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function textOf(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'boolean') return cell ? 'Ja' : 'Nein';
  if (typeof cell === 'number') return String(cell);
  return defuse(cell);
}

/** CSV as German Excel opens it by double-click: UTF-8 with BOM, semicolons, CRLF, every text properly quoted. */
export function toCsv(table: ExportTable): Buffer {
  const records = [table.columns.map((column) => column.header), ...table.rows.map((row) => table.columns.map((column) => textOf(row[column.key] ?? null)))];
  return Buffer.from(BOM + stringify(records, { delimiter: ';', record_delimiter: 'windows' }), 'utf8');
}

/** One sheet with a bold, frozen header row and a filter; dates as real date cells, booleans as Ja/Nein. */
export async function toXlsx(table: ExportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Burgwall';
  const sheet = workbook.addWorksheet(table.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({ key: column.key, header: column.header, width: column.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    const values: Record<string, string | number | Date | null> = {};
    for (const column of table.columns) {
      const cell = row[column.key] ?? null;
      // Spreadsheets treat text as text in XLSX (no formula injection), so strings stay as they are.
      values[column.key] = typeof cell === 'boolean' ? (cell ? 'Ja' : 'Nein') : cell;
    }
    sheet.addRow(values);
  }
  for (const [index, column] of table.columns.entries()) {
    if (table.rows.some((row) => row[column.key] instanceof Date)) sheet.getColumn(index + 1).numFmt = 'dd.mm.yyyy hh:mm';
  }
  if (table.columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An array of objects with the columns' keys; dates as ISO 8601. */
export function toJson(table: ExportTable): Buffer {
  const rows = table.rows.map((row) => Object.fromEntries(table.columns.map((column) => {
    const cell = row[column.key] ?? null;
    return [column.key, cell instanceof Date ? cell.toISOString() : cell];
  })));
  return Buffer.from(JSON.stringify(rows), 'utf8');
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
};

export async function writeExport(table: ExportTable, format: ExportFormat): Promise<Buffer> {
  switch (format) {
    case 'csv':
      return toCsv(table);
    case 'xlsx':
      return toXlsx(table);
    case 'json':
      return toJson(table);
  }
}
