/** Reads the export routes' files the way a user's spreadsheet does: over real HTTP, CSV parsed, XLSX loaded. */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

export interface ExportFile {
  status: number;
  contentType: string;
  disposition: string;
  body: Buffer;
}

/** GET over HTTP (the app must listen); the body as bytes, whatever the status. */
export async function fetchExport(base: string, path: string, headers: Record<string, string>): Promise<ExportFile> {
  const response = await fetch(`${base}${path}`, { headers });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The CSV's records keyed by the German headers (UTF-8 with BOM, semicolons). */
export function csvRecords(body: Buffer): Array<Record<string, string>> {
  return parse(body, { bom: true, delimiter: ';', columns: true }) as Array<Record<string, string>>;
}

/** The sheet's rows as arrays of cell values (the header row first). */
export async function xlsxRows(body: Buffer, sheetName: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`Keine Tabelle „${sheetName}“ in der Datei`);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
