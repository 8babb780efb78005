import { createProviderBodySchema } from '@burgwall/shared';
import { Alert, Anchor, Button, Checkbox, Container, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Logo } from '../../components/logo';
import { useApiMutation } from '../../lib/api-query';
import { maxLengths, textProps } from '../../lib/forms/schema-form';
import { signInUrl } from '../../lib/auth/sign-in-out';
import { errorText } from '../../lib/api-query';
import { createServiceprovider } from './register-api';

const MAX = maxLengths(createProviderBodySchema);

interface RegisterValues {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  newsletterConsent: boolean;
}

/** /register: a service provider signs up; the first user sets a password through the mailed link. */
export function RegisterPage() {
  useDocumentTitle('Registrierung · Burgwall');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const register = useApiMutation(createServiceprovider, []);
  const error = register.error ? errorText(register.error) : null;
  const form = useForm<RegisterValues>({
    initialValues: { companyName: '', firstName: '', lastName: '', email: '', newsletterConsent: false },
    validate: {
      companyName: (v) => (v.trim().length >= 2 ? null : 'Bitte den Firmennamen angeben'),
      firstName: (v) => (v.trim() ? null : 'Bitte Vornamen angeben'),
      lastName: (v) => (v.trim() ? null : 'Bitte Nachnamen angeben'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Bitte eine gültige E-Mail-Adresse angeben'),
    },
  });

  const submit = form.onSubmit((values) =>
    register.mutate(
      {
        companyName: values.companyName.trim(),
        initialAccountFirstname: values.firstName.trim(),
        initialAccountLastname: values.lastName.trim(),
        initialAccountEmail: values.email.trim(),
        newsletterConsent: values.newsletterConsent,
      },
      { onSuccess: () => setSentTo(values.email.trim()) },
    ),
  );

  return (
    <Container size={520} py={64}>
      <Group justify="center" mb="xl">
        <Logo />
      </Group>
      <Paper withBorder radius="lg" p={36} shadow="sm">
        {sentTo ? (
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="green">
              <IconMailCheck size={30} />
            </ThemeIcon>
            <Title order={2}>Fast geschafft!</Title>
            <Text c="dimmed">
              Wir haben eine E-Mail an <strong>{sentTo}</strong> gesendet. Legen Sie über den Link darin Ihr Passwort fest und melden Sie sich
              anschließend an.
            </Text>
            <Button component="a" href={signInUrl('/')} variant="light" mt="sm">
              Zur Anmeldung
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <div>
                <Title order={2}>Registrierung für IT-Dienstleister</Title>
                <Text c="dimmed" mt={4}>
                  Verwalten Sie die Active-Directory-Sicherheit Ihrer Kunden an einem Ort. Die Registrierung ist kostenlos.
                </Text>
              </div>
              {error && (
                <Alert color="red" role="alert" title="Registrierung fehlgeschlagen">
                  {error}
                </Alert>
              )}
              <TextInput label="Firma" placeholder="Muster IT GmbH" required autoComplete="organization" {...textProps(form, 'companyName', MAX.companyName)} />
              <Group grow align="flex-start">
                <TextInput label="Vorname" required autoComplete="given-name" {...textProps(form, 'firstName', MAX.initialAccountFirstname)} />
                <TextInput label="Nachname" required autoComplete="family-name" {...textProps(form, 'lastName', MAX.initialAccountLastname)} />
              </Group>
              <TextInput label="E-Mail-Adresse" type="email" placeholder="name@firma.de" required autoComplete="email" maxLength={254} {...form.getInputProps('email')} />
              <Checkbox
                label="Ich möchte den Burgwall-Newsletter mit Neuigkeiten und Sicherheitshinweisen per E-Mail erhalten (jederzeit abbestellbar)."
                {...form.getInputProps('newsletterConsent', { type: 'checkbox' })}
              />
              <Button type="submit" size="md" loading={register.isPending}>
                Registrieren
              </Button>
              <Text fz="sm" c="dimmed" ta="center">
                Bereits registriert? <Anchor href={signInUrl('/')}>Anmelden</Anchor>
              </Text>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
