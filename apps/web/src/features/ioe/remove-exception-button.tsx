import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmAction } from '../../components/confirm-action';
import { callApi } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { deleteException } from './ioe-api';
import { errorText } from './use-api-data';

interface RemoveExceptionButtonProps {
  clientId: string;
  exceptionId: string;
  objectName: string;
  onRemoved: () => void;
}

/** „Entfernen“ of one exception (finding page and exceptions page): asks first, because the finding counts again at once. */
export function RemoveExceptionButton({ clientId, exceptionId, objectName, onRemoved }: RemoveExceptionButtonProps) {
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    setRemoving(true);
    try {
      await callApi(deleteException(clientId, exceptionId));
      notify({ type: 'success', title: 'Ausnahme entfernt', text: `${objectName} zählt wieder zur Bewertung.` });
      onRemoved();
    } catch (error) {
      notify({ type: 'error', title: 'Ausnahme nicht entfernt', text: errorText(error) });
    } finally {
      setRemoving(false);
    }
  };
  return (
    <ConfirmAction
      title="Ausnahme entfernen?"
      confirmLabel="Ausnahme entfernen"
      onConfirm={remove}
      loading={removing}
      trigger={(open) => (
        <Button size="compact-sm" variant="subtle" color="red" onClick={open} style={{ flexShrink: 0 }}>
          Entfernen
        </Button>
      )}
    >
      Der Befund für {objectName} zählt danach wieder zur Bewertung.
    </ConfirmAction>
  );
}
