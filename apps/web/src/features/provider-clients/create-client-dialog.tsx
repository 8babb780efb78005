import { ANALYTICS_EVENTS, trackEvent } from '../../lib/analytics';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { useApiMutation } from '../../lib/api-query';
import { PricePreview } from '../../components/price-preview';
import { CLIENT_LIST_OPERATIONS, clientExists, createClient } from './provider-clients-api';

/** German warning of the client-exists check (creating it anyway stays possible: two firms may share a name). */
const duplicateClientText = (name: string) => `Sie haben bereits einen Kunden mit dem Namen „${name}“. Bitte prüfen Sie, ob Sie ihn nicht doppelt anlegen.`;

interface Values {
  name: string;
  location: string;
  employeeCount: number | string;
  billingCycle: 'monthly' | 'yearly';
  internalAd: boolean;
}

/** "Kunde anlegen": name, location, employees, billing cycle and internal AD, with the price shown before confirming. */
export function CreateClientDialog({ mode, opened, onClose, onCreated }: { mode: 'monitoring' | 'audit'; opened: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const create = useApiMutation(createClient, CLIENT_LIST_OPERATIONS);
  const form = useForm<Values>({
    initialValues: { name: '', location: '', employeeCount: 25, billingCycle: 'monthly', internalAd: true },
    validate: {
      name: (v) => (v.trim() ? null : 'Bitte den Namen des Kunden angeben'),
      employeeCount: (v) => (Number.isInteger(Number(v)) && Number(v) >= 1 ? null : 'Bitte eine Mitarbeiterzahl ab 1 angeben'),
    },
  });
  // The client-exists check runs while typing (debounced); a failed check only means no warning.
  const [typedName] = useDebouncedValue(form.values.name.trim(), 400);
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // An empty name needs no answer: the warning only shows for the name it was given for.
    if (!typedName) return;
    callApi(clientExists(typedName))
      .then((answer) => current && setDuplicateOf(answer.exists ? typedName : null))
      .catch(() => current && setDuplicateOf(null));
    return () => {
      current = false;
    };
  }, [typedName]);
  const submit = form.onSubmit((values) =>
    create.mutate(
      { ...values, name: values.name.trim(), employeeCount: Number(values.employeeCount), mode },
      {
        onSuccess: (result) => {
          trackEvent(ANALYTICS_EVENTS.clientCreated, { mode });
          notify({ type: 'success', title: 'Kunde angelegt', text: `${values.name.trim()} wurde angelegt (${result.price}).` });
          form.reset();
          onCreated(result.message);
        },
        onError: (error) => notify({ type: 'error', title: 'Anlegen fehlgeschlagen', text: errorText(error) }),
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={mode === 'audit' ? 'Audit-Kunden anlegen' : 'Kunden anlegen'} centered size="md">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Name des Kunden" placeholder="Muster GmbH" required data-autofocus {...form.getInputProps('name')} />
          {duplicateOf && duplicateOf === form.values.name.trim() && (
            <Alert color="yellow" variant="light" role="status" data-testid="duplicate-client">
              {duplicateClientText(duplicateOf)}
            </Alert>
          )}
          <TextInput label="Standort" placeholder="z. B. Hamburg" {...form.getInputProps('location')} />
          <NumberInput label="Anzahl Mitarbeiter" min={1} max={1_000_000} allowDecimal={false} required {...form.getInputProps('employeeCount')} />
          {mode === 'monitoring' && (
            <div>
              <Text fz="sm" fw={500} mb={4}>
                Abrechnung
              </Text>
              <SegmentedControl
                fullWidth
                data={[
                  { label: 'Monatlich', value: 'monthly' },
                  { label: 'Jährlich', value: 'yearly' },
                ]}
                {...form.getInputProps('billingCycle')}
              />
            </div>
          )}
          <Checkbox label="Internes Active Directory (on-premises)" {...form.getInputProps('internalAd', { type: 'checkbox' })} />
          <PricePreview mode={mode} employeeCount={Number(form.values.employeeCount)} cycle={form.values.billingCycle} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" loading={create.isPending}>
              Kostenpflichtig anlegen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
