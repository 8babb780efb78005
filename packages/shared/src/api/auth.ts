import { z } from 'zod';

/**
 * Sign-in and session (SPEC §7 "Identity and session"): the NextAuth-compatible routes under /api/auth, the user
 * session routes and the runtime configuration the web reads at start.
 */

/** Where to go after sign-in or sign-out: a path of this installation, or an address whose origin is this one. */
export const callbackUrlSchema = z
  .string()
  .max(2000)
  .regex(/^(\/|https?:\/\/|$)/i, {
    message: 'Die Rücksprungadresse muss ein Pfad dieser Anwendung (beginnend mit /) oder eine http(s)-Adresse sein.',
  })
  .describe('Ziel nach der Anmeldung/Abmeldung; fremde Adressen werden durch / ersetzt');

/** NextAuth's `json` flag: answer `{url}` instead of redirecting (the form sends the text "true"). */
export const jsonFlagSchema = z.union([z.boolean(), z.enum(['true', 'false'])]).describe('true: Antwort {url} statt Weiterleitung');

/** Form body of POST signin/{provider} and POST signout (application/x-www-form-urlencoded or JSON). */
export const authFormSchema = z
  .object({
    csrfToken: z.string().max(200).optional().describe('Token aus GET /api/auth/csrf'),
    callbackUrl: callbackUrlSchema.optional(),
    json: jsonFlagSchema.optional(),
  })
  .nullish();
export type AuthForm = z.infer<typeof authFormSchema>;

/** Query of GET signin and GET signin/{provider}. */
export const signInQuerySchema = z.object({
  callbackUrl: callbackUrlSchema.optional(),
  json: jsonFlagSchema.optional(),
});

/** Query of GET session (NextAuth clients send the current page). */
export const sessionQuerySchema = z.object({ callbackUrl: callbackUrlSchema.optional() });

/** `{url}`: where the browser goes next (sign-in page of the provider, or the callbackUrl after sign-out). */
export const authUrlAnswerSchema = z.object({ url: z.string().describe('Nächste Adresse für den Browser') });
export type AuthUrlAnswer = z.infer<typeof authUrlAnswerSchema>;

/** GET csrf. */
export const csrfAnswerSchema = z.object({ csrfToken: z.string() });
export type CsrfAnswer = z.infer<typeof csrfAnswerSchema>;

/** One sign-in provider of GET providers. */
export const authProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});

/** GET providers: the providers by id. */
export const authProvidersAnswerSchema = z.record(z.string(), authProviderSchema);

/** The signed-in user of GET session. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  orgId: z.string().nullable(),
});

/** GET session: the user with a fresh access token, or `{}` without a session. */
export const sessionAnswerSchema = z.union([
  z.object({
    user: sessionUserSchema,
    accessToken: z.string().describe('Zugriffstoken (JWT) für Authorization: Bearer'),
    expires: z.string().describe('Ende der Sitzung (ISO 8601)'),
  }),
  z.strictObject({}).describe('Keine Sitzung'),
]);
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** GET /user/session/validate: whether the session of the bearer token still exists. */
export const sessionValidityAnswerSchema = z.object({ status: z.enum(['valid', 'ended']) });
export type SessionValidityAnswer = z.infer<typeof sessionValidityAnswerSchema>;

/** POST /user/keycloak/end-session. */
export const sessionEndedAnswerSchema = z.object({ status: z.literal('ended') });
export type SessionEndedAnswer = z.infer<typeof sessionEndedAnswerSchema>;

/** The installation kinds of APP_ENV. */
export const APP_ENVIRONMENTS = ['next', 'dev', 'demo', 'prod', 'selfhosted'] as const;
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number];

/** GET /api/runtime-config: per-installation values the web reads at start. */
export const runtimeConfigAnswerSchema = z.object({ appEnv: z.enum(APP_ENVIRONMENTS) });
export type RuntimeConfigAnswer = z.infer<typeof runtimeConfigAnswerSchema>;
