import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Node loads graphql's CommonJS build (its package.json has no "exports"), Vite would pick the ES build: two realms,
// and a schema built by Pothos (external, CommonJS) could not be validated by the server's own graphql imports.
const graphqlAsNodeLoadsIt = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          alias: [{ find: /^graphql$/, replacement: graphqlAsNodeLoadsIt }],
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/collector/src/**/*.test.ts', 'test-support/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test-support/global-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
