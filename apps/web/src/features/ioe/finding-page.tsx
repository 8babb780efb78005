import { Alert, Anchor, Badge, Button, Card, Code, Group, List, SimpleGrid, Stack, Table, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconShieldCheck } from '@tabler/icons-react';
import { formatDate } from '@burgwall/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { CATEGORY_LABEL, CriticalityBadge } from './criticality';
import { DisableModal } from './disable-modal';
import { ExceptionModal } from './exception-modal';
import type { Finding } from '@burgwall/shared';
import { callApi } from '../../lib/api-client';
import { getFindings, updateIoe } from './ioe-api';
import { RemoveExceptionButton } from './remove-exception-button';
import { statusOf } from './ioe-list-page';
import { SPEC_SLUG_NOTES } from './spec-slug-notes';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { errorText, useApiData } from './use-api-data';
import { FrameworkReferences } from './framework-references';
import { DirectoryBadge } from '../../components/directory-badge';
import { PATH_OBJECT_TYPES, attackPathLink } from '../../lib/attack-path-link';

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

/** /client/{clientId}/ioe/findings/{slug…}: explanation, affected objects with evidence, remediation, exceptions. */
export function FindingPage() {
  const { clientId = '', '*': slug = '' } = useParams();
  const result = useApiData(`${clientId}/${slug}`, () => callApi(getFindings(clientId, slug)));
  const [exceptionFor, setExceptionFor] = useState<Finding | null>(null);
  const [disableOpen, setDisableOpen] = useState(false);
  const back = (
    <Anchor component={Link} to={`/client/${clientId}/ioe`} fz="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> Alle Schwachstellen
      </Group>
    </Anchor>
  );

  if (result.error && !result.data) {
    return (
      <>
        <PageHeader title="Schwachstelle" />
        {back}
        <ErrorState message={result.error} onRetry={result.reload} />
      </>
    );
  }
  if (!result.data) return <LoadingState />;
  const { ioe, details, findings, total } = result.data;
  const note = SPEC_SLUG_NOTES[ioe.ioeType];
  const status = statusOf(ioe);

  const enable = async () => {
    try {
      await callApi(updateIoe(clientId, ioe.ioeIdPk, { is_disabled: false }));
      result.reload();
    } catch (error) {
      notify({ type: 'error', title: 'Prüfung nicht aktiviert', text: errorText(error) });
    }
  };

  return (
    <>
      {back}
      <PageHeader
        title={ioe.title}
        actions={
          <Group gap="sm">
            <ExportMenu clientId={clientId} choices={[{ kind: 'affected-objects', label: 'Betroffene Objekte', query: { check: ioe.ioeType } }]} />
            {ioe.isActive ? (
              <Button variant="default" onClick={() => setDisableOpen(true)}>
                Prüfung deaktivieren
              </Button>
            ) : (
              <Button onClick={() => void enable()}>Prüfung aktivieren</Button>
            )}
          </Group>
        }
      />
      <Group gap="xs" mb="md" mt={-8}>
        <DirectoryBadge directory={ioe.directory} />
        <CriticalityBadge criticality={ioe.criticality} />
        <Badge color={status.colour} variant="dot">
          {status.label}
        </Badge>
        <Badge variant="outline" color="gray">
          {CATEGORY_LABEL[ioe.category] ?? ioe.category}
        </Badge>
        <Text fz="sm" c="dimmed">
          Punktabzug {ioe.scoreImpact} · Prüfung <Code>{ioe.ioeType}</Code>
        </Text>
      </Group>
      {!ioe.isActive && (
        <Alert color="gray" mb="md" icon={<IconInfoCircle size={18} />} title="Diese Prüfung ist deaktiviert">
          Begründung: {ioe.setting.disabledReason}
          {ioe.setting.disabledComment ? ` – ${ioe.setting.disabledComment}` : ''}
        </Alert>
      )}
      {ioe.skippedReason && (
        <Alert color="gray" mb="md" icon={<IconInfoCircle size={18} />} title="Nicht geprüft">
          {ioe.skippedReason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} mb="md">
        <Card withBorder>
          <Title order={4} mb="xs">
            Worum geht es?
          </Title>
          <Text fz="sm">{ioe.description}</Text>
          <Title order={4} mt="md" mb="xs">
            Warum ist das wichtig?
          </Title>
          <Text fz="sm">{details.whyItMatters}</Text>
          {note && (
            <Text fz="sm" c="dimmed" mt="sm">
              {note.note}
            </Text>
          )}
        </Card>
        <Card withBorder>
          <Title order={4} mb="xs">
            So beheben Sie das
          </Title>
          <List type="ordered" spacing="xs" fz="sm">
            {details.remediation.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          <Title order={4} mt="md" mb={2}>
            Referenzen
          </Title>
          <FrameworkReferences references={ioe.references} />
          {ioe.setting.thresholds.length > 0 && (
            <Text fz="sm" c="dimmed" mt="md">
              Schwellenwerte:{' '}
              {ioe.setting.thresholds.map((threshold) => `${threshold.label}: ${threshold.value} ${threshold.unit}`).join(' · ')} (
              <Anchor component={Link} to={`/client/${clientId}/settings/ioe/thresholds`} fz="sm">
                anpassen
              </Anchor>
              )
            </Text>
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Title order={4}>Betroffene Objekte ({total})</Title>
          {total > findings.length && (
            <Text fz="sm" c="dimmed">
              Die ersten {findings.length} werden angezeigt.
            </Text>
          )}
        </Group>
        {findings.length === 0 ? (
          <EmptyState title={ioe.skippedReason ? 'Nicht ausgewertet' : 'Keine betroffenen Objekte'}>
            {ioe.skippedReason ? ioe.skippedReason : 'Diese Prüfung hat bei der letzten Auswertung nichts gefunden.'}
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" striped data-testid="findings-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Objekt</Table.Th>
                  <Table.Th>Typ</Table.Th>
                  <Table.Th>{note?.evidenceLabel ?? 'Nachweis'}</Table.Th>
                  <Table.Th>Seit</Table.Th>
                  <Table.Th>Ausnahme</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {findings.map((finding) => (
                  <Table.Tr key={finding.findingId}>
                    <Table.Td>
                      <Text fw={600} fz="sm">
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
                    </Table.Td>
                    <Table.Td fz="sm">{OBJECT_TYPE_LABEL[finding.objectType] ?? finding.objectType}</Table.Td>
                    <Table.Td fz="sm">{finding.evidence}</Table.Td>
                    <Table.Td fz="sm">{formatDate(finding.firstSeenAt)}</Table.Td>
                    <Table.Td>
                      {finding.exception ? (
                        // The reason is free text: shown in normal case and wrapped, never as an uppercase, cut-off badge.
                        <Stack gap={4} align="flex-start" maw={280} data-testid="exception-cell">
                          <Tooltip label={`${finding.exception.comment ?? ''}${finding.exception.createdBy ? ` (von ${finding.exception.createdBy})` : ''}`} disabled={!finding.exception.comment && !finding.exception.createdBy} multiline maw={320}>
                            <Group gap={6} wrap="nowrap" align="flex-start">
                              <ThemeIcon size="sm" variant="light" color={finding.exception.isExpired ? 'gray' : 'teal'}>
                                <IconShieldCheck size={12} />
                              </ThemeIcon>
                              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                                {finding.exception.isExpired ? `Abgelaufen: ${finding.exception.reason}` : finding.exception.reason}
                              </Text>
                            </Group>
                          </Tooltip>
                          <RemoveExceptionButton clientId={clientId} exceptionId={finding.exception.exceptionId} objectName={finding.objectName} onRemoved={result.reload} />
                        </Stack>
                      ) : (
                        <Button size="compact-sm" variant="light" onClick={() => setExceptionFor(finding)}>
                          Ausnahme hinzufügen
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <ExceptionModal
        clientId={clientId}
        ioeId={ioe.ioeIdPk}
        finding={exceptionFor}
        onClose={() => setExceptionFor(null)}
        onSaved={() => {
          setExceptionFor(null);
          result.reload();
        }}
      />
      <DisableModal
        clientId={clientId}
        ioe={ioe}
        opened={disableOpen}
        onClose={() => setDisableOpen(false)}
        onSaved={() => {
          setDisableOpen(false);
          result.reload();
        }}
      />
    </>
  );
}
