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

/**
 * „Exportieren“: downloads through the same REST routes an API token uses (GET /client/{id}/export/{kind}?format=…),
 * with the session's bearer token; `visibleRows` adds the table's current view as CSV (for tables the server does not export).
 */
export function ExportMenu({ clientId, choices, visibleRows }: { clientId: string; choices: ExportChoice[]; visibleRows?: VisibleRowsExport }) {
  const [busy, setBusy] = useState(false);
  const download = async ({ kind, query }: ExportChoice, format: ExportFormat) => {
    setBusy(true);
    try {
      const search = new URLSearchParams({ format, ...query });
      const name = await downloadFile(`/client/${encodeURIComponent(clientId)}/export/${kind}?${search.toString()}`, `${kind}.${format}`);
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
        {choices.map((choice, index) => (
          <div key={choice.kind}>
            {index > 0 && <Menu.Divider />}
            <Menu.Label>{choice.label}</Menu.Label>
            {FORMATS.map(({ format, label, icon: Icon }) => (
              <Menu.Item key={format} leftSection={<Icon size={16} />} onClick={() => void download(choice, format)}>
                {choices.length > 1 ? `${choice.label} als ${label}` : `Als ${label}`}
              </Menu.Item>
            ))}
          </div>
        ))}
        {visibleRows && (
          <>
            {choices.length > 0 && <Menu.Divider />}
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
