import type { IoaSeverity } from '@burgwall/shared';
import { Badge } from '@mantine/core';

/** Severity of an IoA detector or event, as the API sends it. */
export type Severity = IoaSeverity;

export const SEVERITY_LABEL: Record<Severity, string> = {
  critical: 'Kritisch',
  high: 'Hoch',
  medium: 'Mittel',
  low: 'Niedrig',
  info: 'Information',
};

const SEVERITY_COLOUR: Record<Severity, string> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'blue', info: 'gray' };

export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <Badge color={SEVERITY_COLOUR[severity]} variant={severity === 'critical' ? 'filled' : 'light'} miw={90}>
      {SEVERITY_LABEL[severity]}
    </Badge>
  );
}
