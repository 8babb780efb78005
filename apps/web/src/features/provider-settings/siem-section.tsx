import { Badge, Button, Grid, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { formatDateTime, SIEM_FORMAT_LABELS, SIEM_FORMATS, SIEM_TRANSPORT_LABELS, SIEM_TRANSPORTS, siemDestinationBodySchema, type SiemDelivery, type SiemDestinationBody } from '@burgwall/shared';
import { germanBodyResolver, maxLengths, numberOrUndefined, textProps } from '../../lib/forms/schema-form';
import { ErrorState, LoadingState } from '../../components/data-states';
import { ConfirmAction } from '../../components/confirm-action';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { deleteSiemDestination, getSiemSettings, saveSiemDestination, testSiemDestination } from './alerts-api';

interface Values {
  host: string;
  port: number | string;
  transport: 'tcp' | 'tls';
  format: 'cef' | 'json';
  caCertificate: string;
}

const RELOADS = ['getSiemSettings'] as const;
const MAX = maxLengths(siemDestinationBodySchema);

/** The body of the form's values: the CA certificate only with TLS. */
function toBody(values: Values): SiemDestinationBody {
  return {
    host: values.host,
    // An empty port is refused by the schema („Der Wert fehlt.“) before anything is sent.
    port: numberOrUndefined(values.port) as number,
    transport: values.transport,
    format: values.format,
    caCertificate: values.transport === 'tls' && values.caCertificate.trim() ? values.caCertificate : null,
  };
}
const EVENT_LABELS: Record<SiemDelivery['event'], string> = { test: 'Testnachricht', ioa: 'IoA', finding: 'Kritisches Risiko' };

/** The newest delivery: sent, failed (with the German reason) or waiting for its retry. */
function LastDelivery({ delivery }: { delivery: SiemDelivery | null }) {
  if (!delivery) return <Badge variant="light" color="gray">Noch nichts gesendet</Badge>;
  const colour = delivery.status === 'delivered' ? 'green' : delivery.status === 'failed' ? 'red' : 'gray';
  const label = delivery.status === 'delivered' ? 'Zugestellt' : delivery.status === 'failed' ? 'Fehlgeschlagen' : 'Ausstehend';
  return (
    <Stack gap={4} data-testid="siem-last-delivery">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Letzte Zustellung:
        </Text>
        <Badge variant="light" color={colour}>
          {label}
        </Badge>
        <Text size="sm" c="dimmed">
          {EVENT_LABELS[delivery.event]} · {formatDateTime(delivery.updatedAt)}
          {delivery.attempts > 1 ? ` · ${delivery.attempts} Versuche` : ''}
        </Text>
      </Group>
      {delivery.lastError && (
        <Text size="sm" c="red">
          {delivery.lastError}
        </Text>
      )}
    </Stack>
  );
}

/** „SIEM / Syslog“ in the provider's alert settings: where IoAs and new critical findings are sent as syslog. */
export function SiemSection({ providerId }: { providerId: string }) {
  const settings = useApiQuery(getSiemSettings(providerId));
  const save = useApiMutation((body: SiemDestinationBody) => saveSiemDestination(providerId, body), RELOADS);
  const test = useApiMutation(() => testSiemDestination(providerId), RELOADS);
  const remove = useApiMutation(() => deleteSiemDestination(providerId), RELOADS);
  const form = useForm<Values>({
    initialValues: { host: '', port: 6514, transport: 'tls', format: 'cef', caCertificate: '' },
    validate: germanBodyResolver(siemDestinationBodySchema, toBody),
  });
  const destination = settings.data?.destination ?? null;
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!destination) return;
    setValues({ host: destination.host, port: destination.port, transport: destination.transport, format: destination.format, caCertificate: destination.caCertificate ?? '' });
    resetDirty();
    // Only when the stored destination changes (after loading or saving), not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [destination?.updatedAt]);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(toBody(values));
      notify({ type: 'success', title: 'Gespeichert', text: 'IoAs und neue kritische Risiken gehen ab jetzt an diesen Syslog-Server.' });
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    }
  });
  const sendTest = async () => {
    try {
      const delivery = await test.mutateAsync(undefined);
      if (delivery.status === 'delivered') notify({ type: 'success', title: 'Testnachricht zugestellt', text: 'Der Syslog-Server hat die Nachricht angenommen.' });
      else notify({ type: 'error', title: 'Testnachricht fehlgeschlagen', text: delivery.lastError ?? 'Der Syslog-Server war nicht erreichbar.' });
    } catch (error) {
      notify({ type: 'error', title: 'Testnachricht fehlgeschlagen', text: errorText(error) });
    }
  };
  const removeDestination = async () => {
    try {
      await remove.mutateAsync(undefined);
      form.reset();
    } catch (error) {
      notify({ type: 'error', title: 'Entfernen fehlgeschlagen', text: errorText(error) });
    }
  };

  return (
    <Stack gap="sm">
      <div>
        <Title order={4}>SIEM / Syslog</Title>
        <Text size="sm" c="dimmed">
          Angriffsindikatoren (IoAs) und neue kritische Risiken aller Kunden als Syslog-Nachricht (RFC 5424) an Ihr SIEM – als CEF oder JSON, bei Fehlern
          automatisch wiederholt.
        </Text>
      </div>
      {settings.isPending && <LoadingState />}
      {settings.errorMessage && <ErrorState message={settings.errorMessage} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <Paper withBorder radius="md" p="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Grid>
                <Grid.Col span={{ base: 12, sm: 8 }}>
                  <TextInput label="Host" placeholder="siem.example.de" {...textProps(form, 'host', MAX.host)} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <NumberInput label="Port" min={1} max={65535} allowDecimal={false} {...form.getInputProps('port')} />
                </Grid.Col>
              </Grid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    Übertragung
                  </Text>
                  <SegmentedControl fullWidth data={SIEM_TRANSPORTS.map((value) => ({ value, label: SIEM_TRANSPORT_LABELS[value] }))} {...form.getInputProps('transport')} />
                </Stack>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    Format
                  </Text>
                  <SegmentedControl fullWidth data={SIEM_FORMATS.map((value) => ({ value, label: value === 'cef' ? 'CEF' : 'JSON' }))} {...form.getInputProps('format')} />
                  <Text size="xs" c="dimmed">
                    {SIEM_FORMAT_LABELS[form.values.format]}
                  </Text>
                </Stack>
              </SimpleGrid>
              {form.values.transport === 'tls' && (
                <Textarea
                  label="CA-Zertifikat (optional)"
                  description="PEM der Zertifizierungsstelle, die das Zertifikat des Syslog-Servers ausgestellt hat. Leer lassen bei einem öffentlich vertrauenswürdigen Zertifikat."
                  placeholder="-----BEGIN CERTIFICATE-----"
                  autosize
                  minRows={3}
                  maxRows={8}
                  styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
                  {...form.getInputProps('caCertificate')}
                  maxLength={MAX.caCertificate}
                />
              )}
              {destination && <LastDelivery delivery={destination.lastDelivery} />}
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
                    Speichern
                  </Button>
                  <Button variant="light" leftSection={<IconSend size={16} />} disabled={!destination || form.isDirty()} loading={test.isPending} onClick={() => void sendTest()}>
                    Testnachricht senden
                  </Button>
                </Group>
                {destination && (
                  <ConfirmAction
                    title="Syslog-Server entfernen?"
                    confirmLabel="Entfernen"
                    loading={remove.isPending}
                    onConfirm={removeDestination}
                    trigger={(open) => (
                      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={open}>
                        Entfernen
                      </Button>
                    )}
                  >
                    Danach wird nichts mehr an das SIEM gesendet.
                  </ConfirmAction>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                Syslog über TCP mit Octet-Counting (RFC 6587). Der Host muss aus dem Internet erreichbar sein; interne Adressen sind nicht erlaubt.
              </Text>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
