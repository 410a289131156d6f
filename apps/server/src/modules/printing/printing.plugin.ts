/**
 * Wires printing into the app: the service, its routes, the order hooks (new orders and verified payments queue
 * their tickets after the commit), the sweep that queues what a crash in between left out, and PRINT_DIRECT.
 *
 * Timers here are per process and safe with several processes: the sweep's queueing is idempotent (one
 * print_order_marks row per order) and direct printing claims jobs in the database like an agent does.
 */
import type { FastifyInstance } from 'fastify';
import type { StaffNotifier } from '../../plugins/events.ts';
import { PrintQueue } from './agent/print-queue.ts';
import { printingRoutes } from './printing.routes.ts';
import { createPrintingService, type PrintingService } from './printing.service.ts';

const SWEEP_MS = 60_000;
const DIRECT_POLL_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    printing: PrintingService;
  }
}

/** The staff notifier, also queueing tickets of new and newly paid orders (never throws, never waits). */
function withPrinting(
  notifier: StaffNotifier,
  printing: PrintingService,
  log: FastifyInstance['log'],
): StaffNotifier {
  const pending = new Map<number, number[]>();
  const flush = (): void => {
    const batch = [...pending];
    pending.clear();
    for (const [placeId, ids] of batch) {
      printing
        .queueOrders(placeId, ids)
        .catch((err: unknown) => log.error({ err }, 'printing: tickets not queued'));
    }
  };
  return {
    ...notifier,
    orderCreated(placeId, orderId, published) {
      notifier.orderCreated(placeId, orderId, published);
      let ids = pending.get(placeId);
      if (!ids) pending.set(placeId, (ids = []));
      ids.push(orderId);
      if (pending.size === 1 && ids.length === 1) setImmediate(flush);
    },
    orderPaymentChanged(placeId, orderId, change) {
      notifier.orderPaymentChanged(placeId, orderId, change);
      if (change.to === 'paid') {
        printing
          .queueOrders(placeId, [orderId])
          .catch((err: unknown) => log.error({ err }, 'printing: tickets not queued'));
      }
    },
    userNeedCreated: (placeId, id) => notifier.userNeedCreated(placeId, id),
    feedbackGiven: (placeId, feedback) => notifier.feedbackGiven(placeId, feedback),
  };
}

export async function registerPrinting(app: FastifyInstance, opts: { direct: boolean }): Promise<void> {
  const printing = createPrintingService({
    db: app.database.db,
    bus: app.events,
    now: () => app.clock.now(),
    log: app.log,
    direct: opts.direct,
  });
  app.decorate('printing', printing);
  if (app.staffNotifier) app.staffNotifier = withPrinting(app.staffNotifier, printing, app.log);

  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });
  await app.register(printingRoutes({ printing, openStreams }), { prefix: '/api' });

  const timers: NodeJS.Timeout[] = [];
  const sweep = () => {
    printing.sweep().catch((err: unknown) => app.log.warn({ err }, 'printing: sweep failed'));
  };
  app.addHook('onReady', async () => {
    sweep();
    timers.push(setInterval(sweep, SWEEP_MS));
    if (opts.direct) timers.push(startDirectPrinting(app, printing));
    for (const t of timers) t.unref();
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
  });
}

/**
 * PRINT_DIRECT=1: this process is the agent of every venue — it claims queued jobs (any place) under its own id and
 * prints them over TCP, acknowledging in the database.
 */
function startDirectPrinting(app: FastifyInstance, printing: PrintingService): NodeJS.Timeout {
  const agentId = `direct:${app.events.origin}`;
  const placeOf = new Map<number, number>();
  const queue = new PrintQueue({
    log: (m) => app.log.info(`print direct: ${m}`),
    onPrinted: async (job) => printing.ack(placeOf.get(job.id)!, job.id),
    onFailed: async (job, error, problem) => printing.fail(placeOf.get(job.id)!, job.id, error, problem),
  });
  app.addHook('onClose', async () => queue.stop());
  let busy = false;
  return setInterval(() => {
    if (busy) return;
    busy = true;
    printing.repo
      .claim(
        null,
        agentId,
        app.clock.now().toISOString(),
        new Date(app.clock.now().getTime() + 60_000).toISOString(),
      )
      .then(async (rows) => {
        for (const row of rows) placeOf.set(Number(row.id), row.place_id);
        const offered = await Promise.all(
          [...new Set(rows.map((r) => r.place_id))].map((placeId) => printing.claim(placeId, agentId)),
        );
        for (const job of offered.flat()) {
          queue.add({ id: job.id, printer: job.printer, data: Buffer.from(job.data, 'base64') });
        }
      })
      .catch((err: unknown) => app.log.warn({ err }, 'print direct: claim failed'))
      .finally(() => {
        busy = false;
      });
  }, DIRECT_POLL_MS);
}
