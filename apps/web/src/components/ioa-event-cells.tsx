import { Code, Table, Text } from '@mantine/core';
import { type Severity, SeverityBadge } from './severity-badge';

/** The columns Schweregrad, Angriffsindikator and Objekt of an IoA event, the same in every list of attacks. */
export function IoaEventCells({
  event,
}: {
  event: { severity: Severity; detectorTitle: string; title: string; distinguishedName: string };
}) {
  return (
    <>
      <Table.Td>
        <SeverityBadge severity={event.severity} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {event.detectorTitle}
        </Text>
        <Text size="sm">{event.title}</Text>
      </Table.Td>
      <Table.Td>
        <Code style={{ wordBreak: 'break-all' }}>{event.distinguishedName}</Code>
      </Table.Td>
    </>
  );
}
