/** Reads of the client dashboard beyond the IoE states. */
import type { ScoreActions } from '@burgwall/shared';
import { apiCall } from '../../lib/api-client';

/** The open checks whose fix raises the score most (computed on the server from the score model). */
export const getScoreActions = (clientUUID: string) => apiCall<ScoreActions>('getScoreActions', { path: '/client/{clientUUID}/ioe/score-actions', required: { clientUUID } });
