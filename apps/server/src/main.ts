import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { createDb, type Db } from './db/database';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { migrateAll } from './db/migrator';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo-users';
import { seedDemoData } from './demo/seed';
import { createServices, type Services } from './services';

/** Migrations, demo data and services; runs before the HTTP server exists. */
async function prepareDatabase(config: Config, db: Db): Promise<Services> {
  const report = await migrateAll(db);
  if (report.global.length > 0) console.log(`[burgwall] applied global migrations: ${report.global.join(', ')}`);
  const services = await createServices(config, db);
  if (config.SEED_DEMO) {
    const seeded = await seedDemoData(db, services.events);
    if (seeded.created) console.log('[burgwall] seeded demo data');
    console.log(
      `[burgwall] demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.email} (${a.label})`).join(', ')}`,
    );
  }
  return services;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const bootLog = {
    info: (message: string) => console.log(`[burgwall] ${message}`),
    error: (message: string) => console.error(`[burgwall] ${message}`),
  };

  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT, bootLog);
  const db = createDb(config.DATABASE_URL ?? (embedded?.url as string));

  let services: Services;
  try {
    services = await prepareDatabase(config, db);
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
  const app = await buildApp(services);
  let shuttingDown = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await db.destroy();
    await embedded?.stop();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    app.log.error({ err: error }, 'start-up failed');
    await shutdown('start-up failure', 1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
