// Backups under load (issue "Reliability and security proof", Operations): while orders are posted to the real
// server, `node scripts/backup.ts` copies the SQLite database online; the copy is restored with
// `node scripts/restore.ts` into a fresh DATA_DIR (a restore into the running server's DATA_DIR is refused), a server
// starts on it, and every order acknowledged before the backup began is there with all its lines.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, spawnServer, type SpawnedServer } from './spawn-server.ts';

const run = promisify(execFile);
const HEADERS = { client: 'demo', place: 'bistro', 'content-type': 'application/json' };
const LOOPS = 4;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- menu answers read loosely
type Json = any;

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(url, {
    method,
    headers: HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return { status: res.status, json: JSON.parse(text) };
  } catch {
    return { status: res.status, json: text };
  }
}

function node(script: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, [script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1', DATABASE_URL: '', ...env },
  });
}

describe('backup under load, restore, find every acknowledged order [sqlite, real process]', () => {
  const root = mkdtempSync(join(tmpdir(), 'trapeza-backup-test-'));
  const dataDir = join(root, 'data');
  const restoredDir = join(root, 'restored');
  const backups = join(root, 'backups');
  const servers: SpawnedServer[] = [];

  afterAll(async () => {
    for (const s of servers) await s.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('no acknowledged order is lost', async () => {
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'marker.txt'), 'an uploaded image stands here');
    const server = await spawnServer({ DATA_DIR: dataDir });
    servers.push(server);
    expect(
      (await call(server.url + '/api/__test/clock', 'PUT', { now: '2026-11-24T10:00:00Z' })).status,
    ).toBe(200);

    const sessions: string[] = [];
    for (let i = 1; i <= LOOPS; i++) {
      const r = await call(server.url + '/api/tables/verify_token', 'POST', {
        token: `demo-t${i}`,
        placeSlug: 'bistro',
      });
      expect(r.status).toBe(200);
      sessions.push(r.json.session);
    }
    const menu = await call(server.url + '/api/products?active=1', 'GET');
    const products = (menu.json as Json[])
      .filter(
        (p) =>
          p.type === 'normal' &&
          p.in_stock &&
          !p.hide_for_ordering &&
          !(p.min_count_addable_ingredients > 0) &&
          !(p.product_ingredients ?? []).some((i: Json) => i.type === 'required') &&
          p.product_variants?.[0],
      )
      .slice(0, 6);
    expect(products.length).toBeGreaterThan(0);

    let backupStarted = Infinity;
    let stop = false;
    const acked: { key: string; at: number; lines: number }[] = [];
    const refused = new Map<number, number>();
    const loop = async (i: number) => {
      for (let n = 0; !stop; n++) {
        const p = products[(i + n) % products.length];
        const body = {
          session: sessions[i],
          products: [
            { product_id: p.id, product_variant_id: p.product_variants[0].id, quantity: 1 + (n % 3) },
          ],
          order_comment: [{ variantId: p.product_variants[0].id, comment: `backup:${i}:${n}` }],
        };
        const r = await call(server.url + '/api/orders', 'POST', body);
        if (r.status === 201) acked.push({ key: r.json.key, at: Date.now(), lines: 1 });
        else refused.set(r.status, (refused.get(r.status) ?? 0) + 1);
      }
    };
    const loops = Promise.all(Array.from({ length: LOOPS }, (_, i) => loop(i)));

    await new Promise((r) => setTimeout(r, 1500));
    backupStarted = Date.now();
    const ackedBefore = acked.filter((a) => a.at < backupStarted).length;
    const out = await node('scripts/backup.ts', ['--out', backups, '--tar'], { DATA_DIR: dataDir });
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await loops;
    expect(out.stdout).toMatch(/Backup written: .*\.tar/);
    const tarPath = /Backup written: (\S+\.tar)/.exec(out.stdout)![1]!;

    // A restore over the running server's data is refused.
    await expect(node('scripts/restore.ts', [tarPath], { DATA_DIR: dataDir })).rejects.toMatchObject({
      stderr: expect.stringContaining('Restore refused'),
    });

    const restored = await node('scripts/restore.ts', [tarPath], { DATA_DIR: restoredDir });
    expect(restored.stdout).toMatch(/Restored \d+ orders/);
    expect(existsSync(join(restoredDir, 'uploads', 'marker.txt'))).toBe(true);

    const second = await spawnServer({ DATA_DIR: restoredDir });
    servers.push(second);
    expect((await fetch(second.url + '/api/ready')).status).toBe(200);
    await second.stop();

    const db = new SQLite(join(restoredDir, 'trapeza.db'), { readonly: true, fileMustExist: true });
    const stmt = db.prepare(
      'select count(l.id) as n from orders o join order_lines l on l.order_id = o.id where o.key = ? group by o.id',
    );
    const mustHave = acked.filter((a) => a.at < backupStarted);
    const missing = mustHave.filter((a) => {
      const rows = stmt.all(a.key) as { n: number }[];
      return rows.length !== 1 || rows[0]!.n !== a.lines;
    });
    const alsoIn = acked.filter((a) => a.at >= backupStarted && stmt.all(a.key).length === 1).length;
    db.close();
    console.log(
      `backup under load: ${acked.length} acknowledged (${ackedBefore} before the backup began, ${mustHave.length} checked), ` +
        `${missing.length} missing; ${alsoIn} of the later ones also in the copy; refused ${JSON.stringify(Object.fromEntries(refused))}`,
    );
    expect(mustHave.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  }, 180_000);
});
