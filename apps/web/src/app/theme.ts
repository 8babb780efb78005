import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'burg',
  colors: {
    burg: [
      '#eaf2fb',
      '#d3e2f3',
      '#a6c3e6',
      '#76a2d9',
      '#4f86cd',
      '#3774c6',
      '#2a6ac4',
      '#1c59ad',
      '#134f9b',
      '#004389',
    ],
  },
  fontFamily: '"Inter Variable", Inter, "Segoe UI", system-ui, -apple-system, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    // Badges carry short labels („Kritisch“, „Information“): they keep their full width instead of being squeezed
    // into „KRITIS…“ by a narrow table cell or flex row; long free text does not belong in a badge.
    Badge: Badge.extend({ styles: { root: { flexShrink: 0, maxWidth: 'none' } } }),
  },
});
