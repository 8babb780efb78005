/** Admin view of the background job queue (pg-boss, issue 15): depth, age, failures and their retry. */
import { z } from 'zod';
import { isoDateTime } from './common';

/** pg-boss's job states, in the order a job passes them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  created: 'Wartend',
  retry: 'Wiederholung geplant',
  active: 'Läuft',
  completed: 'Erledigt',
  failed: 'Fehlgeschlagen',
  cancelled: 'Abgebrochen',
};

/** What each queue does, in the admins' words; a queue missing here is shown by its name. */
export const JOB_QUEUE_LABELS: Record<string, string> = {
  'ioe-evaluate': 'Auswertung der Prüfungen',
  'ioa-evaluate': 'Angriffserkennung in Änderungen',
  'evaluation-recovery': 'Wiederaufnahme abgebrochener Auswertungen',
  'entra-collect': 'Entra-ID-Erfassung eines Kunden',
  'entra-collect-all': 'Entra-ID-Erfassung aller Kunden',
  'alerts.evaluate': 'Alarmregeln prüfen',
  'alerts.mail': 'Alarm-E-Mails',
  'alerts.digest': 'Alarm-Zusammenfassungen',
  'alerts.health': 'Collector-Zustand überwachen',
  'webhooks.deliver': 'Webhook-Zustellung',
  'siem.evaluate': 'SIEM-Ereignisse bilden',
  'siem.deliver': 'SIEM-Zustellung',
  'reports.due': 'Fällige Berichte suchen',
  'reports.mail': 'Berichte per E-Mail',
  'retention-all': 'Aufbewahrung aller Kunden',
  'retention-client': 'Aufbewahrung eines Kunden',
  'snapshot-prune': 'Ersetzte Verzeichnisdaten löschen',
  'billing-ledger-renewal': 'Verlängerung der Abonnements',
  'selfhosted-license-check': 'Lizenzprüfung (selbst betrieben)',
  '__pgboss__send-it': 'Zeitpläne einreihen (pg-boss)',
};

export const jobStateCountsSchema = z.object({
  created: z.number().int(),
  retry: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type JobStateCounts = z.infer<typeof jobStateCountsSchema>;

export const adminJobQueueSchema = z.object({
  queue: z.string(),
  label: z.string(),
  counts: jobStateCountsSchema,
  /** Creation time of the oldest job still waiting (created or retry); null when none waits. */
  oldestWaitingSince: isoDateTime.nullable(),
  oldestWaitingSeconds: z.number().int().nullable(),
});
export type AdminJobQueue = z.infer<typeof adminJobQueueSchema>;

export const adminJobFailureSchema = z.object({
  id: z.string(),
  queue: z.string(),
  /** failed: no attempt left (can be retried by hand); retry: pg-boss tries again after its backoff. */
  state: z.enum(['failed', 'retry']),
  /** The error as the job threw it (German or English), shortened to ADMIN_JOB_ERROR_MAX characters. */
  error: z.string(),
  errorTruncated: z.boolean(),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdAt: isoDateTime,
  failedAt: isoDateTime.nullable(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
});
export type AdminJobFailure = z.infer<typeof adminJobFailureSchema>;

/** Jobs of one client (job data with a clientId). */
export const adminJobClientSchema = z.object({
  clientId: z.string(),
  clientName: z.string().nullable(),
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});
export type AdminJobClient = z.infer<typeof adminJobClientSchema>;

/** GET /admin/jobs. */
export const adminJobsAnswerSchema = z.object({
  generatedAt: isoDateTime,
  queues: z.array(adminJobQueueSchema),
  totals: jobStateCountsSchema,
  failures: z.array(adminJobFailureSchema),
  clients: z.array(adminJobClientSchema),
});
export type AdminJobsAnswer = z.infer<typeof adminJobsAnswerSchema>;

export const ADMIN_JOB_ERROR_MAX = 500;

/** POST /admin/jobs/{queue}/{id}/retry. */
export const adminJobParamsSchema = z.object({
  queue: z.string().regex(/^[\w.-]{1,100}$/, 'Der Wert muss der Name einer Warteschlange sein (Buchstaben, Ziffern, Punkt, Bindestrich, Unterstrich).'),
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Der Wert muss die ID eines Auftrags (UUID) sein.'),
});

export const adminJobRetryAnswerSchema = z.object({ id: z.string(), queue: z.string(), state: z.literal('retry') });
export type AdminJobRetryAnswer = z.infer<typeof adminJobRetryAnswerSchema>;
