import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface ConfirmActionProps {
  /** Renders the element that opens the dialog. */
  trigger: (open: () => void) => ReactNode;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown> | void;
  loading?: boolean;
}

/** Asks before a change that cannot simply be undone by reloading (removing, revoking): German, red confirm button. */
export function ConfirmAction({ trigger, title, children, confirmLabel, onConfirm, loading }: ConfirmActionProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const confirm = async () => {
    await onConfirm();
    close();
  };
  return (
    <>
      {trigger(open)}
      <Modal opened={opened} onClose={close} title={title} centered>
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Abbrechen
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
