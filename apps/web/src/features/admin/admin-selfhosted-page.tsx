import {
  createSelfhostedLicenseBodySchema,
  formatDate,
  formatDateTime,
  updateSelfhostedLicenseBodySchema,
  type CreateSelfhostedLicenseAnswer,
  type SelfhostedLicense,
  type SelfhostedLicenseStatus,
  type UpdateSelfhostedLicenseBody,
} from '@burgwall/shared';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, NumberInput, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/data-states';
import { PageHeader } from '../../components/page-header';
import { GermanDateInput } from '../../components/german-date-input';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { createSelfhostedLicense, getSelfhostedLicenses, updateSelfhostedLicense } from './admin-api';
import { germanBodyResolver, maxLengths, numberOrUndefined, textProps } from '../../lib/forms/schema-form';

const RELOADS = ['getSelfhostedLicenses'];
const MAX_NAME = maxLengths(createSelfhostedLicenseBodySchema).name;

/** The body of a licence form: the number of seats as a number (an empty field is refused by the schema: „Der Wert fehlt.“). */
function withSeats<Values extends { seats: number | string }>(values: Values): Omit<Values, 'seats'> & { seats: number } {
  return { ...values, seats: numberOrUndefined(values.seats) as number };
}

const STATUS_LABELS: Record<SelfhostedLicenseStatus, { label: string; color: string }> = {
  active: { label: 'aktiv', color: 'green' },
  suspended: { label: 'gesperrt', color: 'orange' },
  canceled: { label: 'gekündigt', color: 'gray' },
};

/** A calendar day `YYYY-MM-DD` in Berlin, `offsetDays` from today (the date inputs' format). */
function berlinDay(offsetDays = 0, from = Date.now()): string {
  return new Date(from + offsetDays * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
}

function StatusBadge({ license, now }: { license: SelfhostedLicense; now: number }) {
  const expired = new Date(license.periodEnd).getTime() < now;
  const { label, color } = STATUS_LABELS[license.status];
  return (
    <Badge variant="light" color={expired && license.status === 'active' ? 'red' : color} style={{ flexShrink: 0 }}>
      {expired && license.status === 'active' ? 'abgelaufen' : label}
    </Badge>
  );
}

/** One licence on a phone: the table's columns as labelled lines. */
function LicenseCard({ license, now, onEdit }: { license: SelfhostedLicense; now: number; onEdit: () => void }) {
  const line = (label: string, value: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{license.name}</Text>
          <Text fz="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {license.selfhostedUUID}
          </Text>
        </div>
        <StatusBadge license={license} now={now} />
      </Group>
      <Stack gap={4}>
        {line('Laufzeit', `${formatDate(license.periodStart)} – ${formatDate(license.periodEnd)}`)}
        {line('Plätze belegt / lizenziert', `${license.seatsUsed ?? '-'} / ${license.seats}`)}
        {line('Letzter Heartbeat', formatDateTime(license.lastHeartbeatAt))}
        {line('Version', license.version ?? '-')}
        {line('Kunden / Benutzer', `${license.clientCount ?? '-'} / ${license.userCount ?? '-'}`)}
      </Stack>
      <Button size="xs" variant="light" mt="sm" onClick={onEdit}>
        Ändern
      </Button>
    </Paper>
  );
}

/** The key of a new licence, shown once, with the three variables the installation needs. */
function NewLicenseKey({ created, onClose }: { created: CreateSelfhostedLicenseAnswer; onClose: () => void }) {
  const env = [
    `SELFHOSTED_LICENSE_SERVER_URL=${window.location.origin}`,
    `SELFHOSTED_UUID=${created.license.selfhostedUUID}`,
    `SELFHOSTED_LICENSE_KEY=${created.licenseKey}`,
  ].join('\n');
  return (
    <Stack>
      <Alert color="yellow" title="Nur jetzt sichtbar">
        Der Lizenzschlüssel wird nur dieses eine Mal angezeigt; gespeichert ist nur sein Hashwert. Geben Sie ihn dem Betreiber der Installation
        weiter.
      </Alert>
      <div>
        <Text fz="sm" fw={600}>
          Installations-ID
        </Text>
        <Code data-testid="selfhosted-uuid">{created.license.selfhostedUUID}</Code>
      </div>
      <div>
        <Text fz="sm" fw={600}>
          Lizenzschlüssel
        </Text>
        <Code data-testid="selfhosted-key" style={{ wordBreak: 'break-all' }}>
          {created.licenseKey}
        </Code>
      </div>
      <div>
        <Text fz="sm" fw={600}>
          Umgebungsvariablen der Installation (mit APP_ENV=selfhosted)
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {env}
        </Code>
      </div>
      <Group justify="flex-end">
        <CopyButton value={env}>{({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Kopiert' : 'Variablen kopieren'}</Button>}</CopyButton>
        <Button onClick={onClose}>Schließen</Button>
      </Group>
    </Stack>
  );
}

/** /admin/selfhosted: licences of self-hosted installations; create (key shown once), extend, suspend. */
export function AdminSelfhostedPage() {
  const licenses = useApiQuery(getSelfhostedLicenses());
  const createLicense = useApiMutation(createSelfhostedLicense, RELOADS);
  const updateLicense = useApiMutation((input: { id: string; body: UpdateSelfhostedLicenseBody }) => updateSelfhostedLicense(input.id, input.body), RELOADS);
  // "abgelaufen" is judged against the time the page opened (render stays pure).
  const [now] = useState(() => Date.now());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateSelfhostedLicenseAnswer | null>(null);
  const [editing, setEditing] = useState<SelfhostedLicense | null>(null);
  const busy = createLicense.isPending || updateLicense.isPending;
  const createForm = useForm({
    initialValues: { name: '', seats: 100 as number | string, periodStart: berlinDay(), periodEnd: berlinDay(365) },
    validate: germanBodyResolver(createSelfhostedLicenseBodySchema, withSeats),
  });
  const editForm = useForm({
    initialValues: { seats: 1 as number | string, periodEnd: '', status: 'active' as SelfhostedLicenseStatus },
    validate: germanBodyResolver(updateSelfhostedLicenseBodySchema, withSeats),
  });

  const create = createForm.onSubmit((values) =>
    createLicense.mutate(
      withSeats(values),
      {
        onSuccess: (answer) => {
          setCreating(false);
          setCreated(answer);
          createForm.reset();
        },
        onError: (error) => notify({ type: 'error', title: 'Anlegen fehlgeschlagen', text: errorText(error) }),
      },
    ),
  );
  const save = editForm.onSubmit((values) => {
    if (!editing) return;
    updateLicense.mutate(
      { id: editing.selfhostedUUID, body: withSeats(values) },
      {
        onSuccess: () => {
          notify({ type: 'success', title: 'Gespeichert', text: `Lizenz von ${editing.name} geändert. Die Installation übernimmt sie bei ihrer nächsten Prüfung.` });
          setEditing(null);
        },
        onError: (error) => notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) }),
      },
    );
  });
  const openEdit = (license: SelfhostedLicense) => {
    editForm.setValues({ seats: license.seats, periodEnd: berlinDay(0, new Date(license.periodEnd).getTime()), status: license.status });
    setEditing(license);
  };

  return (
    <>
      <PageHeader
        title="Self-hosted-Lizenzen"
        description="Lizenzen der selbst betriebenen Installationen: Laufzeit, Plätze und was die Installationen zuletzt gemeldet haben"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Lizenz anlegen
          </Button>
        }
      />
      {licenses.isPending && <LoadingState />}
      {licenses.errorMessage && <ErrorState message={licenses.errorMessage} onRetry={() => void licenses.refetch()} />}
      {licenses.data?.length === 0 && <EmptyState title="Noch keine Self-hosted-Lizenzen">Legen Sie die erste Lizenz an.</EmptyState>}
      {licenses.data && licenses.data.length > 0 && (
        <Stack hiddenFrom="md" gap="sm">
          {licenses.data.map((license) => (
            <LicenseCard key={license.selfhostedUUID} license={license} now={now} onEdit={() => openEdit(license)} />
          ))}
        </Stack>
      )}
      {licenses.data && licenses.data.length > 0 && (
        <Paper withBorder radius="lg" style={{ overflowX: 'auto' }} visibleFrom="md">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Self-hosted-Lizenzen">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Installation</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Laufzeit</Table.Th>
                <Table.Th>Plätze</Table.Th>
                <Table.Th>Letzter Heartbeat</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Kunden / Benutzer</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {licenses.data.map((license) => (
                <Table.Tr key={license.selfhostedUUID}>
                  <Table.Td>
                    <Text fw={600}>{license.name}</Text>
                    <Text fz="xs" c="dimmed" ff="monospace">
                      {license.selfhostedUUID} · {license.keyPrefix}…
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ minWidth: 136 }}>
                    <StatusBadge license={license} now={now} />
                  </Table.Td>
                  <Table.Td>
                    {formatDate(license.periodStart)} – {formatDate(license.periodEnd)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text c={license.seatsUsed !== null && license.seatsUsed > license.seats ? 'red' : undefined} fz="sm">
                      {license.seatsUsed ?? '-'} / {license.seats}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(license.lastHeartbeatAt)}</Table.Td>
                  <Table.Td>{license.version ?? '-'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {license.clientCount ?? '-'} / {license.userCount ?? '-'}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => openEdit(license)}>
                      Ändern
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Self-hosted-Lizenz anlegen" centered>
        <form onSubmit={create} noValidate>
          <Stack>
            <TextInput label="Name der Installation" description="z. B. der Betreiber" required {...textProps(createForm, 'name', MAX_NAME)} />
            <NumberInput label="Plätze (Mitarbeiter aller Kunden)" min={1} allowDecimal={false} required {...createForm.getInputProps('seats')} />
            <Group grow align="flex-start">
              <GermanDateInput label="Beginn" required {...createForm.getInputProps('periodStart')} />
              <GermanDateInput label="Ende" required {...createForm.getInputProps('periodEnd')} />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={busy} leftSection={<IconKey size={16} />}>
                Anlegen und Schlüssel erzeugen
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={created !== null} onClose={() => setCreated(null)} title="Lizenz angelegt" centered size="lg">
        {created && <NewLicenseKey created={created} onClose={() => setCreated(null)} />}
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing ? `Lizenz von ${editing.name} ändern` : ''} centered>
        <form onSubmit={save} noValidate>
          <Stack>
            <NumberInput label="Plätze" min={1} allowDecimal={false} required {...editForm.getInputProps('seats')} />
            <GermanDateInput label="Ende der Laufzeit" required {...editForm.getInputProps('periodEnd')} />
            <Select
              label="Status"
              data={(Object.keys(STATUS_LABELS) as SelfhostedLicenseStatus[]).map((value) => ({ value, label: STATUS_LABELS[value].label }))}
              allowDeselect={false}
              {...editForm.getInputProps('status')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                Speichern
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
