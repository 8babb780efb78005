import { computeScore } from '@burgwall/checks';
import type { ScoreActions } from '@burgwall/shared';
import type { Db } from '../db/database';
import { counts, loadScoredChecks } from './score-inputs';

/** How many actions the dashboard lists. */
export const TOP_ACTIONS = 5;

/**
 * The checks whose fix raises the score most: for each check with open findings, the score of the same model if its
 * findings were fixed. Only real gains are listed: while several critical checks are open, fixing one alone keeps the
 * cap at 69 and gains nothing.
 */
export async function loadScoreActions(db: Db, clientId: string): Promise<ScoreActions> {
  const inputs = await loadScoredChecks(db, clientId);
  // Before the first evaluation there is no score to improve.
  if (!inputs.some((input) => input.evaluated)) return { score: null, actions: [] };
  const current = computeScore(inputs).score;
  const actions = inputs
    .filter((input) => counts(input) && input.openFindings > 0)
    .map((input) => {
      const scoreIfFixed = computeScore(inputs.map((other) => (other === input ? { ...other, openFindings: 0 } : other))).score;
      return { input, scoreIfFixed, gain: scoreIfFixed - current };
    })
    .filter((action) => action.gain > 0)
    .sort((a, b) => b.gain - a.gain || b.input.scoreImpact - a.input.scoreImpact || a.input.check.slug.localeCompare(b.input.check.slug))
    .slice(0, TOP_ACTIONS);
  return {
    score: current,
    actions: actions.map(({ input, scoreIfFixed, gain }) => ({
      ioeType: input.check.slug,
      title: input.check.title,
      criticality: input.criticality,
      openFindings: input.openFindings,
      scoreIfFixed,
      gain,
    })),
  };
}
