import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv, IconTableExport } from '@tabler/icons-react';
import { useState } from 'react';
import type { ExportFormat, ExportKind } from '@burgwall/shared';
import { downloadFile } from '../lib/download';
import { notify } from '../lib/notify';
import { errorText } from '../lib/api-query';
import { saveText } from '../lib/csv';

/** One dataset of the export routes, with the German name the menu shows. */
export interface ExportChoice {
  kind: ExportKind;
  label: string;
  /** Extra query parameters (e.g. `check` for the objects of one check). */
  query?: Record<string, string>;
}

const FORMATS: Array<{ format: ExportFormat; label: string; icon: typeof IconFileTypeCsv }> = [
  { format: 'csv', label: 'CSV', icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'Excel (XLSX)', icon: IconFileSpreadsheet },
];

/** The rows a table currently shows (filtered and sorted), as client-side CSV. */
export interface VisibleRowsExport {
  fileName: string;
  toCsv: () => string;
}

/** One file of a server export route (GET path?format=…), with the German name the menu shows. */
export interface FileExport {
  /** Stable key (React key and the fallback file name). */
  key: string;
  label: string;
  path: string;
  /** Filters of the route; empty values are left out. */
  query?: Record<string, string | undefined>;
}

/**
 * „Exportieren“: downloads through the same REST routes an API token uses, with the session's bearer token;
 * `visibleRows` adds the table's current view as CSV (for tables the server does not export).
 */
export function FileExportMenu({ files, visibleRows }: { files: FileExport[]; visibleRows?: VisibleRowsExport }) {
  const [busy, setBusy] = useState(false);
  const download = async ({ key, path, query }: FileExport, format: ExportFormat) => {
    setBusy(true);
    try {
      const search = new URLSearchParams({ format });
      for (const [name, value] of Object.entries(query ?? {})) if (value) search.set(name, value);
      const name = await downloadFile(`${path}?${search.toString()}`, `${key}.${format}`);
      notify({ type: 'success', title: 'Export heruntergeladen', text: name });
    } catch (error) {
      notify({ type: 'error', title: 'Export fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy}>
          Exportieren
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {files.map((file, index) => (
          <div key={file.key}>
            {index > 0 && <Menu.Divider />}
            <Menu.Label>{file.label}</Menu.Label>
            {FORMATS.map(({ format, label, icon: Icon }) => (
              <Menu.Item key={format} leftSection={<Icon size={16} />} onClick={() => void download(file, format)}>
                {files.length > 1 ? `${file.label} als ${label}` : `Als ${label}`}
              </Menu.Item>
            ))}
          </div>
        ))}
        {visibleRows && (
          <>
            {files.length > 0 && <Menu.Divider />}
            <Menu.Label>Aktuelle Ansicht</Menu.Label>
            <Menu.Item leftSection={<IconTableExport size={16} />} onClick={() => saveText(visibleRows.toCsv(), visibleRows.fileName)}>
              Angezeigte Zeilen als CSV
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The menu for a client's exports (GET /client/{id}/export/{kind}). */
export function ExportMenu({ clientId, choices, visibleRows }: { clientId: string; choices: ExportChoice[]; visibleRows?: VisibleRowsExport }) {
  const files = choices.map(({ kind, label, query }) => ({ key: kind, label, query, path: `/client/${encodeURIComponent(clientId)}/export/${kind}` }));
  return <FileExportMenu files={files} visibleRows={visibleRows} />;
}
