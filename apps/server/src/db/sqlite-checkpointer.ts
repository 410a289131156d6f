/**
 * WAL checkpoints off the event loop. better-sqlite3 is synchronous, and SQLite runs a checkpoint inside the COMMIT
 * that pushes the WAL past `wal_autocheckpoint` pages: copying ~4 MB into the database file and syncing it
 * (synchronous=FULL) stalled every request for tens of milliseconds, a few times a second under a rush of orders.
 * Here the server's connection stops checkpointing itself and a worker thread with its own connection runs a
 * PASSIVE checkpoint every `intervalMs`: it copies what is committed without blocking the writer or the readers,
 * and the writer restarts the WAL from the top once a checkpoint has caught up. Should the worker fail, the
 * server's connection takes automatic checkpoints back, so the WAL never grows without bound.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** The worker's code (CommonJS, plain JavaScript: it runs from a string). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // SQLITE_BUSY and the like: try again next time.
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection (before the server's connection closes). */
  stop(): Promise<void>;
}

/** DEFAULT_AUTOCHECKPOINT pages: what SQLite does by itself, restored if the worker fails. */
const AUTOCHECKPOINT_PAGES = 1000;

export function startCheckpointer(file: string, sqlite: SQLite.Database, intervalMs = 250): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
  // The server decides when to exit; a worker left running must not keep the process alive.
  worker.unref();
  let stopped = false;
  const fallBack = () => {
    if (stopped || !sqlite.open) return;
    stopped = true;
    sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', (err) => {
    console.error(`SQLite checkpointer failed (${err.message}); checkpoints are automatic again`);
    fallBack();
  });
  worker.on('exit', fallBack);
  sqlite.pragma('wal_autocheckpoint = 0');
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        stopped = true;
        worker.once('exit', () => resolve());
        // Held until it has closed its connection, so that the server's close comes after (and removes the WAL).
        worker.ref();
        worker.postMessage('stop');
      }),
  };
}
