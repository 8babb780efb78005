import { formatDate, type Finding, type IoeState } from '@burgwall/shared';
import { Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import { IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/data-states';
import { type ListColumn, ListTable, sortRowsBy } from '../../components/list-table';
import { PATH_OBJECT_TYPES, attackPathLink } from '../../lib/attack-path-link';
import { RemoveExceptionButton } from './remove-exception-button';

const OBJECT_TYPE_LABEL: Record<string, string> = {
  user: 'Benutzer',
  computer: 'Computer',
  group: 'Gruppe',
  gpo: 'Gruppenrichtlinie',
  domain: 'Domäne',
  trust: 'Vertrauensstellung',
  'password-settings': 'Kennwortrichtlinie (PSO)',
  acl: 'Berechtigung',
  'sysvol-file': 'Datei im SYSVOL',
  'entra-user': 'Entra-Benutzer',
  'entra-tenant': 'Entra-Mandant',
  'entra-application': 'App-Registrierung',
  'entra-service-principal': 'Unternehmensanwendung',
  'entra-group': 'Entra-Gruppe',
};

const typeLabel = (finding: Finding) => OBJECT_TYPE_LABEL[finding.objectType] ?? finding.objectType;

type ExceptionFilter = 'all' | 'without' | 'with';

function ExceptionCell({ clientId, finding, onAdd }: { clientId: string; finding: Finding; onAdd: (finding: Finding) => void }) {
  const { exception } = finding;
  if (!exception) {
    return (
      <Button size="compact-sm" variant="light" onClick={() => onAdd(finding)}>
        Ausnahme hinzufügen
      </Button>
    );
  }
  return (
    // The reason is free text: shown in normal case and wrapped, never as an uppercase, cut-off badge.
    <Stack gap={4} align="flex-start" maw={280} data-testid="exception-cell">
      <Tooltip label={`${exception.comment ?? ''}${exception.createdBy ? ` (von ${exception.createdBy})` : ''}`} disabled={!exception.comment && !exception.createdBy} multiline maw={320}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <ThemeIcon size="sm" variant="light" color={exception.isExpired ? 'gray' : 'teal'}>
            <IconShieldCheck size={12} />
          </ThemeIcon>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {exception.isExpired ? `Abgelaufen: ${exception.reason}` : exception.reason}
          </Text>
        </Group>
      </Tooltip>
      <RemoveExceptionButton clientId={clientId} exceptionId={exception.exceptionId} objectName={finding.objectName} />
    </Stack>
  );
}

interface AffectedObjectsTableProps {
  clientId: string;
  ioe: IoeState;
  findings: Finding[];
  evidenceLabel: string;
  onAddException: (finding: Finding) => void;
}

/** The affected objects of one check: searchable, filterable by exception, sortable and paged (thousands of rows). */
export function AffectedObjectsTable({ clientId, ioe, findings, evidenceLabel, onAddException }: AffectedObjectsTableProps) {
  const [search, setSearch] = useState('');
  const [exceptions, setExceptions] = useState<ExceptionFilter>('all');
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return findings
      .filter((finding) => exceptions === 'all' || (exceptions === 'with') === (finding.exception !== null))
      .filter((finding) => !needle || [finding.objectName, finding.distinguishedName ?? '', finding.evidence].some((text) => text.toLowerCase().includes(needle)));
  }, [findings, search, exceptions]);
  const columns: ListColumn<Finding>[] = [
    {
      accessorKey: 'objectName',
      header: 'Objekt',
      sortingFn: sortRowsBy((a, b) => a.objectName.localeCompare(b.objectName, 'de')),
      cell: ({ row: { original: finding } }) => (
        <>
          <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {finding.objectName}
          </Text>
          {finding.distinguishedName && (
            <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {finding.distinguishedName}
            </Text>
          )}
          {PATH_OBJECT_TYPES.has(finding.objectType) && (
            <Anchor component={Link} to={attackPathLink(clientId, finding.objectKey)} fz="xs">
              Pfade zu Tier 0 anzeigen
            </Anchor>
          )}
        </>
      ),
    },
    { id: 'objectType', accessorFn: typeLabel, header: 'Typ', sortingFn: sortRowsBy((a, b) => typeLabel(a).localeCompare(typeLabel(b), 'de')), meta: { visibleFrom: 'sm' } },
    { accessorKey: 'evidence', header: evidenceLabel, enableSorting: false, meta: { visibleFrom: 'sm' } },
    { accessorKey: 'firstSeenAt', header: 'Seit', sortingFn: sortRowsBy((a, b) => a.firstSeenAt.localeCompare(b.firstSeenAt)), meta: { visibleFrom: 'sm', noWrap: true }, cell: ({ row }) => formatDate(row.original.firstSeenAt) },
    {
      id: 'exception',
      accessorFn: (finding) => finding.exception !== null,
      header: 'Ausnahme',
      sortingFn: sortRowsBy((a, b) => Number(a.exception !== null) - Number(b.exception !== null)),
      cell: ({ row }) => <ExceptionCell clientId={clientId} finding={row.original} onAdd={onAddException} />,
    },
  ];

  if (findings.length === 0) {
    return (
      <EmptyState title={ioe.skippedReason ? 'Nicht ausgewertet' : 'Keine betroffenen Objekte'}>
        {ioe.skippedReason ? ioe.skippedReason : 'Diese Prüfung hat bei der letzten Auswertung nichts gefunden.'}
      </EmptyState>
    );
  }
  return (
    <ListTable
      rows={rows}
      columns={columns}
      rowId={(finding) => String(finding.findingId)}
      label="Betroffene Objekte"
      initialSort={[{ id: 'exception', desc: false }]}
      minWidth={0}
      testId="findings-table"
      emptyText="Keine Objekte gefunden. Passen Sie Suche oder Filter an."
      toolbar={
        <>
          <TextInput leftSection={<IconSearch size={16} />} placeholder="Objekt suchen" aria-label="Objekt suchen" value={search} onChange={(event) => setSearch(event.currentTarget.value)} w={260} />
          <SegmentedControl
            value={exceptions}
            onChange={(value) => setExceptions(value as ExceptionFilter)}
            data={[
              { value: 'all', label: 'Alle' },
              { value: 'without', label: 'Ohne Ausnahme' },
              { value: 'with', label: 'Mit Ausnahme' },
            ]}
          />
        </>
      }
    />
  );
}
