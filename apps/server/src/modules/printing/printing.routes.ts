/**
 * Printing routes (issue "Kitchen and bar tickets on real receipt printers"):
 * - admin (PLACE_ADMIN+): `GET/POST admin/printers`, `PUT/DELETE admin/printers/{id}`, `POST admin/printers/{id}/test`,
 *   `GET/POST admin/print-agent-keys`, `DELETE admin/print-agent-keys/{id}` (revoke);
 * - staff (WAITER+): `GET staff/print-jobs` (waiting jobs, the board's alert), `POST staff/orders/{id}/print`
 *   (reprint tickets or print the customer receipt), `GET staff/orders/{id}/tickets` (laid out for the browser);
 * - print agent (the venue's agent key as bearer): `GET print-agent/jobs` (SSE), `POST print-agent/jobs/{id}/ack`,
 *   `POST print-agent/jobs/{id}/fail`. A wrong or revoked key: 401 and nothing else.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminIdParam, AdminOkResponse } from '@trapeza/domain/contracts/admin';
import { ApiError } from '@trapeza/domain/contracts/menu';
import {
  AdminPrintAgentKeyBody,
  AdminPrintAgentKeyCreated,
  AdminPrintAgentKeysResponse,
  AdminPrinter,
  AdminPrinterBody,
  AdminPrintersResponse,
  AdminPrinterUpdateBody,
  AgentFailBody,
  AgentJobParam,
  StaffPrintBody,
  StaffPrintJob,
  StaffPrintJobsResponse,
  StaffPrintResponse,
  StaffTicketsQuery,
  StaffTicketsResponse,
} from '@trapeza/domain/contracts/printing';
import { DomainError } from '../../lib/domain-error.ts';
import { adminContext, adminErrors, placeRoute } from '../admin/admin-access.ts';
import { PRINT_EVENT, type OfferedJob, type PrintingService } from './printing.service.ts';

/** An agent counts as online when it was seen this recently (the stream touches its key every 15 s). */
const AGENT_ONLINE_MS = 45_000;
const TOUCH_MS = 15_000;
const TICK_MS = 5_000;
const HEARTBEAT_MS = 15_000;

const agentErrors = {
  401: ApiError.describe('unauthorized: no, wrong or revoked agent key'),
  404: ApiError.describe('print_job_not_found: not a job of this venue'),
};

export interface PrintingRoutesOptions {
  printing: PrintingService;
  /** Streams to end before the server closes. */
  openStreams: Set<() => void>;
}

/** The agent of the request's bearer key, or a 401. */
async function agentOf(printing: PrintingService, request: FastifyRequest) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const agent = match ? await printing.agentOf(match[1]!) : null;
  if (!agent) throw new DomainError(401, 'unauthorized', 'Unknown or revoked print agent key');
  const raw = request.headers['x-agent-id'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  // Claims are per agent instance; without an id, the key stands for one agent.
  const instance = header && /^[A-Za-z0-9-]{8,64}$/.test(header) ? header : `key-${agent.keyId}`;
  return { ...agent, agentId: `${agent.keyId}:${instance}` };
}

export function printingRoutes(opts: PrintingRoutesOptions): FastifyPluginAsyncZod {
  const { printing, openStreams } = opts;
  return async (app) => {
    const admin = placeRoute(['admin: printing']);
    const staff = placeRoute(['staff: printing'], 'WAITER');
    const ok = { ok: true as const };

    // -- admin -----------------------------------------------------------------------------------------------

    app.get(
      '/admin/printers',
      admin.with({
        summary: 'Printers of the place, with their categories and waiting jobs',
        response: { 200: AdminPrintersResponse, ...adminErrors },
      }),
      async (request) => printing.printers(adminContext(request).placeId),
    );
    app.post(
      '/admin/printers',
      admin.with({
        summary:
          'Add a printer (host and port on the venue network, paper 58/80 mm, CP866 or WPC1251, categories)',
        body: AdminPrinterBody,
        response: { 201: AdminPrinter, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await printing.createPrinter(adminContext(request).placeId, request.body)),
    );
    app.put(
      '/admin/printers/:id',
      admin.with({
        summary: 'Change a printer (fields given; category_ids replaces its categories)',
        params: AdminIdParam,
        body: AdminPrinterUpdateBody,
        response: { 200: AdminPrinter, ...adminErrors },
      }),
      async (request) =>
        printing.updatePrinter(adminContext(request).placeId, request.params.id, request.body),
    );
    app.delete(
      '/admin/printers/:id',
      admin.with({
        summary: 'Remove a printer (its waiting jobs are cancelled)',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await printing.deletePrinter(adminContext(request).placeId, request.params.id);
        return ok;
      },
    );
    app.post(
      '/admin/printers/:id/test',
      admin.with({
        summary: 'Test print: queues a test page for the printer',
        params: AdminIdParam,
        response: { 201: StaffPrintJob, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await printing.testPrint(adminContext(request).placeId, request.params.id)),
    );
    app.get(
      '/admin/print-agent-keys',
      admin.with({
        summary: 'Print agent keys of the place (the keys themselves are stored hashed)',
        response: { 200: AdminPrintAgentKeysResponse, ...adminErrors },
      }),
      async (request) => printing.keys(adminContext(request).placeId),
    );
    app.post(
      '/admin/print-agent-keys',
      admin.with({
        summary: 'Create a print agent key; the answer shows the key this once',
        body: AdminPrintAgentKeyBody,
        response: { 201: AdminPrintAgentKeyCreated, ...adminErrors },
      }),
      async (request, reply) => {
        const ctx = adminContext(request);
        return reply.code(201).send(await printing.createKey(ctx.placeId, request.body.name, ctx.userId));
      },
    );
    app.delete(
      '/admin/print-agent-keys/:id',
      admin.with({
        summary: 'Revoke a print agent key (its agent gets 401 from then on)',
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await printing.revokeKey(adminContext(request).placeId, request.params.id);
        return ok;
      },
    );

    // -- staff -----------------------------------------------------------------------------------------------

    app.get(
      '/staff/print-jobs',
      staff.with({
        summary: 'Print jobs not printed yet (the board shows a printer alert while any waits)',
        response: { 200: StaffPrintJobsResponse, ...adminErrors },
      }),
      async (request) => {
        const placeId = request.tenant.placeId;
        const seen = await printing.repo.lastAgentSeen(placeId);
        const online =
          seen !== null && request.server.clock.now().getTime() - Date.parse(seen) < AGENT_ONLINE_MS;
        return printing.waiting(placeId, online);
      },
    );
    app.post(
      '/staff/orders/:id/print',
      staff.with({
        summary: 'Print the order again: its station tickets (marked as reprint) or the customer receipt',
        params: AdminIdParam,
        body: StaffPrintBody,
        response: { 201: StaffPrintResponse, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send({
          jobs: await printing.reprint(request.tenant.placeId, request.params.id, request.body.kind),
        }),
    );
    app.get(
      '/staff/orders/:id/tickets',
      staff.with({
        summary:
          'The order’s tickets (per station) or receipt laid out in 80 mm lines, for the browser’s print page',
        params: AdminIdParam,
        querystring: StaffTicketsQuery,
        response: { 200: StaffTicketsResponse, ...adminErrors },
      }),
      async (request) => ({
        tickets: await printing.browserTickets(request.tenant.placeId, request.params.id, request.query.kind),
      }),
    );

    // -- print agent -----------------------------------------------------------------------------------------

    app.get(
      '/print-agent/jobs',
      {
        schema: {
          tags: ['print agent'],
          security: [{ bearer: [] }],
          summary:
            'The venue’s print jobs as Server-Sent Events (`job`, id = job id); every job not acknowledged yet is offered on each connection',
          description:
            'Authorization: Bearer <agent key>; X-Agent-Id: a stable id of the agent instance (claims are held per ' +
            'instance for a minute after it goes away). Events: `job` {id, kind, printer {id,name,host,port}, data ' +
            '(ESC/POS, base64), created_at}; `ready` after the catch-up; `: ping` comments every 15 s.',
          headers: z.object({ 'x-agent-id': z.string().optional(), 'last-event-id': z.string().optional() }),
          response: agentErrors,
        },
      },
      async (request, reply) => streamJobs(printing, openStreams, request, reply),
    );
    app.post(
      '/print-agent/jobs/:id/ack',
      {
        schema: {
          tags: ['print agent'],
          security: [{ bearer: [] }],
          summary: 'The job printed: never offered again (idempotent)',
          params: AgentJobParam,
          response: { 200: AdminOkResponse, ...agentErrors },
        },
      },
      async (request) => {
        const agent = await agentOf(printing, request);
        await printing.ack(agent.placeId, request.params.id);
        return ok;
      },
    );
    app.post(
      '/print-agent/jobs/:id/fail',
      {
        schema: {
          tags: ['print agent'],
          security: [{ bearer: [] }],
          summary:
            'An attempt failed (printer off, out of paper, unreachable); the job stays waiting and the board alerts',
          params: AgentJobParam,
          body: AgentFailBody,
          response: { 200: AdminOkResponse, ...agentErrors },
        },
      },
      async (request) => {
        const agent = await agentOf(printing, request);
        await printing.fail(
          agent.placeId,
          request.params.id,
          request.body.error,
          request.body.problem ?? null,
        );
        return ok;
      },
    );
  };
}

/**
 * One agent stream: claims the venue's queued jobs for the agent and sends those not sent on this connection yet —
 * at once, whenever the venue's jobs change (bus event, from any process) and every few seconds (which also renews
 * the agent's claims and notices a revoked key).
 */
async function streamJobs(
  printing: PrintingService,
  openStreams: Set<() => void>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const agent = await agentOf(printing, request);
  const app = request.server;
  const res = reply.raw;
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 2000\n\n');
  const sent = new Set<number>();
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastTouch = 0;

  const write = (chunk: string) => {
    if (!closed) res.write(chunk);
  };
  const offer = async (): Promise<void> => {
    const now = app.clock.now().getTime();
    if (now - lastTouch >= TOUCH_MS) {
      lastTouch = now;
      if (!(await printing.repo.isKeyActive(agent.keyId))) return close();
      await printing.repo.touchKey(agent.keyId, new Date(now).toISOString());
    }
    const jobs: OfferedJob[] = await printing.claim(agent.placeId, agent.agentId);
    for (const job of jobs) {
      if (sent.has(job.id)) continue;
      sent.add(job.id);
      write(`id: ${job.id}\nevent: job\ndata: ${JSON.stringify(job)}\n\n`);
    }
  };
  const schedule = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = offer()
      .catch((err: unknown) => request.log.error({ err }, 'print agent stream: offer failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule();
        }
      });
  };
  const unsubscribe = app.events.subscribe(agent.placeId, (event) => {
    if (event.type === PRINT_EVENT) schedule();
  });
  const tick = setInterval(schedule, TICK_MS);
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  tick.unref();
  heartbeat.unref();
  function close(): void {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(tick);
    clearInterval(heartbeat);
    openStreams.delete(close);
    if (!res.writableEnded) res.end();
  }
  openStreams.add(close);
  request.raw.on('close', close);
  res.on('close', close);
  res.on('error', close);
  schedule();
  await running;
  write(`event: ready\ndata: {}\n\n`);
}
