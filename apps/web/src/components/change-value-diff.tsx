import { Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { changeDiff } from './change-values';

const LINE_STYLE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'var(--mantine-font-family-monospace)' } as const;

function Missing() {
  return (
    <Text c="dimmed" size="sm">
      –
    </Text>
  );
}

/** Old → new of one change, decoded; every value shown in full (wrapped, never cut). */
export function ChangeValueDiff({ property, oldValue, newValue }: { property: string; oldValue: string | null; newValue: string | null }) {
  const diff = changeDiff(property, oldValue, newValue);
  if (diff.kind === 'single') {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start" data-testid="change-diff">
        {diff.before === null ? <Missing /> : <Text size="sm" c="red.8" td="line-through" style={LINE_STYLE} data-diff="old">{diff.before}</Text>}
        <IconArrowRight size={14} style={{ flexShrink: 0, marginTop: 4 }} aria-label="wird zu" />
        {diff.after === null ? <Missing /> : <Text size="sm" c="green.8" style={LINE_STYLE} data-diff="new">{diff.after}</Text>}
      </Group>
    );
  }
  return (
    <Stack gap={2} data-testid="change-diff">
      {diff.removed.map((line) => (
        <Text key={`-${line}`} size="sm" c="red.8" bg="red.0" px={4} style={LINE_STYLE} data-diff="removed">
          − {line}
        </Text>
      ))}
      {diff.added.map((line) => (
        <Text key={`+${line}`} size="sm" c="green.8" bg="green.0" px={4} style={LINE_STYLE} data-diff="added">
          + {line}
        </Text>
      ))}
      {diff.unchanged > 0 && (
        <Text size="xs" c="dimmed">
          {diff.unchanged === 1 ? '1 Wert unverändert' : `${diff.unchanged} Werte unverändert`}
        </Text>
      )}
      {diff.removed.length === 0 && diff.added.length === 0 && diff.unchanged === 0 && <Missing />}
    </Stack>
  );
}
