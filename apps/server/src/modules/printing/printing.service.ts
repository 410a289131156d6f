/**
 * Printing rules (issue "Kitchen and bar tickets on real receipt printers"): the venue's printers and agent keys,
 * which tickets an order makes (one per station with only its lines), when (the venue's `print_tickets_on`), jobs
 * stored before anyone is told of them, and what an agent is offered.
 */
import { ticketNamesCustomer } from '@trapeza/domain/order-status';
import { createHash, randomBytes } from 'node:crypto';
import type {
  AdminPrinter,
  AdminPrinterBody,
  AdminPrinterUpdateBody,
  StaffPrintJob,
} from '@trapeza/domain/contracts/printing';
import { PrinterProblem } from '@trapeza/domain/contracts/printing';
import { localTime, DEFAULT_TIME_ZONE } from '@trapeza/domain/dates';
import { isLanguage, type Language } from '@trapeza/domain/i18n';
import {
  layoutTicket,
  PRINT_MOMENT_SETTING,
  stationOf,
  type PrintLine,
  type TicketDocument,
  type TicketLine,
} from '@trapeza/domain/printing';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import type { AppDatabase } from '../../db/database.ts';
import { DomainError, notFound } from '../../lib/domain-error.ts';
import type { EventBus } from '../../plugins/events.ts';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { toStaffOrders } from '../staff/staff.service.ts';
import { columnsOf, encodeTicket } from './printing.encode.ts';
import {
  createPrintingRepository,
  type NewPrintJob,
  type PrinterRow,
  type PrintJobRow,
} from './printing.repository.ts';

/** The event the agent streams and the staff boards listen to: jobs of the place were added, printed or failed. */
export const PRINT_EVENT = 'print.jobs_changed';
/** How long a claimed job stays with its agent without being renewed (the stream renews every few seconds). */
const CLAIM_LEASE_MS = 60_000;
/** Orders this recent without queued tickets are queued by the sweep (e.g. after a crash right after the order). */
const SWEEP_WINDOW_MS = 2 * 3600_000;

const CURRENCY_SUFFIX: Record<string, string> = { EUR: '€', BGN: 'лв.', CHF: 'CHF' };

/** Whether an order's tickets are due: 'created' at once; 'accepted' unless an online payment is pending/failed. */
function ticketsDue(moment: string | undefined, paymentStatus: string): boolean {
  if (moment === 'created') return true;
  return paymentStatus !== 'pending' && paymentStatus !== 'failed';
}

export interface OfferedJob {
  id: number;
  kind: 'ticket' | 'receipt' | 'test';
  printer: { id: number; name: string; host: string; port: number };
  data: string;
  created_at: string;
}

export interface PrintingServiceDeps {
  db: AppDatabase;
  bus: EventBus;
  now: () => Date;
  log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
  direct: boolean;
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function toAdminPrinter(
  p: PrinterRow,
  categories: Map<number, number[]>,
  waiting: Map<number, { waiting: number; lastError: string | null; lastProblem: string | null }>,
): AdminPrinter {
  return {
    id: p.id,
    name: p.name,
    host: p.host,
    port: p.port,
    paper_width: p.paper_width === 58 ? 58 : 80,
    charset: p.charset === 'wpc1251' ? 'wpc1251' : 'cp866',
    category_ids: categories.get(p.id) ?? [],
    is_default: p.is_default === 1,
    active: p.active === 1,
    waiting: waiting.get(p.id)?.waiting ?? 0,
    last_error: waiting.get(p.id)?.lastError ?? null,
    problem: problemOf(waiting.get(p.id)?.lastProblem ?? null),
    created_at: p.created_at,
  };
}

function problemOf(value: string | null): PrinterProblem | null {
  const parsed = PrinterProblem.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function toStaffPrintJob(j: PrintJobRow & { printer_name: string | null }): StaffPrintJob {
  return {
    id: Number(j.id),
    printer_id: j.printer_id,
    printer_name: j.printer_name,
    order_id: j.order_id,
    kind: j.kind as StaffPrintJob['kind'],
    status: j.status as StaffPrintJob['status'],
    attempts: j.attempts,
    last_error: j.last_error,
    problem: problemOf(j.last_problem),
    created_at: j.created_at,
    printed_at: j.printed_at,
  };
}

interface Venue {
  name: string;
  lang: Language;
  timeZone: string;
  moment: string | undefined;
}

export function createPrintingService(deps: PrintingServiceDeps) {
  const repo = createPrintingRepository(deps.db);
  const staff = createStaffRepository(deps.db);

  function nowIso(): string {
    return deps.now().toISOString();
  }

  /** Tells agents and boards of the place (fire-and-forget: the jobs are stored already). */
  function changed(placeId: number): void {
    deps.bus
      .publish({ placeId, type: PRINT_EVENT, data: {} })
      .catch((err: unknown) => deps.log.error({ err }, 'printing: event not published'));
  }

  async function venueOf(placeId: number): Promise<Venue> {
    const { name, settings } = await repo.venue(placeId);
    const lang = settings.default_lang;
    return {
      name,
      lang: isLanguage(lang) ? lang : 'bg',
      timeZone: settings.time_zone || DEFAULT_TIME_ZONE,
      moment: settings[PRINT_MOMENT_SETTING],
    };
  }

  // Admin: printers

  async function printers(placeId: number): Promise<AdminPrinter[]> {
    const [rows, categories, waiting] = await Promise.all([
      repo.listPrinters(placeId),
      repo.printerCategories(placeId),
      repo.waitingByPrinter(placeId),
    ]);
    return rows.map((p) => toAdminPrinter(p, categories, waiting));
  }

  async function printerOf(placeId: number, id: number): Promise<AdminPrinter> {
    const printer = (await printers(placeId)).find((p) => p.id === id);
    if (!printer) throw notFound('printer_not_found', 'No such printer here');
    return printer;
  }

  async function checkCategories(placeId: number, ids: number[] | undefined): Promise<number[] | undefined> {
    if (ids === undefined) return undefined;
    const unique = [...new Set(ids)];
    const found = await repo.placeCategoryIds(placeId, unique);
    if (found.length !== unique.length) {
      const missing = unique.filter((id) => !found.includes(id));
      throw new DomainError(404, 'category_not_found', 'A category is not one of this place', {
        fields: { category_ids: missing },
      });
    }
    return unique;
  }

  async function createPrinter(placeId: number, body: AdminPrinterBody): Promise<AdminPrinter> {
    const categoryIds = await checkCategories(placeId, body.category_ids);
    const { category_ids: _, ...values } = body;
    const id = await repo.savePrinter(placeId, null, values, categoryIds);
    return printerOf(placeId, id);
  }

  async function updatePrinter(
    placeId: number,
    id: number,
    body: AdminPrinterUpdateBody,
  ): Promise<AdminPrinter> {
    if (!(await repo.getPrinter(placeId, id))) throw notFound('printer_not_found', 'No such printer here');
    const categoryIds = await checkCategories(placeId, body.category_ids);
    const { category_ids: _, ...values } = body;
    await repo.savePrinter(placeId, id, values, categoryIds);
    changed(placeId);
    return printerOf(placeId, id);
  }

  async function deletePrinter(placeId: number, id: number): Promise<void> {
    if (!(await repo.deletePrinter(placeId, id))) throw notFound('printer_not_found', 'No such printer here');
    changed(placeId);
  }

  /** "Test print": a test page job for the printer. */
  async function testPrint(placeId: number, id: number): Promise<StaffPrintJob> {
    const printer = await repo.getPrinter(placeId, id);
    if (!printer) throw notFound('printer_not_found', 'No such printer here');
    const venue = await venueOf(placeId);
    const doc: TicketDocument = {
      kind: 'test',
      lang: venue.lang,
      venue: venue.name,
      station: printer.name,
      order_id: null,
      order_type: null,
      table: null,
      room: null,
      requested_time: null,
      time: localTimeOf(nowIso(), venue.timeZone),
      lines: [],
      comment: null,
      reprint: false,
    };
    const [job] = await repo.insertJobs([
      {
        place_id: placeId,
        printer_id: id,
        order_id: null,
        kind: 'test',
        document: JSON.stringify(doc),
        created_at: nowIso(),
      },
    ]);
    changed(placeId);
    return toStaffPrintJob({ ...job!, printer_name: printer.name });
  }

  // Admin: agent keys

  async function keys(placeId: number) {
    return repo.listKeys(placeId);
  }

  /** A new key: 256 random bits, shown once; only its sha256 is stored. */
  async function createKey(placeId: number, name: string, userId: number) {
    const key = `tpa_${randomBytes(32).toString('base64url')}`;
    const row = await repo.createKey({
      place_id: placeId,
      name,
      prefix: key.slice(0, 10),
      key_hash: hashKey(key),
      created_by: userId,
      created_at: nowIso(),
    });
    return { ...row, key };
  }

  async function revokeKey(placeId: number, id: number): Promise<void> {
    if (!(await repo.revokeKey(placeId, id, nowIso()))) {
      throw notFound('print_agent_key_not_found', 'No such agent key here');
    }
  }

  /** The place of an agent key, or null when the key is unknown or revoked. */
  async function agentOf(key: string): Promise<{ keyId: number; placeId: number } | null> {
    if (!/^tpa_[A-Za-z0-9_-]{20,100}$/.test(key)) return null;
    const row = await repo.findKey(hashKey(key));
    if (!row || row.revoked_at) return null;
    return { keyId: row.id, placeId: row.place_id };
  }

  // Tickets

  function localTimeOf(iso: string, timeZone: string): string {
    const t = localTime(new Date(iso), timeZone);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(t.day)}.${two(t.month)}.${t.year} ${two(t.hour)}:${two(t.minute)}`;
  }

  function docOf(
    order: StaffOrder,
    venue: Venue,
    kind: 'ticket' | 'receipt',
    station: string | null,
    lines: StaffOrder['lines'],
    reprint: boolean,
  ): TicketDocument {
    const ticketLines: TicketLine[] = lines.map((l) => ({
      quantity: l.quantity,
      name: l.name,
      size: l.size,
      required: l.ingredients.filter((i) => i.type === 'required').map((i) => i.name),
      added: l.ingredients.filter((i) => i.type === 'addable').map((i) => i.name),
      removed: l.ingredients.filter((i) => i.type === 'removable').map((i) => i.name),
      comment: l.comment,
      ...(kind === 'receipt' ? { total: l.line_total } : {}),
    }));
    const isRoom = order.table?.kind === 'room';
    const doc: TicketDocument = {
      kind,
      lang: venue.lang,
      venue: venue.name,
      station,
      order_id: order.id,
      order_number: order.number,
      order_type: order.type,
      table: order.table && !isRoom ? order.table.number : null,
      room: isRoom ? order.table!.number : order.room_number,
      requested_time: order.requested_time,
      scheduled: order.scheduled_start !== null,
      time: localTimeOf(order.created_at, venue.timeZone),
      lines: ticketLines,
      comment: order.comment,
      reprint,
    };
    if (order.customer && ticketNamesCustomer(order.type)) {
      const a = order.address;
      const address = a?.address ? [a.address, a.street_number].filter(Boolean).join(' ') : null;
      doc.customer = { name: order.customer.name, phone: order.customer.phone, address };
    }
    if (kind === 'receipt') {
      const p = order.price;
      doc.totals = {
        subtotal: p.subtotal,
        discount: p.discount_total,
        delivery_fee: p.delivery_fee,
        box_fee: p.box_fee,
        cutlery_fee: p.cutlery_fee,
        payment_fee: p.payment_fee,
        total: p.total,
        suffix: CURRENCY_SUFFIX[p.currency] ?? p.currency,
        payment_method: order.payment_method,
      };
    }
    return doc;
  }

  /** The orders of the place with each line's category (the one it was ordered from, else the product's primary). */
  async function orders(
    placeId: number,
    ids: number[],
  ): Promise<{ order: StaffOrder; categoryOfLine: Map<number, number | null> }[]> {
    const bundle = await staff.getOrders(placeId, ids);
    const primary = await repo.primaryCategories([...new Set(bundle.lines.map((l) => l.product_id))]);
    const categoryOfLine = new Map(
      bundle.lines.map((l) => [l.id, l.category_id ?? primary.get(l.product_id) ?? null]),
    );
    return toStaffOrders(bundle).map((order) => ({ order, categoryOfLine }));
  }

  /** One ticket per station with only its lines (stations in printer order). */
  async function stationTickets(
    placeId: number,
    order: StaffOrder,
    categoryOfLine: Map<number, number | null>,
    venue: Venue,
    reprint: boolean,
  ) {
    const routing = await repo.routing(placeId);
    const byPrinter = new Map<number, StaffOrder['lines']>();
    for (const line of order.lines) {
      const printerId = stationOf(
        categoryOfLine.get(line.id) ?? null,
        routing.parentOf,
        routing.printerOfCategory,
        routing.defaultPrinterId,
      );
      if (printerId === null) continue;
      const list = byPrinter.get(printerId) ?? [];
      list.push(line);
      byPrinter.set(printerId, list);
    }
    return routing.printers
      .filter((p) => byPrinter.has(p.id))
      .map((p) => ({
        printer: p,
        doc: docOf(order, venue, 'ticket', p.name, byPrinter.get(p.id)!, reprint),
      }));
  }

  /**
   * Queues the tickets of new or newly paid orders when they are due (`print_tickets_on`); each order once, even
   * when two processes or a sweep try at the same time (print_order_marks). Called after the order's commit.
   */
  async function queueOrders(placeId: number, orderIds: number[]): Promise<number> {
    if (orderIds.length === 0 || !(await repo.hasActivePrinter(placeId))) return 0;
    const venue = await venueOf(placeId);
    let queued = 0;
    for (const { order, categoryOfLine } of await orders(placeId, orderIds)) {
      if (order.status === 'rejected' || !ticketsDue(venue.moment, order.payment_status)) continue;
      const tickets = await stationTickets(placeId, order, categoryOfLine, venue, false);
      const at = nowIso();
      const jobs: NewPrintJob[] = tickets.map((t) => ({
        place_id: placeId,
        printer_id: t.printer.id,
        order_id: order.id,
        kind: 'ticket',
        document: JSON.stringify(t.doc),
        created_at: at,
      }));
      if (await repo.queueOrderJobs(order.id, jobs, at)) queued += jobs.length;
    }
    if (queued > 0) changed(placeId);
    return queued;
  }

  /** Queues what a crash between an order's commit and its tickets left out (recent orders only). */
  async function sweep(): Promise<number> {
    const since = new Date(deps.now().getTime() - SWEEP_WINDOW_MS).toISOString();
    const rows = await repo.unmarkedOrders(since);
    const byPlace = new Map<number, number[]>();
    for (const r of rows) byPlace.set(r.place_id, [...(byPlace.get(r.place_id) ?? []), r.id]);
    let queued = 0;
    for (const [placeId, ids] of byPlace) queued += await queueOrders(placeId, ids);
    return queued;
  }

  /** Staff: print the order's station tickets again, or its customer receipt (on the default printer). */
  async function reprint(
    placeId: number,
    orderId: number,
    kind: 'tickets' | 'receipt',
  ): Promise<StaffPrintJob[]> {
    const [entry] = await orders(placeId, [orderId]);
    if (!entry) throw notFound('order_not_found', 'No such order here');
    const venue = await venueOf(placeId);
    let planned: { printer: PrinterRow; doc: TicketDocument }[];
    if (kind === 'tickets') {
      planned = await stationTickets(placeId, entry.order, entry.categoryOfLine, venue, true);
    } else {
      const routing = await repo.routing(placeId);
      const printer = routing.printers.find((p) => p.id === routing.defaultPrinterId) ?? routing.printers[0];
      planned = printer
        ? [
            {
              printer,
              doc: docOf(entry.order, venue, 'receipt', printer.name, entry.order.lines, false),
            },
          ]
        : [];
    }
    if (planned.length === 0) throw new DomainError(409, 'no_printer', 'No active printer prints this order');
    const at = nowIso();
    const rows = await repo.insertJobs(
      planned.map((t) => ({
        place_id: placeId,
        printer_id: t.printer.id,
        order_id: orderId,
        kind: kind === 'tickets' ? 'ticket' : 'receipt',
        document: JSON.stringify(t.doc),
        created_at: at,
      })),
    );
    changed(placeId);
    const names = new Map(planned.map((t) => [t.printer.id, t.printer.name]));
    return rows.map((r) => toStaffPrintJob({ ...r, printer_name: names.get(r.printer_id ?? 0) ?? null }));
  }

  /** The laid-out tickets (or receipt) of an order for the browser's 80 mm print page. */
  async function browserTickets(
    placeId: number,
    orderId: number,
    kind: 'tickets' | 'receipt',
  ): Promise<{ station: string | null; lines: PrintLine[] }[]> {
    const [entry] = await orders(placeId, [orderId]);
    if (!entry) throw notFound('order_not_found', 'No such order here');
    const venue = await venueOf(placeId);
    const columns = columnsOf(80);
    if (kind === 'receipt') {
      return [
        {
          station: null,
          lines: layoutTicket(docOf(entry.order, venue, 'receipt', null, entry.order.lines, false), columns),
        },
      ];
    }
    const tickets = await stationTickets(placeId, entry.order, entry.categoryOfLine, venue, false);
    if (tickets.length > 0)
      return tickets.map((t) => ({ station: t.printer.name, lines: layoutTicket(t.doc, columns) }));
    // No printer configured: one ticket with every line (browser printing is for venues without network printers).
    return [
      {
        station: null,
        lines: layoutTicket(docOf(entry.order, venue, 'ticket', null, entry.order.lines, false), columns),
      },
    ];
  }

  async function jobs(placeId: number, opts: { status?: string; orderId?: number }) {
    const rows = await repo.listJobs(placeId, opts);
    return rows.map(toStaffPrintJob);
  }

  /** The board's view: waiting jobs and whether an agent is there. */
  async function waiting(placeId: number, agentOnline: boolean) {
    const jobs = (await repo.listJobs(placeId, { status: 'queued' })).map(toStaffPrintJob);
    return { jobs, agent_online: agentOnline, direct: deps.direct };
  }

  // Agents

  /**
   * Claims the place's queued jobs for the agent (renewing its own claims) and encodes them for their printers.
   * Jobs whose printer was deleted are cancelled.
   */
  async function claim(placeId: number | null, agentId: string): Promise<OfferedJob[]> {
    const now = deps.now();
    const rows = await repo.claim(
      placeId,
      agentId,
      now.toISOString(),
      new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
    );
    const out: OfferedJob[] = [];
    for (const row of rows) {
      if (!row.printer) continue;
      let data: Uint8Array;
      try {
        data = encodeTicket(JSON.parse(row.document) as TicketDocument, row.printer);
      } catch (err) {
        deps.log.error({ err, job: row.id }, 'printing: job could not be encoded');
        continue;
      }
      out.push({
        id: Number(row.id),
        kind: row.kind as OfferedJob['kind'],
        printer: {
          id: row.printer.id,
          name: row.printer.name,
          host: row.printer.host,
          port: row.printer.port,
        },
        data: Buffer.from(data).toString('base64'),
        created_at: row.created_at,
      });
    }
    return out;
  }

  async function ack(placeId: number, jobId: number): Promise<void> {
    if (!(await repo.ack(placeId, jobId, nowIso())))
      throw notFound('print_job_not_found', 'No such print job');
    changed(placeId);
  }

  /** A failed attempt; `problem` when the printer's status said why (out of paper, cover open). */
  async function fail(
    placeId: number,
    jobId: number,
    error: string,
    problem: PrinterProblem | null = null,
  ): Promise<void> {
    if (!(await repo.fail(placeId, jobId, error, problem, nowIso()))) {
      throw notFound('print_job_not_found', 'No such print job');
    }
    changed(placeId);
  }
  return {
    repo,
    printers,
    createPrinter,
    updatePrinter,
    deletePrinter,
    testPrint,
    keys,
    createKey,
    revokeKey,
    agentOf,
    queueOrders,
    sweep,
    reprint,
    browserTickets,
    jobs,
    waiting,
    claim,
    ack,
    fail,
  };
}
export type PrintingService = ReturnType<typeof createPrintingService>;
