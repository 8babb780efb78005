import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { buildMetaPlugin } from './vite/build-meta-plugin';
import { precompressPlugin } from './vite/precompress-plugin';

export default defineConfig({
  plugins: [react(), buildMetaPlugin(), precompressPlugin()],
  server: {
    proxy: {
      ...Object.fromEntries(
        ['/services', '/api', '/content', '/_ipx', '/your-endpoint-url'].map((path) => [path, 'http://localhost:3000']),
      ),
      // GraphQL over HTTP and its WebSocket subscriptions.
      '/v1': { target: 'http://localhost:3000', ws: true },
    },
  },
  // The manifest lets the bundle-budget test follow a route's chunks and their static imports.
  build: { manifest: true, chunkSizeWarningLimit: 500 },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
  },
});
