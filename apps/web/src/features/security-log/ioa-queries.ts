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

export const IOA_EVENTS_QUERY = `query SecurityLog($clientId: ID!, $after: String, $severity: IoaSeverity) {
  ioaEvents(clientId: $clientId, first: 50, after: $after, severity: $severity) {
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
