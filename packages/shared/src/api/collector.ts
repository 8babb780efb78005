/**
 * The collector's calls (SPEC §3 "Collector", §7 "Collector API"): what the on-prem collector sends and reads, and the
 * collector answers the web shows (health, version, audit status). The upload bodies themselves are `snapshotSchema`
 * and `attributeChangeSchema` (../snapshot.ts).
 */
import { z } from 'zod';
import { isoDateTime } from './common';

/** POST …/collector/license/activate. */
export const collectorActivationSchema = z.object({ subscriptionStatus: z.string(), mode: z.string(), sleepForMs: z.number() });
export type CollectorActivation = z.infer<typeof collectorActivationSchema>;

/** POST …/collector/license: the machine the key is bound to. */
export const collectorLicenseBodySchema = z.object({
  machineCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{8,200}$/, 'Der Wert muss 8 bis 200 Zeichen lang sein und darf nur Buchstaben (A–Z, a–z), Ziffern und . _ : - enthalten.'),
});
export type CollectorLicenseBody = z.input<typeof collectorLicenseBodySchema>;

/** The SPEC §3 licence shape of the collector. */
export const collectorLicenseSchema = z.object({
  subscriptionStatus: z.string(),
  currentPeriodEnd: isoDateTime.nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  mode: z.string(),
  sleepForMs: z.number(),
});
export type CollectorLicenseAnswer = z.infer<typeof collectorLicenseSchema>;

const uploadCountsSchema = z.object({
  users: z.number(),
  computers: z.number(),
  groups: z.number(),
  organizationalUnits: z.number(),
  gpos: z.number(),
});

/** POST …/collector/snapshot: 201 for a new batch, 200 for a batch sent again (`created: false`). */
export const snapshotUploadAnswerSchema = z.object({
  batchId: z.string(),
  snapshotId: z.string(),
  created: z.boolean(),
  counts: uploadCountsSchema,
});
export type SnapshotUploadAnswer = z.infer<typeof snapshotUploadAnswerSchema>;

/**
 * POST …/collector/snapshots (begin an upload in parts): 201 for a new batch, 200 for one begun before. `complete`: the
 * batch was committed already, nothing more to send; `parts`: the parts the server holds of an open upload (a collector
 * resuming after an interruption sends only the others).
 */
export const snapshotBeginAnswerSchema = z.object({
  batchId: z.string(),
  snapshotId: z.string(),
  state: z.enum(['receiving', 'complete']),
  parts: z.array(z.number().int()).describe('Die schon gespeicherten Teile (Nummern)'),
  // Optional: servers before it took one part of a client at a time, and a collector then sends one after the other.
  partsAtOnce: z.number().int().min(1).optional().describe('Wie viele Teile der Collector gleichzeitig senden darf'),
});
export type SnapshotBeginAnswer = z.infer<typeof snapshotBeginAnswerSchema>;

/** PUT …/collector/snapshots/{batchId}/parts/{partNo}: the part is stored (replacing an earlier copy of it). */
export const snapshotPartAnswerSchema = z.object({ batchId: z.string(), partNo: z.number().int(), objects: z.number().int() });
export type SnapshotPartAnswer = z.infer<typeof snapshotPartAnswerSchema>;

/** POST …/collector/snapshots/{batchId}/commit: the same answer as a snapshot sent whole. */
export const snapshotCommitAnswerSchema = snapshotUploadAnswerSchema;
export type SnapshotCommitAnswer = SnapshotUploadAnswer;

/** POST …/collector/changes. */
export const changesUploadAnswerSchema = z.object({
  batchId: z.string(),
  received: z.number(),
  stored: z.number(),
  changeIds: z.array(z.string()),
});
export type ChangesUploadAnswer = z.infer<typeof changesUploadAnswerSchema>;

export const COLLECTOR_VERSION_STATUSES = ['not-installed', 'update-available', 'up-to-date'] as const;

/** GET …/collector/update and …/collector/version (SPEC §3 collector version). */
export const collectorVersionSchema = z.object({
  status: z.enum(COLLECTOR_VERSION_STATUSES),
  newestVersion: z.string(),
  path: z.string().describe('Wo der Installer heruntergeladen wird'),
});
export type CollectorVersionAnswer = z.infer<typeof collectorVersionSchema>;

/** GET …/collector/update?currentVersion=… */
export const collectorUpdateQuerySchema = z.object({
  currentVersion: z
    .string()
    .regex(/^[\w.+-]{1,40}$/, 'Der Wert muss eine Versionsnummer wie 1.2.3 sein (höchstens 40 Zeichen aus Buchstaben, Ziffern und . _ + -).')
    .optional(),
});

/** Bounds and default of the client setting „Vollständige Erfassung alle … Stunden“. */
export const FULL_COLLECTION_INTERVAL_HOURS = { min: 1, max: 168, default: 6 } as const;

/** GET/POST …/collector/settings: the client's collector settings. */
export const collectorSettingsSchema = z.object({
  fullCollectionIntervalHours: z
    .number({ error: 'Der Wert muss eine ganze Zahl von Stunden sein.' })
    .int('Der Wert muss eine ganze Zahl von Stunden sein.')
    .min(FULL_COLLECTION_INTERVAL_HOURS.min, `Eine vollständige Erfassung ist höchstens einmal pro Stunde möglich (mindestens ${FULL_COLLECTION_INTERVAL_HOURS.min}).`)
    .max(FULL_COLLECTION_INTERVAL_HOURS.max, `Eine vollständige Erfassung muss mindestens einmal pro Woche stattfinden (höchstens ${FULL_COLLECTION_INTERVAL_HOURS.max} Stunden).`)
    .describe('Stunden zwischen zwei vollständigen Erfassungen (1–168)'),
});
export type CollectorSettings = z.infer<typeof collectorSettingsSchema>;

/** GET …/collector/config (JSON; with `Accept: text/plain` the same values as key=value lines). */
export const collectorConfigSchema = z.object({
  sleepForMs: z.number(),
  fullCollectionIntervalMs: z.number(),
  changeBatchSize: z.number(),
  uploadLogs: z.boolean(),
  /** Someone pressed "Jetzt neu auswerten": the next cycle is a full collection. */
  fullCollectionRequested: z.boolean(),
});
export type CollectorConfig = z.infer<typeof collectorConfigSchema>;

const partHealthSchema = z.enum(['healthy', 'unhealthy']).nullable();

/** GET …/collector/health (SPEC §4, the rule in ../collector-health.ts). */
export const collectorHealthAnswerSchema = z.object({
  status: z.enum(['healthy', 'unhealthy', 'unknown']),
  color: z.enum(['green', 'red', 'secondary']),
  directory: z.object({ data: partHealthSchema, replication: partHealthSchema }),
  cloud: z.object({ replication: partHealthSchema }),
  lastDataAt: isoDateTime.nullable(),
  lastReplicationAt: isoDateTime.nullable(),
  cloudLastReplicationAt: isoDateTime.nullable(),
});
export type CollectorHealthAnswer = z.infer<typeof collectorHealthAnswerSchema>;

/** GET …/collector/audit/status. */
export const collectorAuditStatusSchema = z.object({
  status: z.enum(['waiting', 'running', 'completed', 'failed']),
  lastSnapshotAt: isoDateTime.nullable(),
});
export type CollectorAuditStatus = z.infer<typeof collectorAuditStatusSchema>;

export const INITIAL_SCAN_STATUSES = ['started', 'running', 'finished', 'failed'] as const;

/** POST …/collector/initialscan (body and answer). A value that is no text at all is named as such, not as a wrong status. */
export const initialScanSchema = z.object({
  status: z.enum(INITIAL_SCAN_STATUSES, { error: (issue) => (typeof issue.input === 'string' ? undefined : 'Der Wert muss ein Text sein.') }),
});
export type InitialScan = z.infer<typeof initialScanSchema>;

const LOG_BODY_HINT = 'Senden Sie das Protokoll als Text (text/plain) oder als JSON {"content": "…"}.';

/** POST …/collector/log/:logName: the log as text/plain, or JSON `{ content }`. */
export const collectorLogBodySchema = z.union([z.string().min(1, `Das Protokoll ist leer. ${LOG_BODY_HINT}`), z.object({ content: z.string().min(1, `Das Protokoll ist leer. ${LOG_BODY_HINT}`) })], {
  error: `Das Protokoll muss Text sein. ${LOG_BODY_HINT}`,
});
export type CollectorLogBody = z.input<typeof collectorLogBodySchema>;

export const collectorLogParamsSchema = z.object({
  clientUUID: z.string(),
  logName: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'Der Wert muss 1 bis 100 Zeichen lang sein und darf nur Buchstaben (A–Z, a–z), Ziffern und . _ - enthalten.'),
});

export const collectorLogAnswerSchema = z.object({ logId: z.string(), logName: z.string(), bytes: z.number() });
export type CollectorLogAnswer = z.infer<typeof collectorLogAnswerSchema>;

/** GET …/quickcheck/collector/installer?token=… (the prospect's mailed link; signed-in users need none). */
export const quickcheckInstallerQuerySchema = z.object({ token: z.string().optional().describe('Token aus dem Quickcheck-Link der Einladungs-E-Mail') });

/** GET …/collector/keys: the client's collector keys (never the key itself, only its first characters). */
export const collectorKeySchema = z.object({
  keyId: z.string(),
  prefix: z.string().describe('Die ersten Zeichen des Schlüssels, zum Wiedererkennen'),
  createdAt: isoDateTime,
  activatedAt: isoDateTime.nullable(),
  lastUsedAt: isoDateTime.nullable(),
  machineCode: z.string().nullable().describe('Der Rechner, an den der Schlüssel gebunden ist'),
  revokedAt: isoDateTime.nullable(),
});
export type CollectorKey = z.infer<typeof collectorKeySchema>;
export const collectorKeyListSchema = z.array(collectorKeySchema);

/** POST …/collector/keys/{keyId}/rotate: the new key, shown exactly once. */
export const rotatedCollectorKeySchema = z.object({ keyId: z.string(), key: z.string() });
export type RotatedCollectorKey = z.infer<typeof rotatedCollectorKeySchema>;
