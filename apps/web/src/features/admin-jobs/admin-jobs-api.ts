/** Client side of the admin job-queue routes (issue 15, /admin/jobs). */
import type { AdminJobRetryAnswer, AdminJobsAnswer } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const getAdminJobs = () => apiCall<AdminJobsAnswer>('getAdminJobs', { path: '/admin/jobs' });

export const retryAdminJob = (queue: string, id: string) =>
  apiCall<AdminJobRetryAnswer>('retryAdminJob', { method: 'POST', path: '/admin/jobs/{queue}/{id}/retry', required: { queue, id }, body: {} });

/** „seit 5 Min.“: how long the oldest job has been waiting. */
export function formatWaiting(seconds: number): string {
  if (seconds < 60) return 'unter 1 Min.';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} Min.`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} Std. ${Math.floor((seconds % 3600) / 60)} Min.`;
  const days = Math.floor(seconds / 86_400);
  return days === 1 ? '1 Tag' : `${days} Tage`;
}
