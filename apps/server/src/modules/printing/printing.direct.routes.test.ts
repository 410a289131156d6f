/**
 * PRINT_DIRECT=1 (an installation on the venue's own network): the server prints the jobs itself, no agent; and the
 * sweep queues the tickets of an order whose queueing a crash interrupted (no mark, no jobs) exactly once.
 * SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { PrinterSimulator } from '../../../test/printer-simulator.ts';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from '../admin/admin.fixtures.ts';
import { eventually, kitchenAndBar, tableOrder } from './printing.fixtures.ts';

describeEachDatabase(
  'printing: PRINT_DIRECT and the sweep',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);
    const printer = new PrinterSimulator();

    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
      await printer.start();
    });
    afterAll(async () => {
      await printer.stop();
    });

    ctx.test('the server prints to the printer itself; the staff list says so', async () => {
      const { kitchen } = await kitchenAndBar(ctx);
      const created = await as.post('/api/admin/printers', {
        name: 'Кухня',
        host: '127.0.0.1',
        port: printer.port,
        is_default: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      const order = await tableOrder(ctx, 'demo-t4', [
        { product: kitchen, quantity: 2, comment: 'добре опечено' },
      ]);
      await eventually(
        () => printer.tickets.some((t) => t.lines.some((l) => l.text.includes(`#${order.number} `))),
        10_000,
        'printed directly',
      );
      const text = printer.tickets
        .at(-1)!
        .lines.map((l) => l.text)
        .join('\n');
      expect(text).toContain(`2 x ${kitchen.name}`);
      expect(text).toContain('> добре опечено');
      await eventually(
        async () => {
          const body = (await as.get('/api/staff/print-jobs', undefined, { role: 'WAITER' })).json();
          return body.direct === true && body.jobs.length === 0;
        },
        5000,
        'acknowledged',
      );
    });

    ctx.test(
      'out of paper: the server does not send nor acknowledge; the list says why; paper back: printed once',
      async () => {
        const { kitchen } = await kitchenAndBar(ctx);
        printer.paperOut = true;
        const before = printer.tickets.length;
        const order = await tableOrder(ctx, 'demo-t6', [{ product: kitchen, quantity: 1 }]);
        await eventually(
          async () => {
            const body = (await as.get('/api/staff/print-jobs', undefined, { role: 'WAITER' })).json() as {
              jobs: { order_id: number; problem: string | null }[];
            };
            return body.jobs.some((j) => j.order_id === order.id && j.problem === 'paper_out');
          },
          10_000,
          'waiting with paper_out',
        );
        expect(printer.tickets.length).toBe(before);
        expect(printer.lost).toHaveLength(0);
        printer.paperOut = false;
        // Status retries are at most 5 s apart.
        await eventually(
          () => printer.tickets.length === before + 1,
          12_000,
          'printed once the paper is back',
        );
        await eventually(
          async () => {
            const body = (await as.get('/api/staff/print-jobs', undefined, { role: 'WAITER' })).json() as {
              jobs: unknown[];
            };
            return body.jobs.length === 0;
          },
          5000,
          'acknowledged',
        );
        await new Promise((r) => setTimeout(r, 500));
        expect(printer.tickets.length).toBe(before + 1);
      },
    );

    ctx.test('the sweep queues what a crash between an order and its tickets left out, once', async () => {
      const { kitchen } = await kitchenAndBar(ctx);
      const order = await tableOrder(ctx, 'demo-t5', [{ product: kitchen, quantity: 1 }]);
      await eventually(
        async () =>
          (await ctx.db.selectFrom('print_jobs').select('id').where('order_id', '=', order.id).execute())
            .length === 1,
        5000,
        'queued',
      );
      // As if the process had died right after the order's commit: no mark, no job.
      await ctx.db.deleteFrom('print_jobs').where('order_id', '=', order.id).execute();
      await ctx.db.deleteFrom('print_order_marks').where('order_id', '=', order.id).execute();
      const before = printer.tickets.length;
      expect(await ctx.app.printing.sweep()).toBe(1);
      expect(await ctx.app.printing.sweep()).toBe(0);
      await eventually(() => printer.tickets.length === before + 1, 10_000, 'printed after the sweep');
      expect(
        await ctx.db.selectFrom('print_jobs').select('id').where('order_id', '=', order.id).execute(),
      ).toHaveLength(1);
    });
  },
  { setup: seedAccounts, env: { PRINT_DIRECT: '1' } },
);
