import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { createDb, type Db } from './db/database';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { markClientCurrent, markClientsMigrating } from './db/client-schema-gate';
import { clientsBehind, migrateClients, migrateGlobal } from './db/migrator';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo-users';
import { seedDemoData } from './demo/seed';
import { createServices, type Services } from './services';
import { assertPortFree, portTakenMessage } from './startup/port-check';
import { StartupError } from './startup/startup-error';

/**
 * Global migrations, then the per-client ones in the background: the server serves while old clients migrate, each
 * such client answering 503 until its own transaction committed (client-schema-gate.ts).
 */
async function startMigrations(config: Config, db: Db): Promise<Promise<unknown>> {
  const global = await migrateGlobal(db);
  if (global.length > 0) console.log(`[burgwall] applied global migrations: ${global.join(', ')}`);
  const behind = await clientsBehind(db);
  if (behind.length === 0) return Promise.resolve();
  markClientsMigrating(behind);
  console.log(`[burgwall] client migrations: ${behind.length.toLocaleString('en')} clients behind; each is served once its schema is current`);
  return migrateClients(db, behind, {
    concurrency: config.MIGRATION_CONCURRENCY,
    log: (line) => console.log(`[burgwall] ${line}`),
    onClientCurrent: markClientCurrent,
  });
}

/** Migrations, demo data and services; runs before the HTTP server exists. */
async function prepareDatabase(config: Config, db: Db): Promise<Services> {
  const clientMigrations = await startMigrations(config, db);
  const services = await createServices(config, db);
  if (config.SEED_DEMO) {
    // The demo data lives in client schemas: seed only once they are current (demo installations are small).
    await clientMigrations;
    // With the activity a demo provider has after a while: subscriptions, changes and attacks.
    const seeded = await seedDemoData(db, { snapshots: true, activity: true });
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

  // Fail before migrating anything when a second instance is started on the same port.
  await assertPortFree(config.PORT, config.HOST, 'PORT');
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT, bootLog);
  const db = createDb(config.DATABASE_URL ?? (embedded?.url as string), config.DATABASE_POOL_SIZE);

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
    // Taken between the check above and now (e.g. two instances started at once).
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(`[burgwall] ${portTakenMessage(config.PORT, 'PORT')}`);
    else app.log.error({ err: error }, 'start-up failed');
    await shutdown('start-up failure', 1);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof StartupError) console.error(`[burgwall] ${error.message}`);
  else console.error(error);
  process.exit(1);
});
