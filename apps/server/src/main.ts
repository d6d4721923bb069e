import { pino } from "pino";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openInstallationDatabase } from "./db/database.js";
import { systemClock } from "./lib/clock.js";

/**
 * Connections the kernel holds while the process is busy before accepting them. Node's
 * 511 overflowed when 2,000 clients came back at once after a restart (W6, issue 49: a
 * thousand SYNs dropped, and those clients retried only 1 and 3 s later, the storm's
 * slowest members). The kernel caps it at net.core.somaxconn (4096 on current Linux).
 */
const LISTEN_BACKLOG = 4096;

/** Config → database (migrated, seeded) → app → listen; stops cleanly on SIGTERM and SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const db = await openInstallationDatabase(config);
  logger.info(
    { database: config.DATABASE_URL ? "postgres" : "sqlite" },
    "database migrated",
  );
  if (process.argv.includes("--migrate-only")) {
    await db.destroy();
    return;
  }

  const { app, services } = buildApp({
    config,
    db,
    clock: systemClock,
    logger,
  });
  await services.system.seedDefaults();
  await services.accounts.ensureAdministrator(
    config.ADMIN_ACCOUNT,
    config.ADMIN_PASSWORD,
  );
  if (config.DEMO_MODE)
    await services.accounts.ensureDemoAccounts(config.DEMO_PASSWORD);
  // The Web Push key pair is made at the first start and kept (issue 11).
  await services.push.vapidKeys();
  // Retention, cleanup and orphan files on their schedule (issue 12).
  await services.tasks.startSchedule();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping");
    app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, "unclean stop");
        process.exit(1);
      });
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));

  await app.listen({
    port: config.PORT,
    host: config.HOST,
    backlog: LISTEN_BACKLOG,
  });
  logger.info(`Parley is serving on http://localhost:${config.PORT}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
