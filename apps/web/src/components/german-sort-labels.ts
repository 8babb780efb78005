import { type RefObject, useLayoutEffect } from 'react';

const GERMAN: Record<string, string> = {
  'Not sorted': 'nicht sortiert',
  'Sorted ascending': 'aufsteigend sortiert',
  'Sorted descending': 'absteigend sortiert',
};

/**
 * mantine-datatable names its sort icons in English (hard-coded aria-labels, no option to change them); screen
 * readers and the header buttons' names would read „Prüfung Not sorted“. Renamed after every render of the table.
 */
export function useGermanSortLabels(root: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    for (const icon of root.current?.querySelectorAll<HTMLElement>('[aria-label^="Not sorted"], [aria-label^="Sorted "]') ?? []) {
      const label = icon.getAttribute('aria-label') ?? '';
      if (GERMAN[label]) icon.setAttribute('aria-label', GERMAN[label]);
    }
  });
}
