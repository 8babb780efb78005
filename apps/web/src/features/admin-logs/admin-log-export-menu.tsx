import type { AdminLogFilter } from '@burgwall/shared';
import { FileExportMenu } from '../../components/export-menu';

/** „Exportieren“ for the admin's log list: every log matching the filter (GET /admin/logs/export), not only the loaded pages. */
export function AdminLogExportMenu({ filter }: { filter: AdminLogFilter }) {
  const filtered = Object.values(filter).some(Boolean);
  return <FileExportMenu files={[{ key: 'collector-protokolle', label: filtered ? 'Treffer der Suche' : 'Alle Protokolle', path: '/admin/logs/export', query: { ...filter } }]} />;
}
