import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** No frame at all (SPEC layout "empty"): registration and the quick-check installer. */
export function EmptyLayout() {
  return (
    <Box mih="100vh" bg="gray.0">
      <Outlet />
    </Box>
  );
}
