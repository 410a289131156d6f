/**
 * Entry point: config → database (open, migrate, seed on first start) → app → listen. Any startup failure is
 * printed as one line and the process exits 1, so a wrong DATABASE_URL or an unreadable data file is obvious.
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { prepareDatabase, type DatabaseHandle } from './db/database.ts';
import { StartupError } from './lib/startup-error.ts';

const DEMO_ACCOUNTS = [
  ['admin@demo.test', 'demo-admin', 'CLIENT_ADMIN'],
  ['waiter@demo.test', 'demo-waiter', 'WAITER'],
  ['guest@demo.test', 'demo-guest', 'USER'],
] as const;

function fail(err: unknown): never {
  const message =
    err instanceof StartupError ? err.message : `unexpected error: ${(err as Error)?.message ?? err}`;
  process.stderr.write(`Trapeza cannot start: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
}

let database: DatabaseHandle | undefined;
try {
  const config = loadConfig();
  let seeded = false;
  let seedPrintedAccounts = false;
  database = await prepareDatabase(config, (line) => {
    seeded = true;
    if (line.includes('@demo.test')) seedPrintedAccounts = true;
    console.log(line);
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  console.log(`Trapeza listening on http://localhost:${config.port} (database: ${database.location})`);
  if (config.payments.startSimulator && config.payments.simulatorUrl) {
    // Demo only: a local payment provider (modules/payments/README.md); never loaded otherwise.
    const { startDemoPaymentSimulator } = await import('./modules/payments/simulator/demo.ts');
    await startDemoPaymentSimulator({
      db: database.db,
      port: config.payments.simulatorPort,
      simulatorUrl: config.payments.simulatorUrl,
      publicUrl: config.publicUrl,
    });
    console.log(
      `Payment provider simulator on ${config.payments.simulatorUrl} (demo cards: Visa •••• 4242 pays)`,
    );
  }
  if (seeded) {
    if (!seedPrintedAccounts) {
      console.log('Demo accounts:');
      for (const [email, password, role] of DEMO_ACCOUNTS) console.log(`  ${email} / ${password} (${role})`);
    }
    console.log(`Table links: ${config.publicUrl}/bistro/t/demo-t1 … demo-t12`);
    console.log(`Room links:  ${config.publicUrl}/hotel/t/demo-r101 … demo-r120`);
    console.log(
      `Menus: ${config.publicUrl}/bistro  ${config.publicUrl}/hotel   API docs: ${config.publicUrl}/api/docs`,
    );
  }
  // Graceful shutdown: stop accepting, end the SSE streams (staff preClose hook), let in-flight requests finish,
  // close the database, exit 0. A second signal, or SHUTDOWN_TIMEOUT_MS passing, exits at once with 1.
  const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      app.log.error({ timeoutMs: shutdownTimeoutMs }, 'shutdown timed out: exiting now');
      process.exit(1);
    }, shutdownTimeoutMs).unref();
    try {
      await app.close();
      await database?.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (err) {
  await database?.close().catch(() => undefined);
  if ((err as { code?: string }).code === 'EADDRINUSE') {
    fail(new StartupError(`port already in use (${(err as Error).message})`));
  }
  fail(err);
}
