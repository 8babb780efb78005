import { Button, FileButton, Group, Image, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LOGO_MAX_BYTES, LOGO_TYPES, type ProviderView, whitelabelBodySchema } from '@burgwall/shared';
import { germanResolver, maxLengths, textProps } from '../../lib/forms/schema-form';
import { useApiSend } from '../../lib/query/api-send';
import { notify } from '../../lib/notify';
import { downloadFile } from '../../lib/download';
import { errorText } from '../../lib/api-query';
import { updateWhitelabel, uploadWhitelabelLogo } from './provider-settings-api';

const MAX = maxLengths(whitelabelBodySchema);

/** White label (SPEC §3): company name, e-mail, phone and a logo checked for type and size. */
export function WhitelabelPanel({ provider }: { provider: ProviderView }) {
  const [busy, setBusy] = useState(false);
  // The provider view (name, logo, quick-check origin) is what the page shows: reloaded after every change.
  const send = useApiSend(['getServiceprovider']);
  const [logoVersion, setLogoVersion] = useState(0);
  const form = useForm({
    initialValues: {
      companyName: provider.whitelabel.companyName ?? '',
      email: provider.whitelabel.email ?? '',
      phone: provider.whitelabel.phone ?? '',
      isActive: provider.whitelabel.isActive,
    },
    validate: germanResolver(whitelabelBodySchema),
  });
  const save = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await send.call(updateWhitelabel(provider.serviceproviderId, values));
      notify({ type: 'success', title: 'Gespeichert', text: 'Die White-Label-Angaben wurden gespeichert.' });
    } catch (error) {
      notify({ type: 'error', title: 'Speichern fehlgeschlagen', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  });
  const upload = async (file: File | null) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return notify({ type: 'error', title: 'Ungültiges Format', text: 'Erlaubt sind PNG, JPEG und WebP.' });
    if (file.size > LOGO_MAX_BYTES) return notify({ type: 'error', title: 'Datei zu groß', text: 'Das Logo darf höchstens 512 KB groß sein.' });
    const data = new FormData();
    data.append('logo', file);
    try {
      await send.call(uploadWhitelabelLogo(provider.serviceproviderId, data));
      notify({ type: 'success', title: 'Logo hochgeladen', text: file.name });
      setLogoVersion((v) => v + 1);
    } catch (error) {
      notify({ type: 'error', title: 'Hochladen fehlgeschlagen', text: errorText(error) });
    }
  };
  return (
    <Stack>
      <form onSubmit={save} noValidate>
        <Stack>
          <Switch label="White-Label aktiv" description="Berichte und E-Mails tragen Ihren Namen statt Burgwall." {...form.getInputProps('isActive', { type: 'checkbox' })} />
          <TextInput label="Firmenname" {...textProps(form, 'companyName', MAX.companyName)} />
          <Group grow align="flex-start">
            <TextInput label="E-Mail-Adresse" type="email" maxLength={254} {...form.getInputProps('email')} />
            <TextInput label="Telefon" {...textProps(form, 'phone', MAX.phone)} />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Speichern
            </Button>
          </Group>
        </Stack>
      </form>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between">
          <Group>
            {provider.whitelabel.hasLogo ? <LogoPreview providerId={provider.serviceproviderId} version={logoVersion} /> : <Text c="dimmed" fz="sm">Noch kein Logo hinterlegt</Text>}
          </Group>
          <FileButton onChange={(file) => void upload(file)} accept={LOGO_TYPES.join(',')}>
            {(props) => (
              <Button variant="light" leftSection={<IconUpload size={16} />} {...props}>
                Logo hochladen
              </Button>
            )}
          </FileButton>
        </Group>
        <Text fz="xs" c="dimmed" mt="xs">
          PNG, JPEG oder WebP, höchstens 512 KB.
        </Text>
      </Paper>
    </Stack>
  );
}

/** The logo is behind the bearer token, so it is fetched and shown as an object URL. */
function LogoPreview({ providerId, version }: { providerId: string; version: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let active = true;
    void downloadFile.asObjectUrl(`/serviceprovider/${providerId}/whitelabel/logo`).then((objectUrl) => {
      url = objectUrl;
      if (active) setSrc(objectUrl);
    }).catch(() => setSrc(null));
    return () => {
      active = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [providerId, version]);
  return src ? <Image src={src} alt="Logo" h={48} w="auto" fit="contain" /> : null;
}
