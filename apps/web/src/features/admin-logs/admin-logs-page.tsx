import { Button, Group } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { AdminLogExportMenu } from './admin-log-export-menu';
import { LogTable } from './log-table';

const NO_FILTER = {};

/** /admin/logs: the newest collector logs of all clients and providers. */
export function AdminLogsPage() {
  return (
    <>
      <PageHeader
        title="Protokolle"
        description="Von den Collectoren hochgeladene Protokolle aller Kunden, neueste zuerst"
        actions={
          <Group gap="sm">
            <AdminLogExportMenu filter={NO_FILTER} />
            <Button component={Link} to="/admin/logs/search" variant="light" leftSection={<IconSearch size={16} />}>
              Protokolle durchsuchen
            </Button>
          </Group>
        }
      />
      <LogTable filter={NO_FILTER} emptyText="Bisher hat noch kein Collector ein Protokoll hochgeladen." />
    </>
  );
}
