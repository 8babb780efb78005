import type { AlertSeverity, AlertTrigger } from '@burgwall/shared';

/** One reason to alert, as mails, digests and webhooks carry it (stored as JSON in jobs and digest items). */
export interface AlertItem {
  trigger: AlertTrigger;
  severity: AlertSeverity;
  /** The check's slug or the IoA detector (SIEM signature id); absent for score, collector and licence alerts. */
  signatureId?: string;
  /** German one-line title, e.g. the check's title or the IoA's title. */
  title: string;
  /** German detail line: affected object, score change, … */
  detail: string;
  clientId: string;
  clientName: string;
  occurredAt: string;
  /** Link into the web app where the cause is shown. */
  link: string;
}

const RANK: Record<AlertSeverity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

/** True when `severity` is at least `minimum` (critical ≥ high ≥ medium ≥ low ≥ info). */
export function atLeast(severity: AlertSeverity, minimum: AlertSeverity): boolean {
  return RANK[severity] >= RANK[minimum];
}
