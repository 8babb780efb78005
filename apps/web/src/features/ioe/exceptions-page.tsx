import { Anchor, Badge, Card, Table, Text } from '@mantine/core';
import { formatDate } from '@burgwall/shared';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { callApi } from '../../lib/api-client';
import { getExceptions } from './ioe-api';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { RemoveExceptionButton } from './remove-exception-button';
import { useApiData } from './use-api-data';

/** /client/{clientId}/ioe/exceptions: every exception with reason, author and expiry. */
export function ExceptionsPage() {
  const { clientId = '' } = useParams();
  const result = useApiData(clientId, () => callApi(getExceptions(clientId)));
  return (
    <>
      <PageHeader title="Ausnahmen" description="Befunde, die bewusst akzeptiert wurden und nicht in die Bewertung eingehen." />
      {result.error && <ErrorState message={result.error} onRetry={result.reload} />}
      {result.loading && !result.data && <LoadingState />}
      {result.data && (
        <Card withBorder>
          {result.data.exceptions.length === 0 ? (
            <EmptyState title="Noch keine Ausnahmen">Ausnahmen legen Sie auf der Seite einer Schwachstelle für einzelne betroffene Objekte an.</EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={820}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="exceptions-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Schwachstelle</Table.Th>
                    <Table.Th>Objekt</Table.Th>
                    <Table.Th>Begründung</Table.Th>
                    <Table.Th>Angelegt</Table.Th>
                    <Table.Th>Gültig bis</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.exceptions.map((row) => (
                    <Table.Tr key={row.exceptionId}>
                      <Table.Td>
                        <Anchor component={Link} to={`/client/${clientId}/ioe/findings/${row.ioeType}`} fz="sm" fw={600}>
                          {row.ioeTitle}
                        </Anchor>
                      </Table.Td>
                      <Table.Td fz="sm">{row.objectName}</Table.Td>
                      <Table.Td>
                        <Text fz="sm">{row.reason}</Text>
                        {row.comment && (
                          <Text fz="xs" c="dimmed">
                            {row.comment}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td fz="sm">
                        {formatDate(row.createdAt)}
                        {row.createdBy && (
                          <Text fz="xs" c="dimmed">
                            {row.createdBy}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{row.isExpired ? <Badge color="gray">Abgelaufen</Badge> : <Text fz="sm">{row.expiresAt ? formatDate(row.expiresAt) : 'unbefristet'}</Text>}</Table.Td>
                      <Table.Td>
                        <RemoveExceptionButton clientId={clientId} exceptionId={row.exceptionId} objectName={row.objectName} onRemoved={result.reload} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      )}
    </>
  );
}
