/**
 * Kitchen and bar printing on SQLite and PostgreSQL, through the real app on a real port: the admin's printers and
 * agent keys, tickets per station when an order is placed, the print agent (print-agent.ts, as `npm run print-agent`
 * runs it) receiving them over its stream and printing to simulated ESC/POS printers, which decode the bytes back
 * to text. Printer off mid-shift, agent restarts, wrong and revoked keys, another venue's agent, two agents at once,
 * addresses that are not printers, hostile product names.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { PrinterSimulator } from '../../../test/printer-simulator.ts';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from '../admin/admin.fixtures.ts';
import { openSse } from '../staff/sse-client.fixtures.ts';
import { PrintAgent } from './agent/print-agent.ts';
import { sendToPrinter } from './agent/tcp-printer.ts';
import { eventually, kitchenAndBar, tableOrder, type StationProduct } from './printing.fixtures.ts';

describeEachDatabase(
  'printing',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);
    let base = '';
    let kitchen: StationProduct;
    let bar: StationProduct;
    const kitchenPrinter = new PrinterSimulator();
    const barPrinter = new PrinterSimulator();
    let key = '';
    let keyId = 0;
    const stateDirs: string[] = [];
    const agents: PrintAgent[] = [];

    const startAgent = (opts: { key?: string; stateDir?: string } = {}) => {
      const stateDir = opts.stateDir ?? mkdtempSync(join(tmpdir(), 'print-agent-'));
      stateDirs.push(stateDir);
      const agent = new PrintAgent({
        log: process.env.AGENT_LOG ? (m) => console.log(`agent: ${m}`) : undefined,
        server: base,
        key: opts.key ?? key,
        stateDir,
        firstRetryMs: 100,
        maxRetryMs: 400,
        statusRetryMs: 200,
        sendOptions: { connectTimeoutMs: 1500, writeTimeoutMs: 2000, statusTimeoutMs: 500 },
      }).start();
      agents.push(agent);
      return agent;
    };
    const ticketsFor = (sim: PrinterSimulator, orderNumber: number) =>
      sim.tickets.filter((t) =>
        t.lines.some((l) => l.text.includes(`#${orderNumber} `) || l.text.endsWith(`#${orderNumber}`)),
      );

    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      ({ kitchen, bar } = await kitchenAndBar(ctx));
      await kitchenPrinter.start();
      await barPrinter.start();
    });
    afterAll(async () => {
      for (const a of agents) a.stop();
      await kitchenPrinter.stop();
      await barPrinter.stop();
      for (const d of stateDirs) rmSync(d, { recursive: true, force: true });
    });

    ctx.test('admin: printers with categories, one default, validation, access', async () => {
      const created = await as.post('/api/admin/printers', {
        name: 'Кухня',
        host: '127.0.0.1',
        port: kitchenPrinter.port,
        paper_width: 80,
        charset: 'cp866',
        category_ids: [kitchen.root_category_id],
        is_default: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        name: 'Кухня',
        port: kitchenPrinter.port,
        is_default: true,
        active: true,
        waiting: 0,
      });
      const barRes = await as.post('/api/admin/printers', {
        name: 'Бар',
        host: 'localhost',
        port: barPrinter.port,
        paper_width: 58,
        charset: 'wpc1251',
        category_ids: [bar.root_category_id],
      });
      expect(barRes.statusCode, barRes.body).toBe(201);
      const defaults = await as.post('/api/admin/printers', { name: 'Default 9100', host: '10.0.0.9' });
      expect(defaults.json()).toMatchObject({
        port: 9100,
        paper_width: 80,
        charset: 'cp866',
        is_default: false,
      });
      // Bad input: 400 validation_error, nothing stored.
      for (const body of [
        { name: 'x', host: 'http://10.0.0.1' },
        { name: 'x', host: '10.0.0.1:9100' },
        { name: 'x', host: '10.0.0.1', port: 0 },
        { name: 'x', host: '10.0.0.1', port: 70000 },
        { name: 'x', host: '10.0.0.1', paper_width: 70 },
        { name: 'x', host: '10.0.0.1', charset: 'utf8' },
        { name: '', host: '10.0.0.1' },
        { name: 'x', host: '10.0.0.1', extra: 1 },
      ]) {
        const res = await as.post('/api/admin/printers', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('validation_error');
      }
      // A category of another place: 404; a waiter: 403.
      const hotelCategory = await ctx.db
        .selectFrom('categories')
        .select('id')
        .where('place_id', '=', await ctx.placeId('hotel'))
        .executeTakeFirstOrThrow();
      const foreign = await as.post('/api/admin/printers', {
        name: 'x',
        host: '10.0.0.1',
        category_ids: [hotelCategory.id],
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('category_not_found');
      expect((await as.get('/api/admin/printers', undefined, { role: 'WAITER' })).statusCode).toBe(403);
      // Remove the spare printer; the list keeps the two stations.
      expect((await as.del(`/api/admin/printers/${defaults.json().id}`)).statusCode).toBe(200);
      const list = (await as.get('/api/admin/printers')).json() as { name: string; category_ids: number[] }[];
      expect(list.map((p) => p.name)).toEqual(['Кухня', 'Бар']);
      expect(list[1]!.category_ids).toEqual([bar.root_category_id]);
    });

    ctx.test(
      'admin: agent keys shown once, stored hashed; wrong and revoked keys get 401 and no job',
      async () => {
        const res = await as.post('/api/admin/print-agent-keys', { name: 'Kitchen PC' });
        expect(res.statusCode, res.body).toBe(201);
        key = res.json().key;
        keyId = res.json().id;
        expect(key).toMatch(/^tpa_[A-Za-z0-9_-]{40,}$/);
        const stored = await ctx.db
          .selectFrom('print_agent_keys')
          .selectAll()
          .where('id', '=', keyId)
          .executeTakeFirstOrThrow();
        expect(stored.key_hash).not.toContain(key);
        expect(JSON.stringify((await as.get('/api/admin/print-agent-keys')).json())).not.toContain(key);

        const wrong = await openSse(`${base}/api/print-agent/jobs`, { authorization: `Bearer ${key}x` });
        expect(wrong.status).toBe(401);
        const none = await openSse(`${base}/api/print-agent/jobs`);
        expect(none.status).toBe(401);
        const spare = (await as.post('/api/admin/print-agent-keys', { name: 'Old laptop' })).json();
        expect((await as.del(`/api/admin/print-agent-keys/${spare.id}`)).statusCode).toBe(200);
        const revoked = await openSse(`${base}/api/print-agent/jobs`, {
          authorization: `Bearer ${spare.key}`,
        });
        expect(revoked.status).toBe(401);
        const ack = await fetch(`${base}/api/print-agent/jobs/1/ack`, {
          method: 'POST',
          headers: { authorization: `Bearer ${spare.key}`, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(ack.status).toBe(401);
        // The agent itself stops with the refusal.
        const agent = startAgent({ key: spare.key });
        await expect(agent.done).rejects.toThrow(/401/);
      },
    );

    ctx.test(
      'an order prints one ticket per station with only its lines, Bulgarian names, table large, comments',
      async () => {
        const agent = startAgent();
        const order = await tableOrder(ctx, 'demo-t7', [
          { product: kitchen, quantity: 2, comment: 'без лук, моля' },
          { product: bar, quantity: 1, comment: 'с лед' },
        ]);
        await eventually(
          () =>
            ticketsFor(kitchenPrinter, order.number).length === 1 &&
            ticketsFor(barPrinter, order.number).length === 1,
          10_000,
          'both tickets',
        );
        const [k] = ticketsFor(kitchenPrinter, order.number);
        const [b] = ticketsFor(barPrinter, order.number);
        const kText = k!.lines.map((l) => l.text).join('\n');
        const bText = b!.lines.map((l) => l.text).join('\n');
        expect(k!.codepage).toBe('ibm866');
        expect(b!.codepage).toBe('windows-1251');
        expect(kText).toContain(`2 x ${kitchen.name}`);
        expect(kText).toContain('> без лук, моля');
        expect(kText).not.toContain(bar.name);
        expect(bText).toContain(`1 x ${bar.name}`);
        expect(bText).toContain('> с лед');
        expect(bText).not.toContain(kitchen.name);
        expect(kText).toContain('Кухня');
        expect(bText).toContain('Бар');
        // The table number, large (double size).
        expect(k!.lines.find((l) => l.text.trim() === 'Маса 7')?.size).toBe(2);
        expect(b!.lines.find((l) => l.text.trim() === 'Маса 7')?.size).toBe(2);
        await eventually(
          async () => {
            const jobs = await ctx.db
              .selectFrom('print_jobs')
              .select('status')
              .where('order_id', '=', order.id)
              .execute();
            return jobs.length === 2 && jobs.every((j) => j.status === 'printed');
          },
          5000,
          'acknowledged',
        );
        agent.stop();
        await agent.done;
      },
    );

    ctx.test(
      'printer off mid-shift: jobs wait, the board sees them with the error; back on: each printed once',
      async () => {
        const agent = startAgent();
        await kitchenPrinter.stop();
        const before = kitchenPrinter.tickets.length;
        const orders: { id: number; key: string; number: number }[] = [];
        for (const table of ['demo-t1', 'demo-t2', 'demo-t3']) {
          orders.push(await tableOrder(ctx, table, [{ product: kitchen, quantity: 1 }]));
        }
        // The board's alert: the waiting jobs with the printer's error.
        await eventually(
          async () => {
            const res = await as.get('/api/staff/print-jobs', undefined, { role: 'WAITER' });
            const body = res.json() as {
              jobs: { order_id: number; attempts: number; last_error: string | null }[];
              agent_online: boolean;
            };
            return (
              body.agent_online &&
              orders.every((o) => body.jobs.some((j) => j.order_id === o.id)) &&
              body.jobs.some((j) => j.attempts > 0 && /ECONNREFUSED/.test(j.last_error ?? ''))
            );
          },
          10_000,
          'waiting jobs with an error',
        );
        // Orders are never blocked by a printer: another one goes through at once.
        const more = await tableOrder(ctx, 'demo-t4', [{ product: kitchen, quantity: 1 }]);
        orders.push(more);
        expect(kitchenPrinter.tickets.length).toBe(before);

        await kitchenPrinter.start();
        await eventually(
          () => orders.every((o) => ticketsFor(kitchenPrinter, o.number).length >= 1),
          10_000,
          'printed after restart',
        );
        await new Promise((r) => setTimeout(r, 1000));
        for (const o of orders) expect(ticketsFor(kitchenPrinter, o.number)).toHaveLength(1);
        await eventually(
          async () => {
            const body = (await as.get('/api/staff/print-jobs', undefined, { role: 'WAITER' })).json() as {
              jobs: unknown[];
            };
            return body.jobs.length === 0;
          },
          5000,
          'no waiting job',
        );
        agent.stop();
      },
    );

    ctx.test(
      'out of paper (printer status DLE EOT): not sent, not acknowledged, the board says why; paper back: printed once',
      async () => {
        const agent = startAgent();
        kitchenPrinter.paperOut = true;
        const before = kitchenPrinter.tickets.length;
        const order = await tableOrder(ctx, 'demo-t2', [{ product: kitchen, quantity: 2 }]);
        await eventually(
          async () => {
            const body = (await as.get('/api/staff/print-jobs', undefined, { role: 'WAITER' })).json() as {
              jobs: {
                order_id: number;
                attempts: number;
                problem: string | null;
                last_error: string | null;
              }[];
            };
            const job = body.jobs.find((j) => j.order_id === order.id);
            return job !== undefined && job.attempts >= 2 && job.problem === 'paper_out';
          },
          10_000,
          'the job waiting with "paper_out"',
        );
        const printers = (await as.get('/api/admin/printers')).json() as {
          name: string;
          waiting: number;
          problem: string | null;
          last_error: string | null;
        }[];
        const kitchenRow = printers.find((p) => p.name === 'Кухня')!;
        expect(kitchenRow.problem).toBe('paper_out');
        expect(kitchenRow.last_error).toMatch(/out of paper/);
        expect(kitchenRow.waiting).toBeGreaterThanOrEqual(1);
        // Never written to the printer (a real one would have lost it), never acknowledged.
        expect(kitchenPrinter.tickets.length).toBe(before);
        expect(kitchenPrinter.lost).toHaveLength(0);
        const row = await ctx.db
          .selectFrom('print_jobs')
          .select(['status', 'last_problem'])
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'queued', last_problem: 'paper_out' });

        kitchenPrinter.paperOut = false;
        await eventually(() => ticketsFor(kitchenPrinter, order.number).length >= 1, 10_000, 'printed');
        await new Promise((r) => setTimeout(r, 800));
        expect(ticketsFor(kitchenPrinter, order.number)).toHaveLength(1);
        await eventually(
          async () => {
            const body = (await as.get('/api/staff/print-jobs', undefined, { role: 'WAITER' })).json() as {
              jobs: unknown[];
            };
            return body.jobs.length === 0;
          },
          5000,
          'no waiting job',
        );
        const printed = await ctx.db
          .selectFrom('print_jobs')
          .select(['status', 'last_problem'])
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow();
        expect(printed).toEqual({ status: 'printed', last_problem: null });
        agent.stop();
        await agent.done;
      },
    );

    ctx.test(
      'a printer that never answers status queries still prints (time-out → assumed ready)',
      async () => {
        const agent = startAgent();
        barPrinter.answersStatus = false;
        try {
          const order = await tableOrder(ctx, 'demo-t3', [{ product: bar, quantity: 1 }]);
          await eventually(() => ticketsFor(barPrinter, order.number).length === 1, 10_000, 'printed');
          expect(barPrinter.lost).toHaveLength(0);
        } finally {
          barPrinter.answersStatus = true;
          agent.stop();
          await agent.done;
        }
      },
    );

    ctx.test(
      'agent killed and restarted: nothing lost, nothing twice; acknowledged jobs are never offered again',
      async () => {
        const stateDir = mkdtempSync(join(tmpdir(), 'print-agent-'));
        const first = startAgent({ stateDir });
        const a = await tableOrder(ctx, 'demo-t5', [
          { product: kitchen, quantity: 1 },
          { product: bar, quantity: 2 },
        ]);
        await eventually(
          () =>
            ticketsFor(kitchenPrinter, a.number).length === 1 &&
            ticketsFor(barPrinter, a.number).length === 1,
          10_000,
          'first order',
        );
        first.stop();
        // Orders while no agent runs wait in the database.
        const b = await tableOrder(ctx, 'demo-t6', [{ product: kitchen, quantity: 3 }]);
        const c = await tableOrder(ctx, 'demo-t8', [{ product: bar, quantity: 1 }]);
        await new Promise((r) => setTimeout(r, 500));
        expect(ticketsFor(kitchenPrinter, b.number)).toHaveLength(0);
        const second = startAgent({ stateDir });
        await eventually(
          () =>
            ticketsFor(kitchenPrinter, b.number).length === 1 &&
            ticketsFor(barPrinter, c.number).length === 1,
          10_000,
          'queued orders',
        );
        // Printed is not yet acknowledged: on a loaded machine the stop could come between the two, and the jobs
        // would (rightly) stay queued for the next agent. Wait for the acknowledgements, then stop.
        await eventually(
          async () =>
            (await ctx.db.selectFrom('print_jobs').select('id').where('status', '=', 'queued').execute())
              .length === 0,
          10_000,
          'acknowledged',
        );
        // A fresh agent (new state, new id) is offered nothing already acknowledged.
        second.stop();
        const third = startAgent();
        await new Promise((r) => setTimeout(r, 1500));
        third.stop();
        for (const o of [a, b, c]) {
          expect(ticketsFor(kitchenPrinter, o.number).length + ticketsFor(barPrinter, o.number).length).toBe(
            o === a ? 2 : 1,
          );
        }
        const left = await ctx.db
          .selectFrom('print_jobs')
          .select('id')
          .where('status', '=', 'queued')
          .execute();
        expect(left).toEqual([]);
      },
    );

    ctx.test(
      'one venue’s agent never receives another venue’s jobs; two agents of one venue share, each job once',
      async () => {
        const hotelKey = (
          await as.post('/api/admin/print-agent-keys', { name: 'Hotel PC' }, { place: 'hotel' })
        ).json().key as string;
        const hotelStream = await openSse(`${base}/api/print-agent/jobs`, {
          authorization: `Bearer ${hotelKey}`,
          'x-agent-id': 'hotel-agent-1',
        });
        expect(hotelStream.status).toBe(200);
        const s1 = await openSse(`${base}/api/print-agent/jobs`, {
          authorization: `Bearer ${key}`,
          'x-agent-id': 'bistro-agent-1',
        });
        const s2 = await openSse(`${base}/api/print-agent/jobs`, {
          authorization: `Bearer ${key}`,
          'x-agent-id': 'bistro-agent-2',
        });
        await s1.waitFor((m) => m.event === 'ready', 5000);
        await s2.waitFor((m) => m.event === 'ready', 5000);
        const orders: { id: number; key: string; number: number }[] = [];
        for (const t of ['demo-t9', 'demo-t10', 'demo-t11', 'demo-t12']) {
          orders.push(
            await tableOrder(
              ctx,
              t,
              [
                { product: kitchen, quantity: 1 },
                { product: bar, quantity: 1 },
              ],
              { advance: orders.length === 0 },
            ),
          );
        }
        const jobsOf = async () =>
          (
            await ctx.db
              .selectFrom('print_jobs')
              .select('id')
              .where(
                'order_id',
                'in',
                orders.map((o) => o.id),
              )
              .execute()
          ).map((j) => Number(j.id));
        // Tickets are queued right after each order's commit.
        await eventually(async () => (await jobsOf()).length === 8, 5000, 'eight jobs');
        const jobIds = await jobsOf();
        const offered = () =>
          [...s1.messages, ...s2.messages].filter((m) => m.event === 'job').map((m) => Number(m.id));
        await eventually(() => jobIds.every((id) => offered().includes(id)), 10_000, 'all offered');
        await new Promise((r) => setTimeout(r, 6000)); // a renewal tick of both streams
        expect(offered().sort((x, y) => x - y)).toEqual([...jobIds].sort((x, y) => x - y));
        expect(hotelStream.messages.filter((m) => m.event === 'job')).toEqual([]);
        // Acknowledging another venue's job: 404, nothing changes.
        const foreignAck = await fetch(`${base}/api/print-agent/jobs/${jobIds[0]}/ack`, {
          method: 'POST',
          headers: { authorization: `Bearer ${hotelKey}`, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(foreignAck.status).toBe(404);
        for (const s of [s1, s2, hotelStream]) s.close();
        // Let a real agent print them (the streams' claims are released after the lease; here: same ids).
        for (const id of jobIds) {
          await fetch(`${base}/api/print-agent/jobs/${id}/ack`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: '{}',
          });
        }
      },
    );

    ctx.test(
      'addresses that are not printers time out within seconds; hostile names print as text',
      async () => {
        // Closes at once / an HTTP server / accepts and never answers.
        const closer: Server = createTcpServer((s) => s.destroy());
        await new Promise<void>((r) => closer.listen(0, '127.0.0.1', () => r()));
        const silent: Server = createTcpServer((s) => s.pause());
        await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
        const http = createHttpServer((_req, res) => res.end('hello'));
        await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
        const data = new Uint8Array([0x1b, 0x40, 0x41, 0x0a]);
        const portOf = (s: { address(): unknown }) => (s.address() as { port: number }).port;
        for (const [host, port, pattern] of [
          ['127.0.0.1', portOf(closer), /closed|ECONNRESET|EPIPE/],
          ['127.0.0.1', portOf(http), /not a printer/],
          ['127.0.0.1', portOf(silent), /did not take the job/],
        ] as const) {
          const started = Date.now();
          await expect(
            sendToPrinter(host, port, data, { connectTimeoutMs: 1500, writeTimeoutMs: 2000 }),
          ).rejects.toThrow(pattern);
          expect(Date.now() - started).toBeLessThan(4000);
        }
        closer.close();
        http.close();
        silent.close();

        // A product named with printer commands and emoji.
        await ctx.db
          .updateTable('products')
          .set({ name: `Торта \u001bd\u0009\u001dV\u0007 🎂 "x"` })
          .where('id', '=', kitchen.product_id)
          .execute();
        const agent = startAgent();
        const order = await tableOrder(ctx, 'demo-t3', [
          { product: kitchen, quantity: 1, comment: 'коментар \u001b@ 😀' },
        ]);
        await eventually(
          () => ticketsFor(kitchenPrinter, order.number).length === 1,
          10_000,
          'hostile ticket',
        );
        agent.stop();
        const job = kitchenPrinter.jobs.find((j) =>
          j.tickets.some((t) => t.lines.some((l) => l.text.includes(`#${order.number}`))),
        )!;
        expect(job.unknown).toEqual([]);
        expect(job.controls).toEqual([]);
        const text = job.tickets[0]!.lines.map((l) => l.text).join('\n');
        // ESC d, TAB, GS V, NUL each became '?'; the emoji (outside the code page) '?' per UTF-16 unit.
        expect(text).toMatch(/1 x Торта \?d \?V\? \?+ "x"/);
        expect(text).toMatch(/> коментар \?@ \?+/);
      },
    );

    ctx.test('reprint and customer receipt from the staff side; tickets for the browser', async () => {
      const agent = startAgent();
      const order = await tableOrder(ctx, 'demo-t2', [
        { product: kitchen, quantity: 2 },
        { product: bar, quantity: 1 },
      ]);
      await eventually(() => ticketsFor(kitchenPrinter, order.number).length === 1, 10_000, 'first print');
      const reprint = await as.post(
        `/api/staff/orders/${order.id}/print`,
        { kind: 'tickets' },
        { role: 'WAITER' },
      );
      expect(reprint.statusCode, reprint.body).toBe(201);
      expect(reprint.json().jobs).toHaveLength(2);
      await eventually(
        () =>
          ticketsFor(kitchenPrinter, order.number).length === 2 &&
          ticketsFor(barPrinter, order.number).length === 2,
        10_000,
        'reprint',
      );
      expect(
        ticketsFor(kitchenPrinter, order.number)[1]!.lines.some((l) => l.text.includes('ПОВТОРНО')),
      ).toBe(true);
      const receipt = await as.post(
        `/api/staff/orders/${order.id}/print`,
        { kind: 'receipt' },
        { role: 'WAITER' },
      );
      expect(receipt.statusCode, receipt.body).toBe(201);
      await eventually(() => ticketsFor(kitchenPrinter, order.number).length === 3, 10_000, 'receipt');
      const total = await ctx.db
        .selectFrom('orders')
        .select(['total'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      const receiptText = ticketsFor(kitchenPrinter, order.number)[2]!
        .lines.map((l) => l.text)
        .join('\n');
      expect(receiptText).toContain('Сметка');
      expect(receiptText).toMatch(
        new RegExp(`ОБЩО +${Math.floor(total.total / 100)},${String(total.total % 100).padStart(2, '0')}`),
      );
      agent.stop();
      const browser = await as.get(`/api/staff/orders/${order.id}/tickets`, undefined, { role: 'WAITER' });
      expect(browser.statusCode).toBe(200);
      expect(browser.json().tickets.map((t: { station: string }) => t.station)).toEqual(['Кухня', 'Бар']);
      expect(
        (await as.post('/api/staff/orders/999999/print', { kind: 'receipt' }, { role: 'WAITER' })).statusCode,
      ).toBe(404);
      expect(
        (await as.post(`/api/staff/orders/${order.id}/print`, { kind: 'x' }, { role: 'WAITER' })).statusCode,
      ).toBe(400);
    });
  },
  { setup: seedAccounts },
);
