/** The four exports of a client, read from its own schema: findings per check, affected objects, changes, IoAs. */
import { checkBySlug } from '@burgwall/checks';
import { ALERT_SEVERITY_LABELS, CRITICALITY_LABELS, type AlertSeverity } from '@burgwall/shared';
import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { loadIoeStates } from '../ioe/ioe-states';
import { loadIoeRows } from '../ioe/ioe-store';
import { notFound } from '../http/problem';
import { type ExportTable, MAX_EXPORT_ROWS } from './export-table';

export interface TimeRange {
  from?: Date;
  to?: Date;
}

const DIRECTORY_LABELS: Record<string, string> = { ad: 'Active Directory', entra: 'Entra ID', hybrid: 'Hybrid' };

function statusOf(state: { isActive: boolean; setting: { isDisabled: boolean }; skippedReason: string | null }): string {
  if (state.setting.isDisabled) return 'Deaktiviert';
  if (state.skippedReason) return 'Übersprungen';
  return state.isActive ? 'Aktiv' : 'Inaktiv';
}

/** One row per check (indicator of exposure) with its findings count and score impact. */
export async function findingsTable(db: Db, clientId: string): Promise<ExportTable> {
  const states = await loadIoeStates(db, clientId);
  return {
    title: 'Befunde',
    fileName: 'befunde',
    columns: [
      { key: 'title', header: 'Prüfung', width: 50 },
      { key: 'slug', header: 'Kennung', width: 30 },
      { key: 'category', header: 'Kategorie', width: 25 },
      { key: 'directory', header: 'Verzeichnis', width: 16 },
      { key: 'criticality', header: 'Kritikalität', width: 12 },
      { key: 'status', header: 'Status', width: 14 },
      { key: 'affectedObjects', header: 'Betroffene Objekte', width: 18 },
      { key: 'exceptions', header: 'Davon mit Ausnahme', width: 18 },
      { key: 'scoreImpact', header: 'Punktabzug', width: 12 },
      { key: 'evaluatedAt', header: 'Ausgewertet am', width: 20 },
    ],
    rows: states.ioe.map((state) => ({
      title: state.title,
      slug: state.ioeType,
      category: state.category,
      directory: DIRECTORY_LABELS[state.directory] ?? state.directory,
      criticality: CRITICALITY_LABELS[state.criticality],
      status: statusOf(state),
      affectedObjects: state.totalFindingsCount,
      exceptions: state.totalExceptionsCount,
      scoreImpact: state.scoreImpact,
      evaluatedAt: states.lastEvaluatedAt ? new Date(states.lastEvaluatedAt) : null,
    })),
  };
}

/** One row per affected object of every check, with its exception if it has one. */
export async function affectedObjectsTable(db: Db, clientId: string, check?: string): Promise<ExportTable> {
  const ioes = new Map((await loadIoeRows(db, clientId)).filter((row) => check === undefined || row.ioeType === check).map((row) => [row.ioeId, row]));
  if (check !== undefined && ioes.size === 0) throw notFound(`Die Prüfung „${check}“ wurde nicht gefunden.`);
  let query = clientDb(db, clientId)
    .selectFrom('finding as f')
    .leftJoin('finding_exception as e', (join) => join.onRef('e.ioe_fk', '=', 'f.ioe_fk').onRef('e.object_key', '=', 'f.object_key'))
    .select(['f.ioe_fk', 'f.object_name', 'f.object_type', 'f.distinguished_name', 'f.first_seen_at', 'e.exception_id_pk', 'e.reason', 'e.expires_at']);
  if (check !== undefined) query = query.where('f.ioe_fk', 'in', [...ioes.keys()]);
  const rows = await query
    .orderBy('f.ioe_fk')
    .orderBy('f.object_name')
    .limit(MAX_EXPORT_ROWS)
    .execute();
  return {
    title: 'Betroffene Objekte',
    fileName: check === undefined ? 'betroffene-objekte' : `betroffene-objekte-${check.replace(/[^a-z0-9-]+/gi, '-')}`,
    columns: [
      { key: 'check', header: 'Prüfung', width: 50 },
      { key: 'slug', header: 'Kennung', width: 30 },
      { key: 'criticality', header: 'Kritikalität', width: 12 },
      { key: 'objectName', header: 'Objekt', width: 30 },
      { key: 'objectType', header: 'Objekttyp', width: 16 },
      { key: 'distinguishedName', header: 'Distinguished Name', width: 60 },
      { key: 'firstSeenAt', header: 'Erstmals gefunden', width: 20 },
      { key: 'hasException', header: 'Ausnahme', width: 10 },
      { key: 'exceptionReason', header: 'Grund der Ausnahme', width: 30 },
      { key: 'exceptionExpiresAt', header: 'Ausnahme gültig bis', width: 20 },
    ],
    rows: rows.map((row) => {
      const ioe = ioes.get(row.ioe_fk);
      const check = ioe ? checkBySlug(ioe.ioeType) : undefined;
      const criticality = ioe?.criticalityOverride ?? check?.criticality;
      return {
        check: check?.title ?? ioe?.ioeType ?? '',
        slug: ioe?.ioeType ?? '',
        criticality: criticality ? CRITICALITY_LABELS[criticality] : '',
        objectName: row.object_name,
        objectType: row.object_type,
        distinguishedName: row.distinguished_name,
        firstSeenAt: row.first_seen_at,
        hasException: row.exception_id_pk !== null,
        exceptionReason: row.reason,
        exceptionExpiresAt: row.expires_at,
      };
    }),
  };
}

/** The change history (AD and Entra ID), newest first. */
export async function changesTable(db: Db, clientId: string, range: TimeRange): Promise<ExportTable> {
  let query = clientDb(db, clientId)
    .selectFrom('change')
    .select(['timestamp', 'directory', 'distinguished_name', 'object_class', 'object_guid', 'property_name', 'old_value', 'new_value', 'is_ioa', 'is_ioe']);
  if (range.from) query = query.where('timestamp', '>=', range.from);
  if (range.to) query = query.where('timestamp', '<=', range.to);
  const rows = await query.orderBy('timestamp', 'desc').orderBy('rep_id_pk', 'desc').limit(MAX_EXPORT_ROWS).execute();
  return {
    title: 'Änderungen',
    fileName: 'aenderungen',
    columns: [
      { key: 'timestamp', header: 'Zeitpunkt', width: 20 },
      { key: 'directory', header: 'Verzeichnis', width: 16 },
      { key: 'distinguishedName', header: 'Objekt', width: 60 },
      { key: 'objectClass', header: 'Objektklasse', width: 16 },
      { key: 'objectGuid', header: 'Objekt-GUID', width: 38 },
      { key: 'propertyName', header: 'Attribut', width: 24 },
      { key: 'oldValue', header: 'Alter Wert', width: 40 },
      { key: 'newValue', header: 'Neuer Wert', width: 40 },
      { key: 'isIoa', header: 'Angriffsindikator (IoA)', width: 12 },
      { key: 'isIoe', header: 'Schwachstelle (IoE)', width: 12 },
    ],
    rows: rows.map((row) => ({
      timestamp: row.timestamp,
      directory: DIRECTORY_LABELS[row.directory] ?? row.directory,
      distinguishedName: row.distinguished_name,
      objectClass: row.object_class,
      objectGuid: row.object_guid,
      propertyName: row.property_name,
      oldValue: row.old_value,
      newValue: row.new_value,
      isIoa: row.is_ioa,
      isIoe: row.is_ioe,
    })),
  };
}

/** The security log: detected indicators of attack, newest first. */
export async function ioasTable(db: Db, clientId: string, range: TimeRange): Promise<ExportTable> {
  let query = clientDb(db, clientId)
    .selectFrom('ioa_event')
    .select(['occurred_at', 'severity', 'title', 'detector', 'distinguished_name', 'object_guid', sql<string>`evidence::text`.as('evidence')]);
  if (range.from) query = query.where('occurred_at', '>=', range.from);
  if (range.to) query = query.where('occurred_at', '<=', range.to);
  const rows = await query.orderBy('occurred_at', 'desc').orderBy('ioa_event_id_pk', 'desc').limit(MAX_EXPORT_ROWS).execute();
  return {
    title: 'Angriffsindikatoren',
    fileName: 'angriffsindikatoren',
    columns: [
      { key: 'occurredAt', header: 'Zeitpunkt', width: 20 },
      { key: 'severity', header: 'Schweregrad', width: 12 },
      { key: 'title', header: 'Angriff', width: 50 },
      { key: 'detector', header: 'Erkennung', width: 30 },
      { key: 'distinguishedName', header: 'Objekt', width: 60 },
      { key: 'objectGuid', header: 'Objekt-GUID', width: 38 },
      { key: 'evidence', header: 'Details', width: 60 },
    ],
    rows: rows.map((row) => ({
      occurredAt: row.occurred_at,
      severity: ALERT_SEVERITY_LABELS[row.severity as AlertSeverity] ?? row.severity,
      title: row.title,
      detector: row.detector,
      distinguishedName: row.distinguished_name,
      objectGuid: row.object_guid,
      evidence: row.evidence,
    })),
  };
}
