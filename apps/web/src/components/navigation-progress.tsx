import { Box } from '@mantine/core';
import { useNavigation } from 'react-router';

/** A thin bar at the top while a route change loads (SPEC §4 page-loading state). */
export function NavigationProgress() {
  const loading = useNavigation().state !== 'idle';
  return (
    <Box
      role="progressbar"
      aria-label="Seite wird geladen"
      aria-hidden={!loading}
      data-loading={loading || undefined}
      data-testid="page-loading"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 1000,
        height: 3,
        width: loading ? '80%' : '100%',
        opacity: loading ? 1 : 0,
        background: 'var(--mantine-color-burg-5)',
        boxShadow: '0 0 8px var(--mantine-color-burg-4)',
        transition: loading ? 'width 8s cubic-bezier(.1,.7,.2,1)' : 'width 200ms ease, opacity 300ms ease 200ms',
        pointerEvents: 'none',
      }}
    />
  );
}
