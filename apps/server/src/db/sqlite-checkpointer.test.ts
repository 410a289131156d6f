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
    // 40 bursts of ~100 pages each (4 000 pages, 16 MB of WAL if nothing were copied back), with pauses in which
    // the worker can checkpoint.
    let biggestWal = 0;
    for (let burst = 0; burst < 40; burst++) {
      raw.transaction(() => {
        for (let i = 0; i < 100; i++) insert.run(body);
      })();
      biggestWal = Math.max(biggestWal, statSync(wal).size);
      await sleep(60);
    }
    // Without checkpoints the WAL would hold every page written; with them it is reused from the top.
    expect(biggestWal).toBeLessThan(1500 * PAGE);
    expect(raw.prepare('select count(*) as n from filler').get()).toEqual({ n: 4000 });

    await handle.close();
    handle = null;
    expect(existsSync(wal)).toBe(false);
    const reopened = new SQLite(join(dir, 'trapeza.db'), { readonly: true });
    try {
      expect(reopened.prepare('select count(*) as n from filler').get()).toEqual({ n: 4000 });
    } finally {
      reopened.close();
    }
  });
});
