import { Button, Group } from '@mantine/core';

/** "Load older entries" under a keyset-paged list; shown only while the server has more. */
export function LoadMoreButton({
  hasNextPage,
  loading,
  onLoad,
  label,
}: {
  hasNextPage: boolean;
  loading: boolean;
  onLoad: () => Promise<void> | void;
  label: string;
}) {
  if (!hasNextPage) return null;
  return (
    <Group justify="center" mt="md">
      <Button variant="light" loading={loading} onClick={() => void onLoad()}>
        {label}
      </Button>
    </Group>
  );
}
