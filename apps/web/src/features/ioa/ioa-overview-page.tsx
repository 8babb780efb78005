import { formatDateTime } from '@burgwall/shared';
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAdjustments, IconListSearch, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/data-states';
import { PageHeader } from '../../components/page-header';
import { useGraphqlQuery } from '../../lib/api-query';
import { SeverityBadge, type Severity } from '../../components/severity-badge';

interface OverviewData {
  ioaDetectors: { slug: string; title: string; description: string; severity: Severity }[];
  ioaSummary: { detector: string; severity: Severity; count: number; lastOccurredAt: string }[];
}

const QUERY = `query IoaOverview($clientId: ID!, $since: DateTime!) {
  ioaDetectors { slug title description severity }
  ioaSummary(clientId: $clientId, since: $since) { detector severity count lastOccurredAt }
}`;

const DAYS = 30;

/** /client/{clientId}/ioa: every attack indicator Burgwall watches, with what it found in the last 30 days. */
export function IoaOverviewPage() {
  const { clientId = '' } = useParams();
  const [since] = useState(() => new Date(Date.now() - DAYS * 86_400_000).toISOString());
  const { data, errorMessage, isPending, refetch } = useGraphqlQuery<OverviewData>(QUERY, { clientId, since });

  const rows = (data?.ioaDetectors ?? []).map((detector) => {
    const hits = data?.ioaSummary.filter((row) => row.detector === detector.slug) ?? [];
    const count = hits.reduce((sum, row) => sum + row.count, 0);
    const last = hits.map((row) => row.lastOccurredAt).sort().at(-1) ?? null;
    return { ...detector, count, last };
  });
  rows.sort((a, b) => b.count - a.count);
  const total = rows.reduce((sum, row) => sum + row.count, 0);

  return (
    <>
      <PageHeader
        title="Angriffe (Indicators of Attack)"
        description={`Angriffsmuster, die Burgwall in den Verzeichnisänderungen erkennt – Treffer der letzten ${DAYS} Tage. Angriffe beeinflussen die Sicherheitsbewertung nicht.`}
        actions={
          <Group>
            <Button component={Link} to={`/client/${clientId}/settings/ioa/thresholds`} variant="light" leftSection={<IconAdjustments size={16} />}>
              Schwellenwerte anpassen
            </Button>
            <Button component={Link} to={`/client/${clientId}/security-log`} leftSection={<IconListSearch size={16} />}>
              Zum Sicherheitsprotokoll
            </Button>
          </Group>
        }
      />
      {isPending ? (
        <LoadingState />
      ) : errorMessage ? (
        <ErrorState message={errorMessage} onRetry={() => void refetch()} />
      ) : (
        <Stack>
          <Card withBorder radius="md" p="md">
            <Group>
              <ThemeIcon size={44} radius="xl" color={total > 0 ? 'red' : 'green'} variant="light">
                {total > 0 ? <IconShieldX size={24} /> : <IconShieldCheck size={24} />}
              </ThemeIcon>
              <div>
                <Text fw={700} size="lg" data-testid="ioa-total">
                  {total === 0 ? 'Keine Angriffe erkannt' : `${total} ${total === 1 ? 'Angriffsindikator' : 'Angriffsindikatoren'} erkannt`}
                </Text>
                <Text c="dimmed" size="sm">
                  {rows.length} Erkennungsregeln aktiv überwacht
                </Text>
              </div>
            </Group>
          </Card>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.map((row) => (
              <Card key={row.slug} withBorder radius="md" p="md" data-testid="ioa-detector-card">
                <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
                  <Text fw={600}>{row.title}</Text>
                  <SeverityBadge severity={row.severity} />
                </Group>
                <Text size="sm" c="dimmed" mb="sm">
                  {row.description}
                </Text>
                <Group justify="space-between">
                  <Text size="sm" fw={row.count > 0 ? 700 : 400} c={row.count > 0 ? 'red' : 'dimmed'}>
                    {row.count === 0 ? 'Keine Treffer' : `${row.count} ${row.count === 1 ? 'Treffer' : 'Treffer'}`}
                  </Text>
                  {row.last && (
                    <Text size="xs" c="dimmed">
                      zuletzt {formatDateTime(row.last)}
                    </Text>
                  )}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
