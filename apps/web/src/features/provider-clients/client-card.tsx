import { BILLING_CYCLE_LABELS, type ClientCard as ClientCardData, COLLECTOR_HEALTH_LABELS, formatDate } from '@burgwall/shared';
import { ActionIcon, Avatar, Badge, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconDots, IconDownload, IconExternalLink, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { downloadReport } from '../../components/report-download';
import { Link } from 'react-router';

const SCORE_COLOUR: Record<ClientCardData['backgroundColour'], string> = { green: 'green', yellow: 'yellow', red: 'red', neutral: 'gray' };

/** One list card (SPEC §3): initials, title, address, score with colour and grade, collector health, subscription. */
export function ClientCard({ client, onDownload, onDelete }: { client: ClientCardData; onDownload: () => void; onDelete: () => void }) {
  const colour = SCORE_COLOUR[client.backgroundColour];
  const hasScore = client.securityScore >= 0;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="client-card" aria-label={client.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group wrap="nowrap" gap="md" style={{ minWidth: 0 }}>
          <Avatar size={48} radius="md" color={colour} variant="filled">
            {client.initials}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={650} truncate component={Link} to={`/client/${client.id}/dashboard`} c="dark.8" td="none">
              {client.title}
            </Text>
            <Text fz="sm" c="dimmed" truncate>
              {client.address || 'Kein Standort hinterlegt'}
            </Text>
          </Stack>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Aktionen für ${client.title}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={`/client/${client.id}/dashboard`} leftSection={<IconExternalLink size={16} />}>
              Öffnen
            </Menu.Item>
            <Menu.Item leftSection={<IconDownload size={16} />} onClick={onDownload}>
              Installer herunterladen
            </Menu.Item>
            <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={() => void downloadReport({ id: client.id, title: client.title })}>
              Bericht herunterladen
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              Kunde löschen
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group mt="lg" justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Sicherheitsbewertung
          </Text>
          <Group gap={8} align="baseline">
            <Text fz={30} fw={750} c={hasScore ? `${colour}.7` : 'dimmed'} data-testid="client-score">
              {hasScore ? Math.round(client.securityScore) : '–'}
            </Text>
            <Badge color={colour} variant="light" size="lg">
              {client.grade}
            </Badge>
          </Group>
        </Stack>
        <Tooltip label={COLLECTOR_HEALTH_LABELS[client.collectorHealth.colour]}>
          <Badge color={client.collectorHealth.colour === 'secondary' ? 'gray' : client.collectorHealth.colour} variant="dot">
            Collector
          </Badge>
        </Tooltip>
      </Group>
      <Group mt="md" gap="lg" fz="sm">
        <Text fz="xs" c="dimmed">
          {client.employeeCount ?? '–'} Mitarbeiter
        </Text>
        <Text fz="xs" c="dimmed">
          Abrechnung {BILLING_CYCLE_LABELS[client.billingCycle]}
        </Text>
        <Text fz="xs" c="dimmed">
          Laufzeit bis {formatDate(client.subscriptionEnd)}
        </Text>
      </Group>
    </Card>
  );
}
