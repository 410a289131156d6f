/**
 * New-order SMS to the venue (spec §9 "notification … SMS phone settings for new orders"; issue 25 #7), on SQLite
 * and PostgreSQL: through a real HTTP gateway (a local server speaking lib/sms.ts's protocol) and through the outbox
 * file when no gateway is set; no phone, no SMS; a failing gateway neither fails nor delays the order.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { orderableDemoLine } from '../../../test/demo-orders.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { nextMinute } from '../orders/orders.fixtures.ts';

interface Received {
  path: string;
  authorization: string | undefined;
  body: { to: string; text: string; from?: string };
}

/** A stand-in SMS gateway: answers `status` to every POST and keeps what it got. */
async function startGateway(status: number) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const gateway = await startGateway(200);
const failing = await startGateway(503);
afterAll(async () => {
  await gateway.close();
  await failing.close();
});

const PHONE = '+359 888 111 222';
/** The SMS goes out after the commit, in the background: on a loaded machine that can take a few seconds. */
const WAIT = { timeout: 10_000, interval: 50 };

async function tableOrder(ctx: TestContext, tableToken: string) {
  // Each order at its own minute: the same cart at one table within the duplicate window would be refused.
  nextMinute(ctx);
  const scan = await ctx.post('/api/tables/verify_token', { token: tableToken, placeSlug: 'bistro' });
  expect(scan.statusCode, scan.body).toBe(200);
  const res = await ctx.post('/api/orders', {
    session: scan.json().session,
    products: [await orderableDemoLine(ctx, 'bistro', 1)],
    order_comment: [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return ctx.db
    .selectFrom('orders')
    .select(['id', 'number', 'total', 'currency'])
    .where('key', '=', res.json().key)
    .executeTakeFirstOrThrow();
}

// The demo seed is part of the project: these suites always run (no guard that could make them vanish).
{
  describeEachDatabase(
    'new-order SMS through the HTTP gateway',
    (ctx) => {
      afterEach(() => ctx.clock.setOverride(null));

      ctx.test(
        'a table order reaches notification_sms_phone in one line, with the bearer token',
        async () => {
          const placeId = await ctx.placeId('bistro');
          await setSetting(ctx.db, placeId, 'notification_sms_phone', PHONE);
          await setSetting(ctx.db, placeId, 'default_lang', 'en');
          // Numbers restart per venue day and database: look only at what this order sent.
          const before = gateway.received.length;
          const order = await tableOrder(ctx, 'demo-t2');
          const mine = () => gateway.received.slice(before);
          await vi.waitFor(() =>
            expect(mine().some((r) => r.body.text.includes(`#${order.number} `))).toBe(true),
          );
          const got = mine().find((r) => r.body.text.includes(`#${order.number} `))!;
          expect(got.path).toBe('/send');
          expect(got.authorization).toBe('Bearer sms-secret');
          expect(got.body).toEqual({
            to: PHONE,
            from: 'Bistro',
            text: `New order #${order.number} (table, Table 2) — Trapeza Bistro: ${(order.total / 100).toFixed(2)} ${order.currency}. ${ctx.config.publicUrl}/bistro/staff`,
          });
        },
      );

      ctx.test('no phone (or not a phone): the order is stored and no SMS goes out', async () => {
        const placeId = await ctx.placeId('bistro');
        for (const [value, table] of [
          ['', 'demo-t3'],
          ['call me', 'demo-t6'],
        ] as const) {
          await setSetting(ctx.db, placeId, 'notification_sms_phone', value);
          const order = await tableOrder(ctx, table);
          await new Promise((r) => setTimeout(r, 300));
          expect(gateway.received.filter((r) => r.body.text.includes(`#${order.number} `))).toEqual([]);
        }
      });
    },
    { env: { SMS_GATEWAY_URL: gateway.url, SMS_GATEWAY_TOKEN: 'sms-secret', SMS_FROM: 'Bistro' } },
  );

  describeEachDatabase(
    'new-order SMS with a failing gateway',
    (ctx) => {
      afterEach(() => {
        ctx.clock.setOverride(null);
        vi.restoreAllMocks();
      });

      ctx.test('the order is answered 201 and stored; the failed send is logged', async () => {
        const placeId = await ctx.placeId('bistro');
        await setSetting(ctx.db, placeId, 'notification_sms_phone', PHONE);
        const logged = vi.spyOn(ctx.app.log, 'error');
        const order = await tableOrder(ctx, 'demo-t4');
        await vi.waitFor(
          () =>
            expect(logged).toHaveBeenCalledWith(
              expect.objectContaining({ placeId, orderId: order.id }),
              'new-order SMS failed',
            ),
          WAIT,
        );
        expect(failing.received.some((r) => r.body.text.includes(`#${order.number} `))).toBe(true);
      });
    },
    { env: { SMS_GATEWAY_URL: failing.url } },
  );

  describeEachDatabase('new-order SMS without a gateway: the outbox', (ctx) => {
    afterEach(() => ctx.clock.setOverride(null));

    ctx.test('appended to DATA_DIR/outbox/sms.jsonl and readable on the test route', async () => {
      const placeId = await ctx.placeId('bistro');
      await setSetting(ctx.db, placeId, 'notification_sms_phone', PHONE);
      await setSetting(ctx.db, placeId, 'default_lang', 'bg');
      const order = await tableOrder(ctx, 'demo-t5');
      await vi.waitFor(async () => {
        const res = await ctx.get(`/api/__test/sms?to=${encodeURIComponent(PHONE)}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().some((m: { text: string }) => m.text.includes(`#${order.number} `))).toBe(true);
      }, WAIT);
      // The memory copy is made first, the line is appended to the file right after.
      const fromFile = () =>
        readFileSync(join(ctx.dataDir, 'outbox', 'sms.jsonl'), 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as { to: string; tag?: string; text: string })
          .find((m) => m.text.includes(`#${order.number} `));
      await vi.waitFor(() => expect(fromFile()).toBeDefined(), WAIT);
      const sms = fromFile()!;
      expect(sms).toMatchObject({ to: PHONE, tag: 'order_new' });
      expect(sms.text).toContain(`Нова поръчка #${order.number} (на маса, Маса 5) — Бистро Трапеза`);
    });
  });
}
