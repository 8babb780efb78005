import type { TestProject } from 'vitest/node';
import { findOrStartPostgres } from './postgres-server';

/** Vitest global setup: finds a PostgreSQL server; each test file makes its own database on it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await findOrStartPostgres();
  project.provide('adminDatabaseUrl', server.adminUrl);
  return server.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
