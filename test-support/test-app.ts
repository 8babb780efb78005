import type { MainRole } from '@burgwall/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import type { IssueInput } from '../apps/server/src/auth/access-token';
import { loadConfig } from '../apps/server/src/config';
import { createServices, type Services } from '../apps/server/src/services';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The tests' own APP_SECRET (the public development value is refused outside APP_ENV=dev). */
export const TEST_APP_SECRET = 'burgwall-test-secret-0123456789';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  /** A real access token signed by the app's own key. */
  tokenFor(input: Partial<IssueInput> & Pick<IssueInput, 'roles'>): Promise<string>;
  /** Authorization + x-hasura-role headers for a caller with the given main role and organisation. */
  headersFor(role: MainRole, orgId: string | null, extra?: Partial<IssueInput>): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** The real Fastify app on a fresh, migrated database of its own (use `app.inject` or `app.listen`). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false', APP_SECRET: TEST_APP_SECRET, ...env });
  const services = await createServices(config, database.db);
  const app = await buildApp(services);
  const tokenFor: TestApp['tokenFor'] = (input) =>
    services.tokens.issue({
      userId: input.userId ?? '00000000-0000-4000-8000-000000000001',
      email: input.email ?? 'test@example.com',
      orgId: input.orgId ?? null,
      ...input,
    });
  return {
    app,
    services,
    database,
    tokenFor,
    headersFor: async (role, orgId, extra = {}) => ({
      authorization: `Bearer ${await tokenFor({ roles: [role], orgId, ...extra })}`,
      'x-hasura-role': role,
    }),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
