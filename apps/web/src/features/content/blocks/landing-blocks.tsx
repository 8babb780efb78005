import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity, IconBuildingStore, IconShieldCheck, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image';
import { Blocks } from '../block-renderer';
import type { AssetField, ContentBlock } from '../content-types';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Icons editors can choose by name; an unknown name falls back to a neutral icon. */
const FEATURE_ICONS: Record<string, ReactNode> = {
  'shield-check': <IconShieldCheck size={22} />,
  activity: <IconActivity size={22} />,
  'building-store': <IconBuildingStore size={22} />,
};

export function PageBlock({ block }: { block: ContentBlock }) {
  return (
    <Container size="lg" py={64}>
      <Stack gap={48}>
        <Blocks blocks={block.body} />
      </Stack>
    </Container>
  );
}

export function HeroBlock({ block }: { block: ContentBlock }) {
  const image = block.image as AssetField | undefined;
  return (
    <SimpleGrid cols={{ base: 1, md: image?.filename ? 2 : 1 }} spacing={48} style={{ alignItems: 'center' }}>
      <Stack gap="md" maw={720}>
        {text(block.badge) && (
          <Badge variant="light" size="lg">
            {text(block.badge)}
          </Badge>
        )}
        {/* Scales down on a phone and hyphenates long German words („Sicherheitsbewertung“) instead of overflowing. */}
        <Title order={1} fz={{ base: 30, sm: 44 }} lh={1.15} lang="de" style={{ hyphens: 'auto', overflowWrap: 'break-word' }}>
          {text(block.title)}
        </Title>
        <Text fz="lg" c="dimmed">
          {text(block.text)}
        </Text>
        <Group>
          <Blocks blocks={block.actions} />
        </Group>
      </Stack>
      {image?.filename && (
        <ResponsiveImage
          src={image.filename}
          alt={image.alt ?? ''}
          maxWidth={640}
          eager
          radius="lg"
          style={{ boxShadow: 'var(--mantine-shadow-lg)', border: '1px solid var(--mantine-color-gray-2)' }}
        />
      )}
    </SimpleGrid>
  );
}

export function LinkButtonBlock({ block }: { block: ContentBlock }) {
  const variant = block.variant === 'default' ? 'default' : 'filled';
  return (
    <Button size="md" variant={variant} component={Link} to={text(block.href) || '/'}>
      {text(block.label)}
    </Button>
  );
}

export function FeatureGridBlock({ block }: { block: ContentBlock }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <Blocks blocks={block.features} />
    </SimpleGrid>
  );
}

export function FeatureBlock({ block }: { block: ContentBlock }) {
  return (
    <Card withBorder padding="lg" radius="lg">
      <ThemeIcon variant="light" size={42} radius="md" mb="md">
        {FEATURE_ICONS[text(block.icon)] ?? <IconSparkles size={22} />}
      </ThemeIcon>
      <Text fw={650} mb={6}>
        {text(block.title)}
      </Text>
      <Text c="dimmed" fz="sm">
        {text(block.text)}
      </Text>
    </Card>
  );
}
