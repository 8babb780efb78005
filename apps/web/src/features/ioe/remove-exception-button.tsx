import { Button } from '@mantine/core';
import { ConfirmAction } from '../../components/confirm-action';
import { errorText, useApiMutation } from '../../lib/api-query';
import { notify } from '../../lib/notify';
import { IOE_READS, deleteException } from './ioe-api';

interface RemoveExceptionButtonProps {
  clientId: string;
  exceptionId: string;
  objectName: string;
}

/** „Entfernen“ of one exception (finding page and exceptions page): asks first, because the finding counts again at once. */
export function RemoveExceptionButton({ clientId, exceptionId, objectName }: RemoveExceptionButtonProps) {
  const removal = useApiMutation(() => deleteException(clientId, exceptionId), IOE_READS);
  const remove = () =>
    removal
      .mutateAsync()
      .then(() => notify({ type: 'success', title: 'Ausnahme entfernt', text: `${objectName} zählt wieder zur Bewertung.` }))
      .catch((error: unknown) => notify({ type: 'error', title: 'Ausnahme nicht entfernt', text: errorText(error) }));
  return (
    <ConfirmAction
      title="Ausnahme entfernen?"
      confirmLabel="Ausnahme entfernen"
      onConfirm={remove}
      loading={removal.isPending}
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
