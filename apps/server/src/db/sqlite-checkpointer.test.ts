/**
 * The SQLite checkpointer (sqlite-checkpointer.ts): the server's connection no longer checkpoints inside its
 * COMMITs, yet the WAL stays bounded because the worker's passive checkpoints catch up, and closing the database
 * leaves every row in the database file and no WAL behind.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';

const PAGE = 4096;
let dir: string;
let handle: DatabaseHandle | null = null;

afterEach(async () => {
  await handle?.close();
  handle = null;
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SQLite checkpointer', () => {
  test('commits no longer checkpoint, the worker keeps the WAL bounded, close leaves no WAL', async () => {
    dir = mkdtempSync(join(tmpdir(), 'trapeza-ckpt-'));
    handle = await openDatabase({ dataDir: dir, databaseUrl: null });
    const raw = handle.sqlite!.database;
    expect(raw.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    raw.exec('create table filler (id integer primary key, body text not null)');
    const insert = raw.prepare('insert into filler (body) values (?)');
    const body = 'x'.repeat(3000);
    const wal = join(dir, 'trapeza.db-wal');
    const dbFile = join(dir, 'trapeza.db');
    // 30 bursts of ~100 pages each (a row of 3 000 bytes per page: 3 000 pages, 12 MB of WAL if nothing were copied
    // back). After each, wait for the worker to have copied the burst into the database file — what is observed is
    // the worker's checkpoint, not a pause long enough for it on a quiet machine (that version failed under load).
    let biggestWal = 0;
    for (let burst = 1; burst <= 30; burst++) {
      raw.transaction(() => {
        for (let i = 0; i < 100; i++) insert.run(body);
      })();
      biggestWal = Math.max(biggestWal, statSync(wal).size);
      const deadline = Date.now() + 30_000;
      while (statSync(dbFile).size < burst * 100 * PAGE) {
        if (Date.now() > deadline)
          throw new Error(`the checkpointer copied nothing of burst ${burst} in 30 s`);
        await sleep(20);
      }
    }
    // The server's connection never checkpointed (wal_autocheckpoint 0): the worker copied every burst, and the WAL
    // was reused from the top instead of holding every page written.
    expect(raw.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(biggestWal).toBeLessThan(1000 * PAGE);
    expect(raw.prepare('select count(*) as n from filler').get()).toEqual({ n: 3000 });

    await handle.close();
    handle = null;
    expect(existsSync(wal)).toBe(false);
    const reopened = new SQLite(join(dir, 'trapeza.db'), { readonly: true });
    try {
      expect(reopened.prepare('select count(*) as n from filler').get()).toEqual({ n: 3000 });
    } finally {
      reopened.close();
    }
  });
});
