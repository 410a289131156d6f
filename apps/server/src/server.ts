/**
 * Entry point: config → database (open, migrate, seed on first start) → app → listen. Any startup failure is
 * printed as one line and the process exits 1, so a wrong DATABASE_URL or an unreadable data file is obvious.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { prepareDatabase, type DatabaseHandle } from './db/database.ts';
import { StartupError } from './lib/startup-error.ts';

/** The demo's staff accounts get a random password per installation (the guest account keeps `demo-guest`). */
const DEMO_STAFF_ACCOUNTS = ['admin@demo.test', 'waiter@demo.test'];
/** Where a first demo start writes the demo accounts and their passwords (owner-only), named in the README. */
const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

function fail(err: unknown): never {
  const message =
    err instanceof StartupError ? err.message : `unexpected error: ${(err as Error)?.message ?? err}`;
  process.stderr.write(`Trapeza cannot start: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
}

let database: DatabaseHandle | undefined;
try {
  const config = loadConfig();
  // NODE_ENV=test keeps the fixed passwords the suites sign in with (`demo-admin`, `demo-waiter`).
  const passwords =
    config.nodeEnv === 'test'
      ? undefined
      : Object.fromEntries(DEMO_STAFF_ACCOUNTS.map((e) => [e, randomBytes(12).toString('base64url')]));
  const accountLines: string[] = [];
  const prepared = await prepareDatabase(
    config,
    (line) => {
      if (line.includes('@demo.test')) accountLines.push(line.trim());
      console.log(line);
    },
    config.demo ? { passwords } : null,
  );
  database = prepared;
  const accountsFile = join(config.dataDir, DEMO_ACCOUNTS_FILE);
  if (prepared.seeded && passwords) {
    writeFileSync(
      accountsFile,
      `# Demo accounts of this installation (seeded ${new Date().toISOString()})\n${accountLines.join('\n')}\n`,
      { mode: 0o600 },
    );
    chmodSync(accountsFile, 0o600);
    console.log(`  (these passwords are also in ${accountsFile})`);
  }
  const app = await buildApp({ config, database });
  let simulatorLine = '';
  if (config.payments.startSimulator && config.payments.simulatorUrl && config.payments.simulatorSecret) {
    // Demo only: a local payment provider (modules/payments/README.md); never loaded otherwise.
    const { startDemoPaymentSimulator } = await import('./dev/payment-simulator/demo.ts');
    const simulator = await startDemoPaymentSimulator({
      db: database.db,
      port: config.payments.simulatorPort,
      simulatorUrl: config.payments.simulatorUrl,
      publicUrl: config.publicUrl,
      secret: config.payments.simulatorSecret,
    });
    app.onTestReset(() => simulator.reset());
    simulatorLine = `Payment provider simulator on ${config.payments.simulatorUrl} (loopback only; demo cards: Visa •••• 4242 pays)`;
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`Trapeza listening on http://localhost:${config.port} (database: ${database.location})`);
  if (simulatorLine) console.log(simulatorLine);
  if (config.demo) {
    console.warn(
      'WARNING: demo mode (demo data, demo accounts, payment simulator): this server must not face the internet. ' +
        'Start with DEMO=0 (the default when NODE_ENV=production) for a real installation.',
    );
    if (!prepared.seeded && existsSync(accountsFile)) console.log(`Demo accounts: ${accountsFile}`);
  } else if (prepared.empty) {
    console.log(
      'No platform administrator yet: create the first one with `npm run create-admin -- --email you@example.com`.',
    );
  }
  if (prepared.seeded) {
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
