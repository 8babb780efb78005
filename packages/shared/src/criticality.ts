/** Criticality of a check (indicator of exposure), most severe first: the one definition for checks, server and web. */
export const CRITICALITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Criticality = (typeof CRITICALITIES)[number];

/** German names of the criticalities, as the UI and the PDF report show them. */
export const CRITICALITY_LABELS: Record<Criticality, string> = {
  critical: 'Kritisch',
  high: 'Hoch',
  medium: 'Mittel',
  low: 'Niedrig',
};
