import { Alert, Anchor, Badge, Button, Card, Code, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../lib/notify';
import { CATEGORY_LABEL, CriticalityBadge } from './criticality';
import { DisableModal } from './disable-modal';
import { ExceptionModal } from './exception-modal';
import type { Finding } from '@burgwall/shared';
import { errorText, useApiMutation, useApiQuery } from '../../lib/api-query';
import { IOE_READS, getFindings, updateIoe } from './ioe-api';
import { AffectedObjectsTable } from './affected-objects-table';
import { statusOf } from './ioe-list-page';
import { SPEC_SLUG_NOTES } from './spec-slug-notes';
import { ErrorState, LoadingState } from '../../components/data-states';
import { FrameworkReferences } from './framework-references';
import { DirectoryBadge } from '../../components/directory-badge';

/** /client/{clientId}/ioe/findings/{slug…}: explanation, affected objects with evidence, remediation, exceptions. */
export function FindingPage() {
  const { clientId = '', '*': slug = '' } = useParams();
  const result = useApiQuery(getFindings(clientId, slug));
  const enabling = useApiMutation(() => updateIoe(clientId, result.data?.ioe.ioeIdPk ?? '', { is_disabled: false }), IOE_READS);
  const [exceptionFor, setExceptionFor] = useState<Finding | null>(null);
  const [disableOpen, setDisableOpen] = useState(false);
  const back = (
    <Anchor component={Link} to={`/client/${clientId}/ioe`} fz="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> Alle Schwachstellen
      </Group>
    </Anchor>
  );

  if (result.errorMessage && !result.data) {
    return (
      <>
        <PageHeader title="Schwachstelle" />
        {back}
        <ErrorState message={result.errorMessage} onRetry={() => void result.refetch()} />
      </>
    );
  }
  if (!result.data) return <LoadingState />;
  const { ioe, details, findings, total } = result.data;
  const note = SPEC_SLUG_NOTES[ioe.ioeType];
  const status = statusOf(ioe);

  const enable = () => enabling.mutate(undefined, { onError: (error) => notify({ type: 'error', title: 'Prüfung nicht aktiviert', text: errorText(error) }) });

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
              <Button onClick={enable} loading={enabling.isPending}>
                Prüfung aktivieren
              </Button>
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
        <AffectedObjectsTable clientId={clientId} ioe={ioe} findings={findings} evidenceLabel={note?.evidenceLabel ?? 'Nachweis'} onAddException={setExceptionFor} />
      </Card>
      <ExceptionModal
        clientId={clientId}
        ioeId={ioe.ioeIdPk}
        finding={exceptionFor}
        onClose={() => setExceptionFor(null)}
        onSaved={() => setExceptionFor(null)}
      />
      <DisableModal
        clientId={clientId}
        ioe={ioe}
        opened={disableOpen}
        onClose={() => setDisableOpen(false)}
        onSaved={() => setDisableOpen(false)}
      />
    </>
  );
}
