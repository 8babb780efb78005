import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks matchMedia and ResizeObserver, which Mantine uses. (Tests in the node environment have no window.)
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Unmounts what each test rendered (Testing Library does this by itself only with vitest's globals, which are off):
// a tree left mounted let React's scheduler run after the file's jsdom was torn down — "window is not defined", an
// unhandled error that failed a CI run although every test had passed.
if (typeof window !== 'undefined') afterEach(cleanup);
