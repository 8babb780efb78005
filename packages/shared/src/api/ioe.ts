/** Indicators of exposure (SPEC §7 "Findings and scoring"): states, findings, exceptions, settings and the score. */
import { z } from 'zod';
import { CRITICALITIES } from '../criticality';
import { isoDateTime } from './common';

export const criticalitySchema = z.enum(CRITICALITIES);

export const SCORE_COLOURS = ['green', 'yellow', 'red', 'neutral'] as const;

/** The security score as the IoE screens show it. */
export const securityScoreSchema = z.object({ score: z.number(), grade: z.string(), colour: z.enum(SCORE_COLOURS) });
export type SecurityScore = z.infer<typeof securityScoreSchema>;

/** One threshold of a check with the client's value and the limits it may take. */
export const ioeThresholdSettingSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  value: z.number(),
  default: z.number(),
  min: z.number(),
  max: z.number(),
});
export type IoeThresholdSetting = z.infer<typeof ioeThresholdSettingSchema>;

/** One IoE of a client (SPEC §3 "IOE states response"). */
export const ioeStateSchema = z.object({
  ioeIdPk: z.string(),
  ioeType: z.string().describe('Slug der Prüfung'),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  /** Which data the check reads: AD, Entra ID, or both (hybrid). */
  directory: z.enum(['ad', 'entra', 'hybrid']),
  criticality: criticalitySchema,
  defaultCriticality: criticalitySchema,
  scoreImpact: z.number(),
  totalFindingsCount: z.number(),
  totalExceptionsCount: z.number(),
  allFindingsHaveException: z.boolean(),
  setting: z.object({
    criticalityOverride: criticalitySchema.nullable(),
    thresholds: z.array(ioeThresholdSettingSchema),
    isDisabled: z.boolean(),
    disabledReason: z.string().nullable(),
    disabledComment: z.string().nullable(),
    disabledUserUid: z.string().nullable(),
  }),
  skippedReason: z.string().nullable(),
  /** Framework references: MITRE ATT&CK technique ids, BSI IT-Grundschutz requirements, ANSSI AD rule ids. */
  references: z.object({ mitre: z.array(z.string()), bsi: z.array(z.string()), anssi: z.array(z.string()) }),
  isActive: z.boolean(),
  lastEvaluatedAt: isoDateTime.nullable(),
});
export type IoeState = z.infer<typeof ioeStateSchema>;

/** GET /client/{clientUUID}/ioe/states. */
export const ioeStatesSchema = z.object({
  adConnected: z.boolean(),
  entraConnected: z.boolean(),
  /** The Entra ID plan of the last collection (P2, P1 or none); null while Entra ID is not connected. */
  entraPlan: z.string().nullable(),
  score: securityScoreSchema.nullable().describe('null, solange keine Auswertung gelaufen ist'),
  lastEvaluatedAt: isoDateTime.nullable(),
  ioe: z.array(ioeStateSchema),
});
export type IoeStates = z.infer<typeof ioeStatesSchema>;

/** The exception of one finding. */
export const findingExceptionSchema = z.object({
  exceptionId: z.string(),
  reason: z.string(),
  comment: z.string().nullable(),
  createdBy: z.string().nullable(),
  expiresAt: isoDateTime.nullable(),
  isExpired: z.boolean(),
});
export type FindingException = z.infer<typeof findingExceptionSchema>;

export const findingSchema = z.object({
  findingId: z.string(),
  objectKey: z.string(),
  objectType: z.string(),
  objectName: z.string(),
  distinguishedName: z.string().nullable(),
  evidence: z.string(),
  firstSeenAt: isoDateTime,
  exception: findingExceptionSchema.nullable(),
});
export type Finding = z.infer<typeof findingSchema>;

/** Query of GET /client/{clientUUID}/ioe/findings/{slug}. */
export const findingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /client/{clientUUID}/ioe/findings/{slug}. */
export const findingsAnswerSchema = z.object({
  ioe: ioeStateSchema,
  details: z.object({ whyItMatters: z.string(), remediation: z.array(z.string()), category: z.string() }),
  total: z.number(),
  findings: z.array(findingSchema),
});
export type FindingsAnswer = z.infer<typeof findingsAnswerSchema>;

/** One row of GET /client/{clientUUID}/ioe/exceptions. */
export const exceptionRowSchema = findingExceptionSchema.extend({
  ioeIdPk: z.string(),
  ioeType: z.string(),
  ioeTitle: z.string(),
  objectKey: z.string(),
  objectName: z.string(),
  createdAt: isoDateTime,
});
export type ExceptionRow = z.infer<typeof exceptionRowSchema>;

export const exceptionsAnswerSchema = z.object({ exceptions: z.array(exceptionRowSchema) });
export type ExceptionsAnswer = z.infer<typeof exceptionsAnswerSchema>;

export const scorePointSchema = z.object({ score: z.number(), grade: z.string(), openFindings: z.number(), computedAt: isoDateTime });
export type ScorePoint = z.infer<typeof scorePointSchema>;

/** GET /client/{clientUUID}/ioe/score-history (oldest first, at most 90 points). */
export const scoreHistorySchema = z.object({ history: z.array(scorePointSchema) });
export type ScoreHistory = z.infer<typeof scoreHistorySchema>;

/** POST /client/{clientUUID}/ioe/security-score. */
export const securityScoreAnswerSchema = securityScoreSchema.extend({ openFindings: z.number() });

/** POST /client/{clientUUID}/ioe/criticalities/reset. */
export const criticalitiesResetAnswerSchema = z.object({ message: z.string(), score: z.number() });
export type CriticalitiesResetAnswer = z.infer<typeof criticalitiesResetAnswerSchema>;

/** POST /client/{clientUUID}/audit/rescan. */
export const rescanAnswerSchema = z.object({
  status: z.literal('evaluated'),
  /** The AD snapshot evaluated; null when only Entra ID data exists. */
  snapshotId: z.string().nullable(),
  /** The Entra snapshot evaluated; null while Entra ID was never collected. */
  entraSnapshotId: z.string().nullable(),
  checks: z.number(),
  findings: z.number(),
  score: z.number(),
  grade: z.string(),
});
export type RescanAnswer = z.infer<typeof rescanAnswerSchema>;
/**
 * POST /client/{clientUUID}/audit/rescan, 202: a large domain (evaluated in a worker thread) is evaluated as a job —
 * waiting for it would outlast a reverse proxy's time-out (nginx: 60 s) at a million objects.
 */
export const rescanQueuedSchema = z.object({ status: z.literal('queued'), message: z.string() });
export type RescanQueued = z.infer<typeof rescanQueuedSchema>;

/** POST /client/{clientUUID}/ioe/{ioeId}/exceptions. */
export const exceptionCreateBodySchema = z.strictObject({
  objectKey: z.string().min(1).max(500),
  reason: z.string().trim().min(3).max(200),
  comment: z.string().trim().max(2000).nullable().optional(),
  /** Date (YYYY-MM-DD) after which the exception no longer applies. */
  expiresAt: z.iso.date().nullable().optional().describe('Letzter Tag, an dem die Ausnahme gilt (JJJJ-MM-TT)'),
});
export type ExceptionCreateBody = z.input<typeof exceptionCreateBodySchema>;

export const exceptionCreatedSchema = z.object({ exceptionId: z.string(), score: z.number() });
export type ExceptionCreated = z.infer<typeof exceptionCreatedSchema>;

/** POST /client/{clientUUID}/ioe/{ioeId} (SPEC §3 "IOE update" plus the per-client criticality and thresholds). */
export const ioeUpdateBodySchema = z
  .strictObject({
    is_disabled: z.boolean().optional(),
    disabled_reason: z.string().trim().max(200).nullable().optional(),
    disabled_comment: z.string().trim().max(2000).nullable().optional(),
    /** Ignored in favour of the signed-in user; accepted because the SPEC shape carries it. */
    disabled_user_uid: z.uuid().nullable().optional(),
    criticality: criticalitySchema.nullable().optional(),
    thresholds: z.record(z.string(), z.number()).optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'disabled_user_uid'), {
    message: 'Die Anfrage enthält keine Änderung. Geben Sie mindestens eine Einstellung an.',
  })
  .refine((body) => body.is_disabled !== true || (body.disabled_reason ?? '').length > 0, {
    message: 'Der Grund der Deaktivierung fehlt. Bitte geben Sie an, warum die Prüfung deaktiviert wird.',
    path: ['disabled_reason'],
  });
export type IoeUpdateBody = z.input<typeof ioeUpdateBodySchema>;

export const ioeUpdateAnswerSchema = z.object({
  ioe: ioeStateSchema,
  score: securityScoreSchema.nullable(),
  /** New thresholds of a large domain: evaluated as a job, `ioe` and `score` are those before it. */
  evaluationQueued: z.boolean().optional(),
});
export type IoeUpdateAnswer = z.infer<typeof ioeUpdateAnswerSchema>;

/** POST /client/{clientUUID}/ioe/thresholds/reset: as for new thresholds, a large domain is evaluated as a job. */
export const thresholdsResetAnswerSchema = z.object({ message: z.string(), evaluationQueued: z.boolean() });
export type ThresholdsResetAnswer = z.infer<typeof thresholdsResetAnswerSchema>;

/** One finding object that appeared or went away since the last Prüfung (evaluation of new directory data). */
export const findingChangeSchema = z.object({
  ioeType: z.string(),
  title: z.string(),
  criticality: criticalitySchema,
  objectKey: z.string(),
  objectName: z.string(),
  objectType: z.string(),
  /** When it was first seen (new) or when it went away (resolved). */
  at: isoDateTime,
});
export type FindingChange = z.infer<typeof findingChangeSchema>;

export const findingChangesAnswerSchema = z.object({
  /** Start of the current Prüfung; null before the first evaluation. */
  currentCheckAt: isoDateTime.nullable(),
  /** Start of the Prüfung before it; null while there was only one (nothing to compare with). */
  previousCheckAt: isoDateTime.nullable(),
  newCount: z.number().int(),
  resolvedCount: z.number().int(),
  /** The first `limit` of each, most critical first. */
  new: z.array(findingChangeSchema),
  resolved: z.array(findingChangeSchema),
});
export type FindingChangesAnswer = z.infer<typeof findingChangesAnswerSchema>;

export const findingChangesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(20) });
