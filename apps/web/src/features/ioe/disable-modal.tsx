import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { IoeState } from '@burgwall/shared';
import { callApi } from '../../lib/api-client';
import { updateIoe } from './ioe-api';
import { errorText } from './use-api-data';

/** Disables an IoE for this client (reason required) so it no longer counts in the score. */
export function DisableModal({ clientId, ioe, opened, onClose, onSaved }: { clientId: string; ioe: IoeState; opened: boolean; onClose: () => void; onSaved: () => void }) {
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await callApi(updateIoe(clientId, ioe.ioeIdPk, { is_disabled: true, disabled_reason: reason.trim(), disabled_comment: comment.trim() || null }));
      onSaved();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Prüfung deaktivieren" centered>
      <Stack gap="sm">
        <Text fz="sm">„{ioe.title}“ wird nicht mehr bewertet, bis Sie die Prüfung wieder aktivieren.</Text>
        <TextInput label="Begründung" required value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
        <Textarea label="Kommentar" value={comment} onChange={(event) => setComment(event.currentTarget.value)} autosize minRows={2} />
        {error && (
          <Text c="red" fz="sm">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Abbrechen
          </Button>
          <Button color="red" onClick={() => void save()} loading={saving} disabled={reason.trim().length === 0}>
            Deaktivieren
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
