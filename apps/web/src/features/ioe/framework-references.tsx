import { Badge, Group, Text } from '@mantine/core';
import type { IoeState } from '@burgwall/shared';

export type Framework = keyof IoeState['references'];

export const FRAMEWORK_LABEL: Record<Framework, string> = { mitre: 'MITRE ATT&CK', bsi: 'BSI IT-Grundschutz', anssi: 'ANSSI' };
const FRAMEWORK_ORDER: Framework[] = ['mitre', 'bsi', 'anssi'];

/** The check's framework references as labelled badges (finding page). */
export function FrameworkReferences({ references }: { references: IoeState['references'] }) {
  const present = FRAMEWORK_ORDER.filter((framework) => references[framework].length > 0);
  if (present.length === 0) return null;
  return (
    <div data-testid="framework-references">
      {present.map((framework) => (
        <Group key={framework} gap={6} mt={6} wrap="wrap">
          <Text fz="xs" c="dimmed" w={130}>
            {FRAMEWORK_LABEL[framework]}
          </Text>
          {references[framework].map((id) => (
            <Badge key={id} variant="light" color="gray" tt="none">
              {id}
            </Badge>
          ))}
        </Group>
      ))}
    </div>
  );
}
