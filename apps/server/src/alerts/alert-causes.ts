import { checkRegistry } from '@burgwall/checks';
import { collectorPartHealth, grade as gradeOf } from '@burgwall/shared';
import { type Selectable, sql } from 'kysely';
import type { AlertRuleTable } from '../db/alert-schema';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { atLeast, type AlertItem } from './alert-item';

export type StoredRule = Selectable<AlertRuleTable>;
/** What decides a rule's causes (the SIEM feed uses the same criteria without a stored rule). */
export type RuleCriteria = Pick<StoredRule, 'trigger' | 'min_severity' | 'score_drop' | 'below_grade' | 'created_at'>;

/** A cause found for a rule: what to tell, and the key that makes it one alert per rule and channel. */
export interface AlertCause {
  dedupeKey: string;
  item: AlertItem;
}

export interface ClientRef {
  clientId: string;
  clientName: string;
  /** Base URL of the web app, for links in the alerts. */
  baseUrl: string;
}

const MAX_CAUSES = 200;
const checkBySlug = new Map(checkRegistry.map((check) => [check.slug, check]));
const GRADE_ORDER = ['A', 'B', 'C', 'D', 'F'];

/** New findings (first seen after the rule was created) of checks at or above the rule's criticality. */
async function findingCauses(db: Db, client: ClientRef, rule: RuleCriteria): Promise<AlertCause[]> {
  const rows = await clientDb(db, client.clientId)
    .selectFrom('finding')
    .innerJoin('ioe', 'ioe.ioe_id_pk', 'finding.ioe_fk')
    .select(['ioe.ioe_type', 'ioe.criticality_override', 'finding.object_key', 'finding.object_name', 'finding.first_seen_at'])
    .where('ioe.is_disabled', '=', false)
    .where('finding.first_seen_at', '>', rule.created_at)
    // Newest first: the cap must never hide what just appeared (what was sent before is dropped by the claim).
    .orderBy('finding.first_seen_at', 'desc')
    .limit(MAX_CAUSES * 4)
    .execute();
  const causes: AlertCause[] = [];
  for (const row of rows) {
    const check = checkBySlug.get(row.ioe_type);
    if (!check) continue;
    const criticality = row.criticality_override ?? check.criticality;
    if (!rule.min_severity || !atLeast(criticality, rule.min_severity)) continue;
    causes.push({
      dedupeKey: `finding:${row.ioe_type}:${row.object_key}`,
      item: {
        trigger: 'finding',
        severity: criticality,
        signatureId: check.slug,
        title: check.title,
        detail: `Betroffenes Objekt: ${row.object_name}`,
        clientId: client.clientId,
        clientName: client.clientName,
        occurredAt: row.first_seen_at.toISOString(),
        link: `${client.baseUrl}/client/${client.clientId}/ioe/findings/${check.slug}`,
      },
    });
  }
  return causes.slice(0, MAX_CAUSES);
}

/** IoA events raised after the rule was created, at or above its severity. */
async function ioaCauses(db: Db, client: ClientRef, rule: RuleCriteria): Promise<AlertCause[]> {
  const rows = await clientDb(db, client.clientId)
    .selectFrom('ioa_event')
    .select(['ioa_event_id_pk', 'detector', 'severity', 'title', 'distinguished_name', 'occurred_at'])
    .where(sql<boolean>`created_at > ${rule.created_at}`)
    // Newest first (ids are UUIDs, not in time order): the cap must never hide the events just raised.
    .orderBy('created_at', 'desc')
    .limit(MAX_CAUSES * 4)
    .execute();
  return rows
    .filter((row) => rule.min_severity && atLeast(row.severity, rule.min_severity))
    .slice(0, MAX_CAUSES)
    .map((row) => ({
      dedupeKey: `ioa:${row.ioa_event_id_pk}`,
      item: {
        trigger: 'ioa' as const,
        severity: row.severity,
        signatureId: row.detector,
        title: row.title,
        detail: `Objekt: ${row.distinguished_name}`,
        clientId: client.clientId,
        clientName: client.clientName,
        occurredAt: row.occurred_at.toISOString(),
        link: `${client.baseUrl}/client/${client.clientId}/ioa`,
      },
    }));
}

const gradeRank = (grade: string) => GRADE_ORDER.indexOf(grade.charAt(0));

/** The newest score compared with the one before: dropped by at least N points, or fell below the rule's grade. */
async function scoreCauses(db: Db, client: ClientRef, rule: RuleCriteria): Promise<AlertCause[]> {
  const [latest, previous] = await clientDb(db, client.clientId)
    .selectFrom('score_history')
    .select(['score_history_id_pk', 'score', 'computed_at'])
    .orderBy('computed_at', 'desc')
    .orderBy('score_history_id_pk', 'desc')
    .limit(2)
    .execute();
  if (!latest || !previous || latest.computed_at <= rule.created_at) return [];
  const drop = previous.score - latest.score;
  const dropped = rule.score_drop !== null && drop >= rule.score_drop;
  const below = rule.below_grade !== null && gradeRank(gradeOf(latest.score)) > gradeRank(rule.below_grade) && gradeRank(gradeOf(previous.score)) <= gradeRank(rule.below_grade);
  if (!dropped && !below) return [];
  return [
    {
      dedupeKey: `score:${latest.score_history_id_pk}`,
      item: {
        trigger: 'score',
        severity: latest.score < 70 ? 'high' : 'medium',
        title: `Sicherheitswert von ${previous.score} auf ${latest.score} gesunken`,
        detail: `Note jetzt ${gradeOf(latest.score)} (vorher ${gradeOf(previous.score)}).`,
        clientId: client.clientId,
        clientName: client.clientName,
        occurredAt: latest.computed_at.toISOString(),
        link: `${client.baseUrl}/client/${client.clientId}/dashboard`,
      },
    },
  ];
}

/** SPEC §4: the collector (directory data or replication) or the Entra collection older than 4 hours; one alert per outage. */
async function collectorCauses(db: Db, client: ClientRef, now: Date): Promise<AlertCause[]> {
  const status = await clientDb(db, client.clientId).selectFrom('status_collector').selectAll().executeTakeFirst();
  if (!status) return [];
  const causes: AlertCause[] = [];
  const base = { trigger: 'collector' as const, severity: 'high' as const, clientId: client.clientId, clientName: client.clientName, link: `${client.baseUrl}/client/${client.clientId}/settings` };
  const data = collectorPartHealth(status.last_data_at, now);
  const replication = collectorPartHealth(status.last_replication_at, now);
  if ((data === 'unhealthy' || replication === 'unhealthy') && data !== 'healthy' && replication !== 'healthy') {
    const since = status.last_data_at ?? status.last_replication_at;
    causes.push({
      dedupeKey: `collector:${since?.toISOString() ?? 'never'}`,
      item: { ...base, title: 'Collector sendet keine Daten', detail: `Letzte Daten: ${since?.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' }) ?? 'nie'} (mehr als 4 Stunden her).`, occurredAt: now.toISOString() },
    });
  }
  if (collectorPartHealth(status.cloud_last_replication_at, now) === 'unhealthy') {
    const since = status.cloud_last_replication_at as Date;
    causes.push({
      dedupeKey: `entra:${since.toISOString()}`,
      item: { ...base, title: 'Entra-ID-Erfassung gestört', detail: `Letzte Erfassung: ${since.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })} (mehr als 4 Stunden her).`, occurredAt: now.toISOString() },
    });
  }
  return causes;
}

/** The client's licence is no longer active, or it reports more employees than it is licensed for. */
async function licenseCauses(db: Db, client: ClientRef, now: Date): Promise<AlertCause[]> {
  const row = await db
    .selectFrom('client')
    .leftJoin('client_license', 'client_license.client_fk', 'client.client_id_pk')
    .select(['client_license.subscription_status', 'client_license.employee_count', 'client.client_reported_employee_count'])
    .where('client.client_id_pk', '=', client.clientId)
    .executeTakeFirst();
  if (!row?.subscription_status) return [];
  const base = { trigger: 'license' as const, severity: 'high' as const, clientId: client.clientId, clientName: client.clientName, occurredAt: now.toISOString(), link: `${client.baseUrl}/client/${client.clientId}/settings` };
  const causes: AlertCause[] = [];
  if (row.subscription_status !== 'active') {
    causes.push({ dedupeKey: `license:status:${row.subscription_status}`, item: { ...base, title: 'Lizenz nicht aktiv', detail: `Status der Lizenz: ${row.subscription_status}.` } });
  }
  const reported = row.client_reported_employee_count;
  if (reported !== null && row.employee_count !== null && reported > row.employee_count) {
    causes.push({ dedupeKey: `license:seats:${reported}:${row.employee_count}`, item: { ...base, title: 'Mehr Mitarbeiter als lizenziert', detail: `Gemeldet: ${reported}, lizenziert: ${row.employee_count}.` } });
  }
  return causes;
}

/** What a rule would alert about for one client right now (already-sent causes are filtered by the caller). */
export async function causesFor(db: Db, client: ClientRef, rule: RuleCriteria, now = new Date()): Promise<AlertCause[]> {
  switch (rule.trigger) {
    case 'finding':
      return findingCauses(db, client, rule);
    case 'ioa':
      return ioaCauses(db, client, rule);
    case 'score':
      return scoreCauses(db, client, rule);
    case 'collector':
      return collectorCauses(db, client, now);
    case 'license':
      return licenseCauses(db, client, now);
  }
}

/** Rules of the client's provider that apply to this client. */
export async function rulesForClient(db: Db, clientId: string) {
  return db
    .selectFrom('alert_rule')
    .innerJoin('client', 'client.serviceprovider_fk', 'alert_rule.serviceprovider_fk')
    .selectAll('alert_rule')
    .select(['client.client_name'])
    .where('client.client_id_pk', '=', clientId)
    .where(sql<boolean>`(alert_rule.client_fk IS NULL OR alert_rule.client_fk = client.client_id_pk)`)
    .execute();
}
