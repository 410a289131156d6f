/**
 * Scale-out (issues "Staff console" and "Scale out"): two real server processes on one PostgreSQL and one Redis
 * behave as one installation —
 * - an order posted to process A reaches a waiter's board stream on process B within a second, exactly once
 *   (LISTEN/NOTIFY between them);
 * - an admin stock switch and a price change on A are in B's menu and B's order total within a second although
 *   both cache menus for a minute here (NOTIFY drops B's caches);
 * - an image uploaded through A is served by B (stored in PostgreSQL), and pg_dump / pg_restore carry it to a
 *   server on the restored database;
 * - 24 orders of one table session alternating A and B: at most 20 accepted, the rest 429 `rate_limited` (Redis);
 * - the same orders sent to A and B at once, each twice to both, amid distinct ones: each stored once, whole, the
 *   copies 409 (both processes' group commits check duplicates under the same advisory locks; issue "Scale out" #1).
 * Skipped, visibly, when PostgreSQL or Redis is unreachable.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { ABUSE_LIMITS } from '../src/lib/abuse-limits.ts';
import { POSTGRES_AVAILABLE, probeRedis, TEST_DATABASE_URL, TEST_REDIS_URL } from './harness.ts';
import { spawnServer, type SpawnedServer } from './spawn-server.ts';

const run = promisify(execFile);
const TENANT = { client: 'demo', place: 'bistro', 'content-type': 'application/json' };
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const redisProblem = await probeRedis();
if (redisProblem !== null)
  console.warn(`Scale-out suite skipped: Redis ${TEST_REDIS_URL} unreachable (${redisProblem})`);

describe.skipIf(!POSTGRES_AVAILABLE || redisProblem !== null)(
  'two server processes on one PostgreSQL and one Redis',
  () => {
    const dbName = `trapeza_t_scale_${Date.now().toString(36)}`;
    const adminUrl = new URL(TEST_DATABASE_URL);
    const dbUrl = new URL(TEST_DATABASE_URL);
    dbUrl.pathname = `/${dbName}`;
    const redisPrefix = `trapeza-test:${randomBytes(6).toString('hex')}:`;
    let a: SpawnedServer;
    let b: SpawnedServer;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const env = {
        DATABASE_URL: dbUrl.toString(),
        // Menus cached for a minute: only the invalidation between the processes can make a change visible in time.
        MENU_CACHE_TTL_MS: '60000',
        // Limits on (the API-wide one out of the way), counted in one Redis.
        RATE_LIMIT_PER_MINUTE: '100000',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: redisPrefix,
        JWT_SECRET: randomBytes(32).toString('hex'),
      };
      // A migrates and seeds first; B then finds the database ready.
      a = await spawnServer(env);
      b = await spawnServer(env);
      for (const server of [a, b]) {
        const clock = await fetch(`${server.url}/api/__test/clock`, {
          method: 'PUT',
          headers: TENANT,
          body: JSON.stringify({ now: TUESDAY_NOON }),
        });
        expect(clock.status).toBe(200);
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    /** An orderable bistro product without required choices, and its most expensive variant. */
    async function orderableProduct(): Promise<{ product_id: number; variant_id: number; price: number }> {
      const db = new pg.Client({ connectionString: dbUrl.toString() });
      await db.connect();
      try {
        return (
          await db.query<{ product_id: number; variant_id: number; price: number }>(`
          select p.id as product_id, v.id as variant_id, v.price::float8 as price
          from products p
          join places pl on pl.id = p.place_id and pl.slug = 'bistro'
          join product_variants v on v.product_id = p.id and v.active = 1
          join product_categories pc on pc.product_id = p.id
          join categories c on c.id = pc.category_id and c.active = 1 and c.order_allowed = 1
          where p.active = 1 and p.in_stock = 1 and p.type = 'normal' and p.hide_for_ordering = 0
            and p.min_count_addable_ingredients = 0
            and not exists (select 1 from product_ingredients pi where pi.product_id = p.id and pi.type = 'required')
            and (select count(*) from product_variants v2 where v2.product_id = p.id) = 1
          order by v.price desc limit 1`)
        ).rows[0]!;
      } finally {
        await db.end();
      }
    }

    async function tableSession(server: SpawnedServer, table: string): Promise<string> {
      const res = await fetch(`${server.url}/api/tables/verify_token`, {
        method: 'POST',
        headers: TENANT,
        body: JSON.stringify({ token: table, placeSlug: 'bistro' }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { session: string }).session;
    }

    function postOrder(
      server: SpawnedServer,
      session: string,
      line: { product_id: number; variant_id: number },
      ip = '10.20.0.1',
      comment?: string,
    ) {
      return fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { ...TENANT, 'x-forwarded-for': ip },
        body: JSON.stringify({
          session,
          products: [
            {
              product_variant_id: line.variant_id,
              product_id: line.product_id,
              quantity: 1,
              ingredients: { required: 0, addable: [], removable: [] },
            },
          ],
          order_comment: comment ? [{ variantId: line.variant_id, comment }] : [],
        }),
      });
    }

    async function adminToken(server: SpawnedServer): Promise<string> {
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: TENANT,
        body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-admin' }),
      });
      expect(login.status).toBe(200);
      return ((await login.json()) as { token: string }).token;
    }

    type MenuProduct = { id: number; in_stock: number; product_variants: { id: number; price: number }[] };
    async function menuProduct(server: SpawnedServer, productId: number): Promise<MenuProduct | undefined> {
      const res = await fetch(`${server.url}/api/products?active=1`, { headers: TENANT });
      expect(res.status).toBe(200);
      return ((await res.json()) as MenuProduct[]).find((p) => p.id === productId);
    }

    /** Polls until `check` holds; answers how long it took (ms), or fails after `limitMs`. */
    async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
      const started = Date.now();
      for (;;) {
        if (await check()) return Date.now() - started;
        if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    }

    test("a stock switch and a price change through A are in B's menu and B's order total within a second", async () => {
      const product = await orderableProduct();
      const token = await adminToken(a);
      const auth = { ...TENANT, authorization: `Bearer ${token}` };

      // B has the menu cached (for a minute), and prices an order at the old price.
      expect((await menuProduct(b, product.product_id))?.in_stock).toBe(1);
      const before = await postOrder(b, await tableSession(b, 'demo-t5'), product);
      expect(before.status, await before.clone().text()).toBe(201);
      const totalBefore = ((await before.json()) as { totalPrice: number }).totalPrice;

      // Price + 1.00 through A's admin API.
      const current = await fetch(`${a.url}/api/admin/products/${product.product_id}`, { headers: auth });
      expect(current.status).toBe(200);
      const variants = ((await current.json()) as { product_variants: Record<string, unknown>[] })
        .product_variants;
      const newPrice = product.price + 100;
      const put = await fetch(`${a.url}/api/admin/products/${product.product_id}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({
          product_variants: variants.map((v) => ({
            id: v.id,
            price: v.id === product.variant_id ? newPrice : v.price,
            additional_price: v.additional_price,
            size: v.size,
            booking_duration: v.booking_duration,
          })),
        }),
      });
      expect(put.status, await put.clone().text()).toBe(200);
      const priceSeen = await within(1_000, async () => {
        const p = await menuProduct(b, product.product_id);
        return p?.product_variants.find((v) => v.id === product.variant_id)?.price === newPrice / 100; // guest API: the venue currency
      });
      expect(priceSeen).toBeLessThan(1_000);
      const after = await postOrder(b, await tableSession(b, 'demo-t6'), product);
      expect(after.status, await after.clone().text()).toBe(201);
      // The order answer is in the venue currency (issue 25 #1): 100 minor units more is 1 more.
      expect(((await after.json()) as { totalPrice: number }).totalPrice).toBeCloseTo(totalBefore + 1, 2);

      // Out of stock through A: B's menu shows it and B refuses to order it.
      const stock = await fetch(`${a.url}/api/admin/products/${product.product_id}/stock`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ in_stock: 0 }),
      });
      expect(stock.status, await stock.clone().text()).toBe(200);
      const stockSeen = await within(
        1_000,
        async () => (await menuProduct(b, product.product_id))?.in_stock === 0,
      );
      expect(stockSeen).toBeLessThan(1_000);
      const refused = await postOrder(b, await tableSession(b, 'demo-t7'), product);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);

      // Back in stock for the other tests.
      const back = await fetch(`${a.url}/api/admin/products/${product.product_id}/stock`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ in_stock: 1 }),
      });
      expect(back.status).toBe(200);
      await within(1_000, async () => (await menuProduct(b, product.product_id))?.in_stock === 1);
    });

    test('an image uploaded through A is served by B, with the immutable cache headers', async () => {
      const token = await adminToken(a);
      const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      const uploaded = await fetch(`${a.url}/api/admin/images`, {
        method: 'POST',
        headers: { client: 'demo', place: 'bistro', authorization: `Bearer ${token}` },
        body: form,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const { files } = (await uploaded.json()) as {
        files: { path: string; format: string; width: number }[];
      };
      expect(files).toHaveLength(9); // 320, 640 and 800 px wide, each as WebP, AVIF and JPEG
      for (const file of files) {
        const served = await fetch(`${b.url}${file.path}`);
        expect(served.status, file.path).toBe(200);
        expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(meta.width).toBe(file.width);
      }
    });

    test('pg_dump -Fc and pg_restore carry the uploaded images: a server on the restored database serves them', async () => {
      const token = await adminToken(a);
      const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#a37' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'backup.png');
      const uploaded = await fetch(`${a.url}/api/admin/images`, {
        method: 'POST',
        headers: { client: 'demo', place: 'bistro', authorization: `Bearer ${token}` },
        body: form,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const { files } = (await uploaded.json()) as { files: { path: string }[] };
      const original = new Map<string, Buffer>();
      for (const f of files)
        original.set(f.path, Buffer.from(await (await fetch(`${a.url}${f.path}`)).arrayBuffer()));

      // The README's backup and restore (Backups): pg_dump -Fc while the servers run, pg_restore into a new database.
      const restoredName = `${dbName}_restored`;
      const restoredUrl = new URL(TEST_DATABASE_URL);
      restoredUrl.pathname = `/${restoredName}`;
      const dumpFile = join(tmpdir(), `${restoredName}.dump`);
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      let restored: SpawnedServer | undefined;
      try {
        await run('pg_dump', ['-Fc', '-d', dbUrl.toString(), '-f', dumpFile]);
        await admin.query(`create database ${restoredName}`);
        await run('pg_restore', ['--no-owner', '-d', restoredUrl.toString(), dumpFile]);
        restored = await spawnServer({
          DATABASE_URL: restoredUrl.toString(),
          JWT_SECRET: randomBytes(32).toString('hex'),
        });
        for (const [path, bytes] of original) {
          const served = await fetch(`${restored.url}${path}`);
          expect(served.status, path).toBe(200);
          expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
          expect(Buffer.from(await served.arrayBuffer()).equals(bytes), path).toBe(true);
        }
      } finally {
        await restored?.stop();
        await admin.query(`drop database if exists ${restoredName} with (force)`);
        await admin.end();
        rmSync(dumpFile, { force: true });
      }
    }, 120_000);

    test('24 orders of one table session alternating A and B: at most 20 accepted, the rest 429 rate_limited', async () => {
      const product = await orderableProduct();
      const session = await tableSession(a, 'demo-t8');
      const answers: { status: number; code?: string }[] = [];
      for (let i = 0; i < 24; i++) {
        // A different comment each time, so no order is a duplicate of another; a different address each time, so
        // only the session's own count can refuse.
        const res = await postOrder(i % 2 ? b : a, session, product, `10.20.1.${i + 1}`, `round ${i + 1}`);
        const body = (await res.json()) as { code?: string };
        answers.push({ status: res.status, code: body.code });
      }
      const accepted = answers.filter((x) => x.status === 201).length;
      expect(accepted).toBeLessThanOrEqual(ABUSE_LIMITS.order.perSession);
      expect(accepted, JSON.stringify(answers)).toBe(20);
      const refused = answers.filter((x) => x.status !== 201);
      expect(refused).toEqual(Array(24 - accepted).fill({ status: 429, code: 'rate_limited' }));
    });

    test('the same orders sent to A and B at once, twice to each: every order stored once with its line, the copies 409', async () => {
      const product = await orderableProduct();
      const tables = ['demo-t9', 'demo-t10', 'demo-t11', 'demo-t12'];
      const sessions = await Promise.all(tables.map((t) => tableSession(a, t)));
      const marker = `two-process ${Date.now().toString(36)}`;
      // Per session 4 orders × 4 copies = 16 requests, under the 20 a minute of one session.
      const sent = sessions.flatMap((session, s) =>
        Array.from({ length: 4 }, (_, n) => `${marker} ${s}-${n}`).flatMap((comment) =>
          [a, b, a, b].map((server, copy) => ({
            comment,
            answer: postOrder(server, session, product, `10.20.2.${s * 16 + copy + 1}`, comment),
          })),
        ),
      );
      const answers = await Promise.all(
        sent.map(async ({ comment, answer }) => {
          const res = await answer;
          return { comment, status: res.status, code: ((await res.json()) as { code?: string }).code };
        }),
      );
      const byComment = new Map<string, number[]>();
      for (const x of answers) byComment.set(x.comment, [...(byComment.get(x.comment) ?? []), x.status]);
      expect(byComment.size).toBe(16);
      for (const statuses of byComment.values()) expect(statuses.sort()).toEqual([201, 409, 409, 409]);
      for (const x of answers.filter((y) => y.status === 409))
        expect(x.code).toBe('too_mony_orders_for_session_in_x_seconds');

      const db = new pg.Client({ connectionString: dbUrl.toString() });
      await db.connect();
      try {
        const { rows } = await db.query<{ comment: string; orders: number; lines: number }>(
          `select l.comment, count(distinct l.order_id)::int as orders, count(*)::int as lines
           from order_lines l where l.comment like $1 group by l.comment`,
          [`${marker}%`],
        );
        expect(rows).toHaveLength(16);
        for (const r of rows) expect(r).toMatchObject({ orders: 1, lines: 1 });
      } finally {
        await db.end();
      }
    });

    test('an order posted to A appears once on a board streaming from B within a second', async () => {
      const login = await fetch(`${b.url}/api/login`, {
        method: 'POST',
        headers: TENANT,
        body: JSON.stringify({ email: 'waiter@demo.test', password: 'demo-waiter' }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };

      const stream = new AbortController();
      const events = await fetch(
        `${b.url}/api/staff/events?client=demo&place=bistro&access_token=${encodeURIComponent(token)}`,
        { signal: stream.signal },
      );
      expect(events.status).toBe(200);
      const reader = events.body!.getReader();
      let received = '';
      const reading = (async () => {
        const decoder = new TextDecoder();
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          received += decoder.decode(value, { stream: true });
        }
      })();
      // The stream is live once its catch-up `ready` event has arrived.
      for (let i = 0; i < 50 && !received.includes('event: ready'); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(received).toContain('event: ready');

      const session = await fetch(`${a.url}/api/tables/verify_token`, {
        method: 'POST',
        headers: TENANT,
        body: JSON.stringify({ token: 'demo-t3', placeSlug: 'bistro' }),
      });
      expect(session.status).toBe(200);
      const { session: sessionToken } = (await session.json()) as { session: string };

      const db = new pg.Client({ connectionString: dbUrl.toString() });
      await db.connect();
      const product = (
        await db.query<{ product_id: number; variant_id: number }>(`
        select p.id as product_id, v.id as variant_id
        from products p
        join places pl on pl.id = p.place_id and pl.slug = 'bistro'
        join product_variants v on v.product_id = p.id and v.active = 1
        join product_categories pc on pc.product_id = p.id
        join categories c on c.id = pc.category_id and c.active = 1 and c.order_allowed = 1
        where p.active = 1 and p.in_stock = 1 and p.type = 'normal' and p.hide_for_ordering = 0
          and p.min_count_addable_ingredients = 0
          and not exists (select 1 from product_ingredients pi where pi.product_id = p.id and pi.type = 'required')
        order by v.price desc limit 1`)
      ).rows[0]!;
      await db.end();

      const posted = Date.now();
      const order = await fetch(`${a.url}/api/orders`, {
        method: 'POST',
        headers: TENANT,
        body: JSON.stringify({
          session: sessionToken,
          products: [
            {
              product_variant_id: product.variant_id,
              product_id: product.product_id,
              quantity: 1,
              ingredients: { required: 0, addable: [], removable: [] },
            },
          ],
          order_comment: [],
        }),
      });
      expect(order.status, await order.clone().text()).toBe(201);
      const { key } = (await order.json()) as { key: string };

      while (!received.includes(key) && Date.now() - posted < 1_000)
        await new Promise((r) => setTimeout(r, 20));
      expect(Date.now() - posted).toBeLessThan(1_000);
      // Give a duplicate the chance to arrive, then count.
      await new Promise((r) => setTimeout(r, 500));
      const created = received
        .split('\n\n')
        .filter((e) => e.includes('event: order.created') && e.includes(key));
      expect(created).toHaveLength(1);

      stream.abort();
      await reading;
    });
  },
);
