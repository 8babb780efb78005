/** Client side of „Support kontaktieren“ (SPEC §7 POST /saas/services/ticket). */
import type { SupportTicketAnswer, SupportTicketBody } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

export const sendSupportTicket = (body: SupportTicketBody) => apiCall<SupportTicketAnswer>('sendSupportTicket', { method: 'POST', path: '/saas/services/ticket', body });
