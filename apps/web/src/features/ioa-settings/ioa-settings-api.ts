/** Client side of the IoA detector settings (SPEC §7 /client/{clientUUID}/ioa/thresholds). */
import type { IoaDetector, IoaDetectorSettingBody, MessageAnswer } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getIoaThresholds = (clientUUID: string) => apiCall<IoaDetector[]>('getIoaThresholds', { path: '/client/{clientUUID}/ioa/thresholds', required: { clientUUID } });

/** Answers every detector, with the saved one updated. */
export const updateIoaThreshold = (clientUUID: string, detector: string, body: IoaDetectorSettingBody) =>
  apiCall<IoaDetector[]>('updateIoaThreshold', { method: 'PUT', path: '/client/{clientUUID}/ioa/thresholds/{detector}', required: { clientUUID, detector }, body });

export const resetIoaThresholds = (clientUUID: string) =>
  apiCall<MessageAnswer>('resetIoaThresholds', { method: 'POST', path: '/client/{clientUUID}/ioa/thresholds/reset', required: { clientUUID } });
