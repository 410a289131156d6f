/**
 * Scale-out (issue "Staff console"): two real server processes on one PostgreSQL behave as one — an order posted to
 * process A reaches a waiter's board stream on process B within a second, exactly once (LISTEN/NOTIFY between them).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { POSTGRES_AVAILABLE, TEST_DATABASE_URL } from './harness.ts';
import { spawnServer, type SpawnedServer } from './spawn-server.ts';

const TENANT = { client: 'demo', place: 'bistro', 'content-type': 'application/json' };
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

describe.skipIf(!POSTGRES_AVAILABLE)('two server processes on one PostgreSQL', () => {
  const dbName = `trapeza_t_scale_${Date.now().toString(36)}`;
  const adminUrl = new URL(TEST_DATABASE_URL);
  const dbUrl = new URL(TEST_DATABASE_URL);
  dbUrl.pathname = `/${dbName}`;
  let a: SpawnedServer;
  let b: SpawnedServer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    // A migrates and seeds first; B then finds the database ready.
    a = await spawnServer({ DATABASE_URL: dbUrl.toString() });
    b = await spawnServer({ DATABASE_URL: dbUrl.toString() });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  test('an order posted to A appears once on a board streaming from B within a second', async () => {
    const clock = await fetch(`${a.url}/api/__test/clock`, {
      method: 'PUT',
      headers: TENANT,
      body: JSON.stringify({ now: TUESDAY_NOON }),
    });
    expect(clock.status).toBe(200);

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
});
