/** Client side of the IoE routes (SPEC §7 "Findings and scoring"). */
import type {
  FindingChangesAnswer,
  CollectorExecutables,
  CollectorKey,
  CriticalitiesResetAnswer,
  ExceptionCreateBody,
  ExceptionCreated,
  ExceptionsAnswer,
  FindingsAnswer,
  IoeStates,
  IoeUpdateAnswer,
  IoeUpdateBody,
  MessageAnswer,
  RescanAnswer,
  RescanQueued,
  ScoreHistory,
  ThresholdsResetAnswer,
} from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getIoeStates = (clientUUID: string) => apiCall<IoeStates>('getIoeStates', { path: '/client/{clientUUID}/ioe/states', required: { clientUUID } });

/**
 * The first 1,000 affected objects (open ones by name, then those with an exception): the finding page sorts, filters
 * and pages them in the browser and says when there are more (the export has all). 5,000 rows — the route's maximum —
 * were ~1.5 MB per visit and missed the 100 ms goal on a large domain (bench/README.md, bench/scale).
 */
export const getFindings = (clientUUID: string, slug: string, limit = 1000) =>
  apiCall<FindingsAnswer>('getFindings', {
    // The slug may contain slashes: each segment is encoded, the slashes stay.
    path: `/client/{clientUUID}/ioe/findings/${slug.split('/').map(encodeURIComponent).join('/')}`,
    required: { clientUUID },
    query: { limit },
  });

export const getExceptions = (clientUUID: string) =>
  apiCall<ExceptionsAnswer>('getExceptions', { path: '/client/{clientUUID}/ioe/exceptions', required: { clientUUID } });

export const getScoreHistory = (clientUUID: string) =>
  apiCall<ScoreHistory>('getScoreHistory', { path: '/client/{clientUUID}/ioe/score-history', required: { clientUUID } });

export const getFindingChanges = (clientUUID: string) =>
  apiCall<FindingChangesAnswer>('getFindingChanges', { path: '/client/{clientUUID}/ioe/changes', required: { clientUUID }, query: { limit: 8 } });

export const createException = (clientUUID: string, ioeId: string, body: ExceptionCreateBody) =>
  apiCall<ExceptionCreated>('createException', {
    method: 'POST',
    path: '/client/{clientUUID}/ioe/{ioeId}/exceptions',
    required: { clientUUID, ioeId },
    body,
  });

export const deleteException = (clientUUID: string, exceptionId: string) =>
  apiCall<MessageAnswer>('deleteException', {
    method: 'DELETE',
    path: '/client/{clientUUID}/ioe/exceptions/{exceptionId}',
    required: { clientUUID, exceptionId },
  });

export const updateIoe = (clientUUID: string, ioeId: string, body: IoeUpdateBody) =>
  apiCall<IoeUpdateAnswer>('updateIoe', { method: 'POST', path: '/client/{clientUUID}/ioe/{ioeId}', required: { clientUUID, ioeId }, body });

export const resetCriticalities = (clientUUID: string) =>
  apiCall<CriticalitiesResetAnswer>('resetCriticalities', { method: 'POST', path: '/client/{clientUUID}/ioe/criticalities/reset', required: { clientUUID } });

export const resetThresholds = (clientUUID: string) =>
  apiCall<ThresholdsResetAnswer>('resetThresholds', { method: 'POST', path: '/client/{clientUUID}/ioe/thresholds/reset', required: { clientUUID } });

/** 200 with the new score, or 202 when a large domain is evaluated as a job (the page then follows the states). */
export const rescan = (clientUUID: string) => apiCall<RescanAnswer | RescanQueued>('rescan', { method: 'POST', path: '/client/{clientUUID}/audit/rescan', required: { clientUUID } });

/** The client's collector keys: the onboarding steps show whether a collector was activated (bound to a machine). */
export const getCollectorActivations = (clientUUID: string) =>
  apiCall<CollectorKey[]>('getCollectorActivations', { path: '/client/{clientUUID}/collector/keys', required: { clientUUID } });

/** Version and SHA-256 of the collector programs this server ships (shown with the installer's contents). */
export const getCollectorExecutables = () => apiCall<CollectorExecutables>('getCollectorExecutables', { path: '/saas/services/executables' });

/** Reads an IoE change (exception, enabling/disabling, criticality, thresholds) makes stale: the score moves with them. */
export const IOE_READS = { operations: ['getIoeStates', 'getFindings', 'getExceptions', 'getScoreHistory', 'getFindingChanges'] } as const;
