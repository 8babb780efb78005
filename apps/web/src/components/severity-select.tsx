import { Select } from '@mantine/core';
import { SEVERITY_LABEL, type Severity } from './severity-badge';

/** „Schweregrad“ filter of the lists of attacks (empty: all severities). */
export function SeveritySelect({ value, onChange }: { value: Severity | null; onChange: (severity: Severity | null) => void }) {
  return (
    <Select
      label="Schweregrad"
      placeholder="Alle Schweregrade"
      clearable
      w={200}
      data={Object.entries(SEVERITY_LABEL).map(([severity, label]) => ({ value: severity, label }))}
      value={value}
      onChange={(next) => onChange(next as Severity | null)}
    />
  );
}
