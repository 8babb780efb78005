import { Paper, Table } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { useApi } from '../../lib/use-api';
import { getCheckDefinitions } from './admin-api';

/** /admin/findings: every check definition of the registry with its global defaults. */
export function AdminFindingsPage() {
  const checks = useApi(getCheckDefinitions());
  return (
    <>
      <PageHeader title="Prüfungen" description="Alle Prüfungen mit ihren globalen Standardwerten" />
      {checks.loading && !checks.data && <LoadingState />}
      {checks.error && <ErrorState message={checks.error} onRetry={checks.reload} />}
      {checks.data?.length === 0 && <EmptyState title="Keine Prüfungen registriert">Die Prüfungen erscheinen hier, sobald sie im Prüfkatalog registriert sind.</EmptyState>}
      {checks.data && checks.data.length > 0 && (
        <Paper withBorder radius="lg">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Prüfungen">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kennung</Table.Th>
                <Table.Th>Titel</Table.Th>
                <Table.Th>Kritikalität</Table.Th>
                <Table.Th>Einfluss</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {checks.data.map((check) => (
                <Table.Tr key={check.slug}>
                  <Table.Td ff="monospace" fz="sm">
                    {check.slug}
                  </Table.Td>
                  <Table.Td>{check.title}</Table.Td>
                  <Table.Td>{check.criticality}</Table.Td>
                  <Table.Td>{check.scoreImpact}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}
