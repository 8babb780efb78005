import type { Severity } from '../../components/severity-badge';

export interface IoaEvent {
  id: string;
  detector: string;
  detectorTitle: string;
  severity: Severity;
  title: string;
  evidence: Record<string, unknown>;
  distinguishedName: string;
  objectGuid: string;
  occurredAt: string;
}

const FIELDS = 'id detector detectorTitle severity title evidence distinguishedName objectGuid occurredAt';

export const IOA_EVENTS_QUERY = `query SecurityLog($clientId: ID!, $after: String, $severity: IoaSeverity, $detector: String, $from: DateTime, $to: DateTime, $order: TimeOrder) {
  ioaEvents(clientId: $clientId, first: 50, after: $after, severity: $severity, detector: $detector, from: $from, to: $to, order: $order) {
    nodes { ${FIELDS} }
    pageInfo { endCursor hasNextPage }
  }
}`;

export const IOA_EVENTS_SUBSCRIPTION = `subscription LiveSecurityLog($clientId: ID!) {
  ioaEvents(clientId: $clientId) { ${FIELDS} }
}`;

export interface IoaEventPage {
  ioaEvents: { nodes: IoaEvent[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

/** The filters of the security log (all optional); the server applies them. */
export interface IoaEventFilter {
  severity: Severity | null;
  detector: string | null;
  from: string | null;
  to: string | null;
}

/** Whether a live event belongs to the list a filter shows. */
export function matchesFilter(event: IoaEvent, filter: IoaEventFilter): boolean {
  if (filter.severity && event.severity !== filter.severity) return false;
  if (filter.detector && event.detector !== filter.detector) return false;
  if (filter.from && event.occurredAt < filter.from) return false;
  return !(filter.to && event.occurredAt > filter.to);
}

export const IOA_DETECTORS_QUERY = `query IoaDetectorNames {
  ioaDetectors { slug title }
}`;

export interface IoaDetectorNames {
  ioaDetectors: { slug: string; title: string }[];
}
