import { Badge } from '@mantine/core';

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';

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
