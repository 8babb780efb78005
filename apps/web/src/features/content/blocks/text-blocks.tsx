import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import type { ContentBlock } from '../content-types';
import { RichText } from '../rich-text';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Privacy and imprint pages. */
export function LegalPageBlock({ block }: { block: ContentBlock }) {
  return (
    <Container size="md" py={56}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack gap={4} mb="lg">
          <Title order={1}>{text(block.title)}</Title>
          {text(block.updated) && (
            <Text c="dimmed" fz="sm">
              {text(block.updated)}
            </Text>
          )}
        </Stack>
        <RichText doc={block.body} imageOptions={{ format: 'webp' }} />
      </Paper>
    </Container>
  );
}

/** A help text, embedded where the product explains something. */
export function HelpTextBlock({ block }: { block: ContentBlock }) {
  return (
    <Stack gap="xs">
      <Title order={3}>{text(block.title)}</Title>
      <RichText doc={block.body} />
    </Stack>
  );
}

/** Why a finding matters and what to do, editable by content editors. */
export function FindingExplanationBlock({ block }: { block: ContentBlock }) {
  return (
    <Stack gap="sm">
      <RichText doc={block.risk} />
      <Alert variant="light" icon={<IconTool size={18} />} title="Empfohlene Maßnahme">
        <RichText doc={block.remediation} />
      </Alert>
    </Stack>
  );
}
