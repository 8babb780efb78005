import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { IoeState } from '@burgwall/shared';
import { errorText, useApiMutation } from '../../lib/api-query';
import { IOE_READS, updateIoe } from './ioe-api';

/** Disables an IoE for this client (reason required) so it no longer counts in the score. */
export function DisableModal({ clientId, ioe, opened, onClose, onSaved }: { clientId: string; ioe: IoeState; opened: boolean; onClose: () => void; onSaved: () => void }) {
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const disable = useApiMutation(() => updateIoe(clientId, ioe.ioeIdPk, { is_disabled: true, disabled_reason: reason.trim(), disabled_comment: comment.trim() || null }), IOE_READS);
  const error = disable.error ? errorText(disable.error) : null;
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
          <Button color="red" onClick={() => disable.mutate(undefined, { onSuccess: onSaved })} loading={disable.isPending} disabled={reason.trim().length === 0}>
            Deaktivieren
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
