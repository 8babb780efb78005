import { NOTIFICATION_DURATION_MS, type NotificationType } from '@burgwall/shared';
import { notifications } from '@mantine/notifications';

const COLOUR: Record<NotificationType, string> = { error: 'red', warn: 'yellow', success: 'green' };

export interface NotifyInput {
  type: NotificationType;
  title: string;
  text: string;
  /** Overrides the default duration of the type. */
  duration?: number;
  /** Same id = same toast: it is shown once, not stacked. */
  id?: string;
}

export function notificationOptions({ type, title, text, duration, id }: NotifyInput) {
  return {
    id,
    title,
    message: text,
    color: COLOUR[type],
    autoClose: duration ?? NOTIFICATION_DURATION_MS[type],
    withCloseButton: true,
  };
}

/** Shows a toast that disappears after its duration (error 8 s, warn and success 6 s). */
export function notify(input: NotifyInput): void {
  notifications.show(notificationOptions(input));
}
