import { ANALYTICS_EVENTS, trackEvent } from '../../lib/analytics';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { parseGermanDate } from '@burgwall/shared';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import type { ExceptionCreateBody, Finding } from '@burgwall/shared';
import { errorText, useApiMutation } from '../../lib/api-query';
import { IOE_READS, createException } from './ioe-api';

/** Adds an exception (reason, comment, optional expiry) for one affected object. */
export function ExceptionModal({ clientId, ioeId, finding, onClose, onSaved }: { clientId: string; ioeId: string; finding: Finding | null; onClose: () => void; onSaved: () => void }) {
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const create = useApiMutation((body: ExceptionCreateBody) => createException(clientId, ioeId, body), IOE_READS);
  const error = create.error ? errorText(create.error) : null;
  const [today] = useState(() => Date.now());
  const reasonError = reason.trim().length > 0 && reason.trim().length < 3 ? 'Mindestens 3 Zeichen' : null;
  // SPEC §5: dates are entered as DD.MM.YYYY; the API takes YYYY-MM-DD.
  const expiry = expiresAt.trim() ? parseGermanDate(expiresAt.trim()) : undefined;
  const expiryIso = expiry ? expiresAt.trim().split('.').reverse().join('-') : null;
  const expiryError = expiresAt.trim() && !expiry ? 'Bitte als TT.MM.JJJJ eingeben' : expiry && expiry.getTime() < today ? 'Das Datum muss in der Zukunft liegen' : null;

  const save = () => {
    if (!finding) return;
    create.mutate({ objectKey: finding.objectKey, reason: reason.trim(), comment: comment.trim() || null, expiresAt: expiryIso }, {
      onSuccess: () => {
        trackEvent(ANALYTICS_EVENTS.exceptionAdded);
        notify({ type: 'success', title: 'Ausnahme gespeichert', text: `${finding.objectName} zählt nicht mehr zur Bewertung.` });
        setReason('');
        setComment('');
        setExpiresAt('');
        create.reset();
        onSaved();
      },
    });
  };

  return (
    <Modal opened={finding !== null} onClose={onClose} title="Ausnahme hinzufügen" centered>
      <Stack gap="sm">
        <Text fz="sm">
          Objekt: <b>{finding?.objectName}</b>
        </Text>
        <TextInput label="Begründung" required value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={reasonError} placeholder="z. B. Notfallkonto, vierteljährlich geprüft" data-autofocus />
        <Textarea label="Kommentar" value={comment} onChange={(event) => setComment(event.currentTarget.value)} autosize minRows={2} />
        <TextInput label="Gültig bis (optional)" placeholder="TT.MM.JJJJ" value={expiresAt} onChange={(event) => setExpiresAt(event.currentTarget.value)} error={expiryError} />
        {error && (
          <Text c="red" fz="sm">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Abbrechen
          </Button>
          <Button onClick={save} loading={create.isPending} disabled={reason.trim().length < 3 || expiryError !== null}>
            Ausnahme speichern
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
