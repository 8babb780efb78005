/** The signed-in user's own settings (SPEC §7 "User"): profile, notifications and the password-change link. */
import { z } from 'zod';

const notificationsSchema = z.object({ alert: z.boolean(), quickcheck: z.boolean(), info: z.boolean() });

/** GET /user and the answer of POST /user. */
export const userSettingsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  notifications: notificationsSchema,
  requiredActions: z.array(z.string()),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** POST /user. */
export const userSettingsBodySchema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  notifications: notificationsSchema,
});
export type UserSettingsBody = z.input<typeof userSettingsBodySchema>;

/** GET /user/password/change: a one-time link to the set-password page. */
export const passwordChangeLinkSchema = z.object({ link: z.string() });
export type PasswordChangeLink = z.infer<typeof passwordChangeLinkSchema>;
