import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, type SupportCategory, type SupportTicketAnswer, supportTicketBodySchema } from '@burgwall/shared';
import { Alert, Button, Container, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { useApiMutation } from '../../lib/api-query';
import { germanResolver, maxLengths, textProps } from '../../lib/forms/schema-form';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/api-query';
import { sendSupportTicket } from './support-api';

interface Values {
  category: SupportCategory;
  subject: string;
  message: string;
}

const MAX = maxLengths(supportTicketBodySchema);

/** /support: „Support kontaktieren“ for every signed-in user; the ticket is stored and mailed to the support team. */
export function SupportPage() {
  const ticket = useApiMutation(sendSupportTicket, []);
  const sent: SupportTicketAnswer | undefined = ticket.data;
  const form = useForm<Values>({
    initialValues: { category: 'frage', subject: '', message: '' },
    validate: germanResolver(supportTicketBodySchema),
  });
  const submit = form.onSubmit((values) =>
    ticket.mutate(
      { category: values.category, subject: values.subject.trim(), message: values.message.trim() },
      { onSuccess: () => form.reset(), onError: (error) => notify({ type: 'error', title: 'Senden fehlgeschlagen', text: errorText(error) }) },
    ),
  );
  return (
    <Container size={720} px={0}>
      <PageHeader title="Support kontaktieren" description="Fragen, Fehler oder Probleme mit dem Collector: Wir melden uns per E-Mail bei Ihnen." />
      {sent && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} mb="md" role="status" data-testid="ticket-sent" title={`Anfrage #${sent.ticketNumber} gesendet`}>
          {sent.mailed
            ? 'Vielen Dank! Ihre Anfrage ist beim Support-Team eingegangen. Die Antwort kommt an Ihre E-Mail-Adresse.'
            : 'Vielen Dank! Ihre Anfrage ist gespeichert. Die Benachrichtigung des Support-Teams wird nachgeholt.'}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Select
              label="Worum geht es?"
              allowDeselect={false}
              data={SUPPORT_CATEGORIES.map((value) => ({ value, label: SUPPORT_CATEGORY_LABELS[value] }))}
              {...form.getInputProps('category')}
            />
            <TextInput label="Betreff" placeholder="z. B. Collector meldet keine Daten" withAsterisk {...textProps(form, 'subject', MAX.subject)} />
            <Textarea label="Nachricht" placeholder="Was ist passiert, was haben Sie schon versucht?" autosize minRows={6} maxRows={14} withAsterisk {...textProps(form, 'message', MAX.message, true)} />
            <Text fz="xs" c="dimmed">
              Ihre Anfrage wird mit Ihrer E-Mail-Adresse und Ihrer Organisation an den Burgwall-Support gesendet.
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={ticket.isPending}>
                Anfrage senden
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
