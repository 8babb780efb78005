import { type CollectorExecutables, INSTALLER_COMMANDS, INSTALLER_FILES } from '@burgwall/shared';
import { Box, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';

/**
 * What the installer zip holds and the one command per system — rendered from the same list the server builds the
 * zip from (@burgwall/shared INSTALLER_FILES), so the page always describes the actual download. With `executables`
 * (GET /saas/services/executables) each program shows the SHA-256 the server's build has, to check the unpacked files.
 */
export function InstallerContents({ executables }: { executables?: CollectorExecutables | null }) {
  const checksum = (name: string) => executables?.executables.find((file) => file.name === name && file.available)?.sha256 ?? null;
  return (
    <Stack gap="sm" data-testid="installer-contents">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {(['Windows', 'Linux'] as const).map((system) => (
          <Stack key={system} gap={2}>
            <Text size="sm" fw={600}>
              {system === 'Windows' ? 'Windows: PowerShell als Administrator' : 'Linux mit systemd: als root'}
            </Text>
            <Code>{INSTALLER_COMMANDS[system]}</Code>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Der Einrichtungsassistent fragt Domänencontroller, LDAPS oder StartTLS, LDAP-Konto und Passwort ab, prüft jeden Schritt und aktiviert den Collector.
      </Text>
      <Text size="sm" fw={600}>
        Im ZIP enthalten{executables ? ` (Collector-Version ${executables.version})` : ''}
      </Text>
      {/* A stacked list, not a table: file names and descriptions stay whole on a 390 px phone. */}
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {INSTALLER_FILES.map((file) => (
          <Box key={file.name} component="li">
            <Group gap={6} wrap="wrap">
              <Code style={{ wordBreak: 'keep-all', whiteSpace: 'nowrap' }}>{file.name}</Code>
              <Text span c="dimmed" size="xs">
                {file.system}
              </Text>
            </Group>
            <Text size="sm">{file.description}</Text>
            {checksum(file.name) && (
              <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="installer-checksum">
                SHA-256: {checksum(file.name)}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
