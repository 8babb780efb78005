import { z } from 'zod';
import { CRITICALITIES } from '../criticality';

/** GET /client/{clientUUID}/ioe/score-actions: the open checks whose fix raises the score most, biggest gain first. */
export const scoreActionsSchema = z.object({
  score: z.number().nullable().describe('Aktuelle Bewertung nach dem Bewertungsmodell'),
  actions: z.array(
    z.object({
      ioeType: z.string(),
      title: z.string(),
      criticality: z.enum(CRITICALITIES),
      openFindings: z.number().int(),
      scoreIfFixed: z.number().describe('Bewertung, wenn alle offenen Befunde dieser Prüfung behoben sind'),
      gain: z.number().describe('Punkte, die die Behebung bringt'),
    }),
  ),
});
export type ScoreActions = z.infer<typeof scoreActionsSchema>;
