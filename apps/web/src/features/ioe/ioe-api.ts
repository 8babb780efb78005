/** Client side of the IoE routes (SPEC §7 "Findings and scoring"). */
import { apiRequest } from '../../lib/api-client';

export type Criticality = 'critical' | 'high' | 'medium' | 'low';

export interface ThresholdSetting {
  key: string;
  label: string;
  unit: string;
  value: number;
  default: number;
  min: number;
  max: number;
}

export interface IoeState {
  ioeIdPk: string;
  ioeType: string;
  title: string;
  description: string;
  category: string;
  directory: 'ad' | 'entra';
  criticality: Criticality;
  defaultCriticality: Criticality;
  scoreImpact: number;
  totalFindingsCount: number;
  totalExceptionsCount: number;
  allFindingsHaveException: boolean;
  setting: {
    criticalityOverride: Criticality | null;
    thresholds: ThresholdSetting[];
    isDisabled: boolean;
    disabledReason: string | null;
    disabledComment: string | null;
    disabledUserUid: string | null;
  };
  skippedReason: string | null;
  isActive: boolean;
  lastEvaluatedAt: string | null;
}

export interface IoeStates {
  adConnected: boolean;
  entraConnected: boolean;
  score: { score: number; grade: string; colour: 'green' | 'yellow' | 'red' | 'neutral' } | null;
  lastEvaluatedAt: string | null;
  ioe: IoeState[];
}

export interface FindingException {
  exceptionId: string;
  reason: string;
  comment: string | null;
  createdBy: string | null;
  expiresAt: string | null;
  isExpired: boolean;
}

export interface Finding {
  findingId: string;
  objectKey: string;
  objectType: string;
  objectName: string;
  distinguishedName: string | null;
  evidence: string;
  firstSeenAt: string;
  exception: FindingException | null;
}

export interface FindingsResponse {
  ioe: IoeState;
  details: { whyItMatters: string; remediation: string[]; category: string };
  total: number;
  findings: Finding[];
}

export interface ExceptionRow extends FindingException {
  ioeIdPk: string;
  ioeType: string;
  ioeTitle: string;
  objectKey: string;
  objectName: string;
  createdAt: string;
}

export interface ScorePoint {
  score: number;
  grade: string;
  openFindings: number;
  computedAt: string;
}

export const getIoeStates = (clientUUID: string) =>
  apiRequest<IoeStates>('getIoeStates', { path: '/client/{clientUUID}/ioe/states', required: { clientUUID } });

export const getFindings = (clientUUID: string, slug: string, limit = 500) =>
  apiRequest<FindingsResponse>('getFindings', {
    // The slug may contain slashes: each segment is encoded, the slashes stay.
    path: `/client/{clientUUID}/ioe/findings/${slug.split('/').map(encodeURIComponent).join('/')}`,
    required: { clientUUID },
    query: { limit },
  });

export const getExceptions = (clientUUID: string) =>
  apiRequest<{ exceptions: ExceptionRow[] }>('getExceptions', { path: '/client/{clientUUID}/ioe/exceptions', required: { clientUUID } });

export const getScoreHistory = (clientUUID: string) =>
  apiRequest<{ history: ScorePoint[] }>('getScoreHistory', { path: '/client/{clientUUID}/ioe/score-history', required: { clientUUID } });

export interface NewException {
  objectKey: string;
  reason: string;
  comment?: string | null;
  expiresAt?: string | null;
}

export const createException = (clientUUID: string, ioeId: string, body: NewException) =>
  apiRequest<{ exceptionId: string; score: number }>('createException', {
    method: 'POST',
    path: '/client/{clientUUID}/ioe/{ioeId}/exceptions',
    required: { clientUUID, ioeId },
    body,
  });

export const deleteException = (clientUUID: string, exceptionId: string) =>
  apiRequest<{ message: string }>('deleteException', {
    method: 'DELETE',
    path: '/client/{clientUUID}/ioe/exceptions/{exceptionId}',
    required: { clientUUID, exceptionId },
  });

export interface IoeUpdate {
  is_disabled?: boolean;
  disabled_reason?: string | null;
  disabled_comment?: string | null;
  criticality?: Criticality | null;
  thresholds?: Record<string, number>;
}

export const updateIoe = (clientUUID: string, ioeId: string, body: IoeUpdate) =>
  apiRequest<{ ioe: IoeState }>('updateIoe', { method: 'POST', path: '/client/{clientUUID}/ioe/{ioeId}', required: { clientUUID, ioeId }, body });

export const resetCriticalities = (clientUUID: string) =>
  apiRequest('resetCriticalities', { method: 'POST', path: '/client/{clientUUID}/ioe/criticalities/reset', required: { clientUUID } });

export const resetThresholds = (clientUUID: string) =>
  apiRequest('resetThresholds', { method: 'POST', path: '/client/{clientUUID}/ioe/thresholds/reset', required: { clientUUID } });

export const rescan = (clientUUID: string) =>
  apiRequest<{ status: string; score: number }>('rescan', { method: 'POST', path: '/client/{clientUUID}/audit/rescan', required: { clientUUID } });
