/**
 * The only SQL of printing: printers and their categories, agent keys, print jobs. Every query is scoped by place.
 *
 * Jobs are offered through a claim: one UPDATE … WHERE status = 'queued' AND (unclaimed OR claimed by this agent
 * OR the claim expired) RETURNING. On PostgreSQL two processes running it at once for two agents cannot both take
 * a row (the second waits for the first's row lock, then re-checks the WHERE against the committed row and skips
 * it); SQLite has one writer. So with several server processes each job goes to one agent at a time.
 */
import type { Selectable } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import { readPlaceSettings } from '../../db/place-settings.ts';
import type { PrintJobsTable, PrintersTable } from '../../db/schema.ts';

export type PrinterRow = Selectable<PrintersTable>;
export type PrintJobRow = Selectable<PrintJobsTable>;

export interface PrinterValues {
  name: string;
  host: string;
  port: number;
  paper_width: number;
  charset: string;
  is_default: boolean;
  active: boolean;
}

export interface NewPrintJob {
  place_id: number;
  printer_id: number | null;
  order_id: number | null;
  kind: string;
  document: string;
  created_at: string;
}

export function createPrintingRepository(db: AppDatabase) {
  async function listPrinters(placeId: number): Promise<PrinterRow[]> {
    return db.selectFrom('printers').selectAll().where('place_id', '=', placeId).orderBy('id').execute();
  }

  async function getPrinter(placeId: number, id: number): Promise<PrinterRow | undefined> {
    return db
      .selectFrom('printers')
      .selectAll()
      .where('place_id', '=', placeId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** printer id → its category ids, for the place. */
  async function printerCategories(placeId: number): Promise<Map<number, number[]>> {
    const rows = await db
      .selectFrom('printer_categories as pc')
      .innerJoin('printers as p', 'p.id', 'pc.printer_id')
      .select(['pc.printer_id', 'pc.category_id'])
      .where('p.place_id', '=', placeId)
      .orderBy('pc.category_id')
      .execute();
    const out = new Map<number, number[]>();
    for (const r of rows) {
      const list = out.get(r.printer_id) ?? [];
      list.push(r.category_id);
      out.set(r.printer_id, list);
    }
    return out;
  }

  /** Queued jobs per printer with the newest error reported for them. */
  async function waitingByPrinter(
    placeId: number,
  ): Promise<Map<number, { waiting: number; lastError: string | null; lastProblem: string | null }>> {
    const rows = await db
      .selectFrom('print_jobs')
      .select(['printer_id', 'last_error', 'last_problem', 'last_attempt_at'])
      .where('place_id', '=', placeId)
      .where('status', '=', 'queued')
      .execute();
    const out = new Map<
      number,
      { waiting: number; lastError: string | null; lastProblem: string | null; at: string }
    >();
    for (const r of rows) {
      if (r.printer_id === null) continue;
      const cur = out.get(r.printer_id) ?? { waiting: 0, lastError: null, lastProblem: null, at: '' };
      cur.waiting += 1;
      if (r.last_error && (r.last_attempt_at ?? '') >= cur.at) {
        cur.lastError = r.last_error;
        cur.lastProblem = r.last_problem;
        cur.at = r.last_attempt_at ?? '';
      }
      out.set(r.printer_id, cur);
    }
    return out;
  }

  /** Ids of the given categories that belong to the place. */
  async function placeCategoryIds(placeId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('categories')
      .select('id')
      .where('place_id', '=', placeId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Inserts or updates a printer with its categories (taken off any other printer), one default per place. */
  async function savePrinter(
    placeId: number,
    id: number | null,
    values: Partial<PrinterValues>,
    categoryIds: number[] | undefined,
  ): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const row: Record<string, unknown> = { ...values };
      if (values.is_default !== undefined) row.is_default = values.is_default ? 1 : 0;
      if (values.active !== undefined) row.active = values.active ? 1 : 0;
      let printerId: number;
      if (id === null) {
        const inserted = await trx
          .insertInto('printers')
          .values({
            ...(row as unknown as PrinterValues),
            is_default: row.is_default as number,
            active: row.active as number,
            place_id: placeId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        printerId = inserted.id;
      } else {
        printerId = id;
        if (Object.keys(row).length > 0) {
          await trx
            .updateTable('printers')
            .set(row)
            .where('place_id', '=', placeId)
            .where('id', '=', id)
            .execute();
        }
      }
      if (values.is_default) {
        await trx
          .updateTable('printers')
          .set({ is_default: 0 })
          .where('place_id', '=', placeId)
          .where('id', '!=', printerId)
          .execute();
      }
      if (categoryIds !== undefined) {
        await trx.deleteFrom('printer_categories').where('printer_id', '=', printerId).execute();
        if (categoryIds.length > 0) {
          await trx.deleteFrom('printer_categories').where('category_id', 'in', categoryIds).execute();
          await trx
            .insertInto('printer_categories')
            .values(categoryIds.map((category_id) => ({ printer_id: printerId, category_id })))
            .execute();
        }
      }
      return printerId;
    });
  }

  /** Deletes the printer; its waiting jobs are cancelled (nothing would print them). */
  async function deletePrinter(placeId: number, id: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      await trx
        .updateTable('print_jobs')
        .set({ status: 'cancelled' })
        .where('place_id', '=', placeId)
        .where('printer_id', '=', id)
        .where('status', '=', 'queued')
        .execute();
      const res = await trx
        .deleteFrom('printers')
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    });
  }

  /** What routing needs: category parents of the place, the category → printer map and the default printer. */
  async function routing(placeId: number): Promise<{
    parentOf: Map<number, number | null>;
    printerOfCategory: Map<number, number>;
    printers: PrinterRow[];
    defaultPrinterId: number | null;
  }> {
    const [categories, printers, links] = await Promise.all([
      db.selectFrom('categories').select(['id', 'parent_id']).where('place_id', '=', placeId).execute(),
      db
        .selectFrom('printers')
        .selectAll()
        .where('place_id', '=', placeId)
        .where('active', '=', 1)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('printer_categories as pc')
        .innerJoin('printers as p', 'p.id', 'pc.printer_id')
        .select(['pc.printer_id', 'pc.category_id'])
        .where('p.place_id', '=', placeId)
        .where('p.active', '=', 1)
        .execute(),
    ]);
    return {
      parentOf: new Map(categories.map((c) => [c.id, c.parent_id])),
      printerOfCategory: new Map(links.map((l) => [l.category_id, l.printer_id])),
      printers,
      defaultPrinterId: printers.find((p) => p.is_default === 1)?.id ?? null,
    };
  }

  /** Primary category of each product (for lines stored without the category they were ordered from). */
  async function primaryCategories(productIds: number[]): Promise<Map<number, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('product_categories')
      .select(['product_id', 'category_id', 'is_primary'])
      .where('product_id', 'in', productIds)
      .orderBy('is_primary', 'desc')
      .orderBy('category_id')
      .execute();
    const out = new Map<number, number>();
    for (const r of rows) if (!out.has(r.product_id)) out.set(r.product_id, r.category_id);
    return out;
  }

  /** Whether the place has an active printer (the order path asks this before doing anything). */
  async function hasActivePrinter(placeId: number): Promise<boolean> {
    const row = await db
      .selectFrom('printers')
      .select('id')
      .where('place_id', '=', placeId)
      .where('active', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Marks the order's tickets as queued and inserts the jobs, in one transaction; false (and nothing inserted)
   * when the order was marked already — by another process, an earlier sweep or a retried call.
   */
  async function queueOrderJobs(orderId: number, jobs: NewPrintJob[], at: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const mark = await trx
        .insertInto('print_order_marks')
        .values({ order_id: orderId, created_at: at })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .executeTakeFirst();
      if (Number(mark.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      if (jobs.length > 0) await trx.insertInto('print_jobs').values(jobs).execute();
      return true;
    });
  }

  async function insertJobs(jobs: NewPrintJob[]): Promise<PrintJobRow[]> {
    if (jobs.length === 0) return [];
    return db.insertInto('print_jobs').values(jobs).returningAll().execute();
  }

  /**
   * Orders still waiting for their tickets: placed since `since`, not marked, in places with an active printer,
   * not rejected or finished. The sweep queues them (after a crash between an order's commit and its tickets).
   */
  async function unmarkedOrders(since: string, limit = 200): Promise<{ id: number; place_id: number }[]> {
    return db
      .selectFrom('orders as o')
      .leftJoin('print_order_marks as m', 'm.order_id', 'o.id')
      .select(['o.id', 'o.place_id'])
      .where('m.order_id', 'is', null)
      .where('o.created_at', '>=', since)
      .where('o.status', '=', 'ordered')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('printers as p')
            .select('p.id')
            .whereRef('p.place_id', '=', 'o.place_id')
            .where('p.active', '=', 1),
        ),
      )
      .orderBy('o.id')
      .limit(limit)
      .execute();
  }

  /**
   * Claims the place's queued jobs for the agent until `until`: unclaimed ones, its own (renewing them) and those
   * whose claim expired. Answers the jobs with their printers, oldest first.
   */
  async function claim(
    placeId: number | null,
    agentId: string,
    now: string,
    until: string,
  ): Promise<(PrintJobRow & { printer: PrinterRow | null })[]> {
    let q = db
      .updateTable('print_jobs')
      .set({ claimed_by: agentId, claim_expires_at: until })
      .where('status', '=', 'queued')
      .where((eb) =>
        eb.or([
          eb('claimed_by', 'is', null),
          eb('claimed_by', '=', agentId),
          eb('claim_expires_at', '<', now),
        ]),
      );
    if (placeId !== null) q = q.where('place_id', '=', placeId);
    const jobs = await q.returningAll().execute();
    if (jobs.length === 0) return [];
    const printerIds = [...new Set(jobs.map((j) => j.printer_id).filter((p): p is number => p !== null))];
    const printers = printerIds.length
      ? await db.selectFrom('printers').selectAll().where('id', 'in', printerIds).execute()
      : [];
    const byId = new Map(printers.map((p) => [p.id, p]));
    return jobs
      .map((j) => ({
        ...j,
        id: Number(j.id),
        printer: j.printer_id !== null ? (byId.get(j.printer_id) ?? null) : null,
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** Acknowledged: printed, never offered again. False when the job is not the place's. */
  async function ack(placeId: number, jobId: number, at: string): Promise<boolean> {
    const job = await db
      .selectFrom('print_jobs')
      .select(['id', 'status'])
      .where('place_id', '=', placeId)
      .where('id', '=', jobId)
      .executeTakeFirst();
    if (!job) return false;
    await db
      .updateTable('print_jobs')
      .set({
        status: 'printed',
        printed_at: at,
        last_error: null,
        last_problem: null,
        claimed_by: null,
        claim_expires_at: null,
      })
      .where('place_id', '=', placeId)
      .where('id', '=', jobId)
      .where('status', '=', 'queued')
      .execute();
    return true;
  }

  /** A failed attempt (printer off, out of paper, unreachable): counted with its error; the job stays queued. */
  async function fail(
    placeId: number,
    jobId: number,
    error: string,
    problem: string | null,
    at: string,
  ): Promise<boolean> {
    const res = await db
      .updateTable('print_jobs')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: error,
        last_problem: problem,
        last_attempt_at: at,
      }))
      .where('place_id', '=', placeId)
      .where('id', '=', jobId)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) return true;
    const job = await db
      .selectFrom('print_jobs')
      .select('id')
      .where('place_id', '=', placeId)
      .where('id', '=', jobId)
      .executeTakeFirst();
    return job !== undefined;
  }

  async function listJobs(
    placeId: number,
    opts: { status?: string; orderId?: number; limit?: number },
  ): Promise<(PrintJobRow & { printer_name: string | null })[]> {
    let q = db
      .selectFrom('print_jobs as j')
      .leftJoin('printers as p', 'p.id', 'j.printer_id')
      .selectAll('j')
      .select('p.name as printer_name')
      .where('j.place_id', '=', placeId);
    if (opts.status) q = q.where('j.status', '=', opts.status);
    if (opts.orderId) q = q.where('j.order_id', '=', opts.orderId);
    const rows = await q
      .orderBy('j.id', 'desc')
      .limit(opts.limit ?? 200)
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  // Agent keys

  async function listKeys(placeId: number) {
    return db
      .selectFrom('print_agent_keys')
      .select(['id', 'name', 'prefix', 'created_at', 'revoked_at', 'last_seen_at'])
      .where('place_id', '=', placeId)
      .orderBy('id')
      .execute();
  }

  async function createKey(values: {
    place_id: number;
    name: string;
    prefix: string;
    key_hash: string;
    created_by: number;
    created_at: string;
  }) {
    return db
      .insertInto('print_agent_keys')
      .values(values)
      .returning(['id', 'name', 'prefix', 'created_at', 'revoked_at', 'last_seen_at'])
      .executeTakeFirstOrThrow();
  }

  async function revokeKey(placeId: number, id: number, at: string): Promise<boolean> {
    const key = await db
      .selectFrom('print_agent_keys')
      .select(['id', 'revoked_at'])
      .where('place_id', '=', placeId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!key) return false;
    if (!key.revoked_at) {
      await db
        .updateTable('print_agent_keys')
        .set({ revoked_at: at })
        .where('place_id', '=', placeId)
        .where('id', '=', id)
        .execute();
    }
    return true;
  }

  async function findKey(hash: string) {
    return db
      .selectFrom('print_agent_keys')
      .select(['id', 'place_id', 'revoked_at'])
      .where('key_hash', '=', hash)
      .executeTakeFirst();
  }

  async function isKeyActive(id: number): Promise<boolean> {
    const row = await db
      .selectFrom('print_agent_keys')
      .select('revoked_at')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined && row.revoked_at === null;
  }

  async function touchKey(id: number, at: string): Promise<void> {
    await db.updateTable('print_agent_keys').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  /** Latest time an agent of the place was seen (any key, revoked or not). */
  async function lastAgentSeen(placeId: number): Promise<string | null> {
    const row = await db
      .selectFrom('print_agent_keys')
      .select((eb) => eb.fn.max('last_seen_at').as('seen'))
      .where('place_id', '=', placeId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return (row?.seen as string | null | undefined) ?? null;
  }

  /** The venue's name (the ticket's header) and its settings (language, time zone, print moment). */
  async function venue(placeId: number) {
    const [place, settings] = await Promise.all([
      db.selectFrom('places').select('name').where('id', '=', placeId).executeTakeFirst(),
      readPlaceSettings(db, placeId),
    ]);
    return { name: place?.name ?? '', settings };
  }

  return {
    venue,
    listPrinters,
    getPrinter,
    printerCategories,
    waitingByPrinter,
    placeCategoryIds,
    savePrinter,
    deletePrinter,
    routing,
    primaryCategories,
    hasActivePrinter,
    queueOrderJobs,
    insertJobs,
    unmarkedOrders,
    claim,
    ack,
    fail,
    listJobs,
    listKeys,
    createKey,
    revokeKey,
    findKey,
    isKeyActive,
    touchKey,
    lastAgentSeen,
  };
}
