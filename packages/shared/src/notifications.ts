export type NotificationType = 'error' | 'warn' | 'success';

/** How long a toast stays, per type (SPEC §9). */
export const NOTIFICATION_DURATION_MS: Readonly<Record<NotificationType, number>> = {
  error: 8000,
  warn: 6000,
  success: 6000,
};

export interface AppNotification {
  id: string;
  type: NotificationType;
  duration: number;
  title: string;
  text: string;
}
