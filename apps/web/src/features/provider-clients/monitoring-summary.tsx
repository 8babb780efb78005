import type { ClientCard } from '@burgwall/shared';
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

const BANDS = [
  { colour: 'green', label: 'Grün (ab 85)', mantine: 'green' },
  { colour: 'yellow', label: 'Gelb (70–84)', mantine: 'yellow' },
  { colour: 'red', label: 'Rot (unter 70)', mantine: 'red' },
  { colour: 'neutral', label: 'Noch ohne Bewertung', mantine: 'gray' },
] as const;

function ClientLinks({ clients, empty }: { clients: ClientCard[]; empty: string }) {
  if (clients.length === 0) return <Text fz="sm" c="dimmed">{empty}</Text>;
  return (
    <Stack gap={4}>
      {clients.map((client) => (
        <Anchor key={client.id} component={Link} to={`/client/${client.id}/dashboard`} fz="sm" truncate>
          {client.title} {client.securityScore >= 0 && `(${Math.round(client.securityScore)})`}
        </Anchor>
      ))}
    </Stack>
  );
}

/**
 * The provider's morning view above the client cards: average score, clients per colour band,
 * clients in the red band and clients whose collector is silent, each linking into the client.
 */
export function MonitoringSummary({ clients }: { clients: ClientCard[] }) {
  const scored = clients.filter((client) => client.securityScore >= 0);
  const average = scored.length ? Math.round(scored.reduce((sum, client) => sum + client.securityScore, 0) / scored.length) : null;
  const atRisk = scored.filter((client) => client.backgroundColour === 'red').sort((a, b) => a.securityScore - b.securityScore);
  const silent = clients.filter((client) => client.collectorHealth.colour === 'red');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="lg" data-testid="monitoring-summary">
      <Card withBorder padding="md">
        <Text fz="sm" c="dimmed">Durchschnittliche Bewertung</Text>
        <Text fz={32} fw={750} data-testid="average-score">{average ?? '–'}</Text>
        <Text fz="xs" c="dimmed">über {scored.length} bewertete Kunden</Text>
      </Card>
      <Card withBorder padding="md">
        <Text fz="sm" c="dimmed" mb={6}>Kunden nach Bewertung</Text>
        <Stack gap={4}>
          {BANDS.map((band) => (
            <Group key={band.colour} justify="space-between" wrap="nowrap">
              <Text fz="sm" c={`${band.mantine}.8`}>{band.label}</Text>
              <Text fz="sm" fw={700}>{clients.filter((client) => client.backgroundColour === band.colour).length}</Text>
            </Group>
          ))}
        </Stack>
      </Card>
      <Card withBorder padding="md" data-testid="clients-at-risk">
        <Text fz="sm" c="dimmed" mb={6}>Kunden mit roter Bewertung</Text>
        <ClientLinks clients={atRisk} empty="Kein Kunde im roten Bereich." />
      </Card>
      <Card withBorder padding="md" data-testid="collectors-silent">
        <Text fz="sm" c="dimmed" mb={6}>Collector meldet sich nicht</Text>
        <ClientLinks clients={silent} empty="Alle Collectoren melden sich." />
      </Card>
    </SimpleGrid>
  );
}
