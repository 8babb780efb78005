import { Badge } from '@mantine/core';
import { CRITICALITIES, CRITICALITY_LABELS, type Criticality } from '@burgwall/shared';

export const CRITICALITY_LABEL = CRITICALITY_LABELS;
export const CRITICALITY_COLOUR: Record<Criticality, string> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'blue' };
export const CRITICALITY_ORDER: readonly Criticality[] = CRITICALITIES;
export const CRITICALITY_RANK: Record<Criticality, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export function CriticalityBadge({ criticality }: { criticality: Criticality }) {
  return (
    <Badge color={CRITICALITY_COLOUR[criticality]} variant={criticality === 'critical' ? 'filled' : 'light'} data-criticality={criticality}>
      {CRITICALITY_LABEL[criticality]}
    </Badge>
  );
}

export const CATEGORY_LABEL: Record<string, string> = {
  'privileged-accounts': 'Privilegierte Konten',
  accounts: 'Konten',
  kerberos: 'Kerberos',
  'group-policy': 'Gruppenrichtlinien',
  'domain-configuration': 'Domänenkonfiguration',
  secrets: 'Kennwörter und Geheimnisse',
  'certificate-services': 'Zertifikatdienste (AD CS)',
  entra: 'Entra ID',
};
