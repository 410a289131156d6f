/**
 * The event bus behind the staff boards and the guests' order streams (architecture: real time by SSE; several
 * server processes fan out through PostgreSQL LISTEN/NOTIFY).
 *
 * Every event is first stored in `staff_events`; its id is the SSE event id, so a client that lost its connection
 * resumes with `Last-Event-ID` from the table and sees nothing twice. Delivery to the subscribers of this process:
 * - SQLite (one process by design): right after the insert, in insert order;
 * - PostgreSQL: only through LISTEN, for this process's own events too. The insert takes a transaction-level
 *   advisory lock and sends `pg_notify` in the same transaction, so ids are committed in increasing order and
 *   every process (PostgreSQL delivers notifications in commit order) sees every event once, in id order. A
 *   stream can then drop anything at or below the last id it sent, which is what makes catch-up + live exact.
 * When the LISTEN connection drops it reconnects and replays what it missed from the table.
 *
 * Decorates `app.events` (the bus); the staff module decorates `app.staffNotifier`, which the orders, tables and
 * feedback services call after their writes (optional there, so they work without it).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql, type Insertable } from 'kysely';
import pg from 'pg';
import { withRawSqlite, type AppDatabase, type DatabaseHandle, type RawSqlite } from '../db/database.ts';
import { BatchQueue } from '../lib/batch-queue.ts';
import { preparedQuery } from '../db/pg-prepared.ts';
import type { StaffEventsTable } from '../db/schema.ts';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';

export interface BusEvent {
  id: number;
  placeId: number;
  type: string;
  /** The guest order token (table session) the event concerns, if any. */
  session: string | null;
  data: unknown;
  createdAt: string;
}

export interface NewBusEvent {
  placeId: number;
  type: string;
  session?: string | null;
  data: unknown;
}

export type BusListener = (event: BusEvent) => void;

/** What other modules tell the staff boards. Implemented by the staff module; never throws, never waits. */
export interface StaffNotifier {
  /**
   * `published`: the board's order when its `order.created` event was already stored in the order's own
   * transaction (PostgreSQL group commit, orders.store.ts): only the e-mail and SMS are left to do.
   */
  orderCreated(placeId: number, orderId: number, published?: StaffOrder): void;
  /** A verified online payment (or its failure) changed the order's payment_status (payments module). */
  orderPaymentChanged(placeId: number, orderId: number, change: { from: string; to: string }): void;
  userNeedCreated(placeId: number, userNeedId: number): void;
  feedbackGiven(placeId: number, feedback: FeedbackNotice): void;
}

export interface FeedbackNotice {
  orderId: number | null;
  name: string | null;
  createdAt: string;
  answers: { question_id: number | null; rating: number | null; text: string | null }[];
}

const CHANNEL = 'trapeza_staff_events';
/**
 * Cache invalidations between processes (issue "Scale out" item 4): the payload is `<origin> <what>` with `what` a
 * place id or `*` (everything) — a few dozen bytes, far below NOTIFY's 8000-byte limit; anything longer would be
 * sent as `*`, so an invalidation is never lost to the limit, only widened.
 */
const CACHE_CHANNEL = 'trapeza_cache';
const MAX_CACHE_PAYLOAD = 7900;
/** Key of the advisory lock that orders event inserts across processes (any constant; 'TRPZ'). */
const ORDER_LOCK_KEY = 0x5452505a;
/** NOTIFY payloads are limited to 8000 bytes; bigger events travel as their id and are read back. */
const MAX_INLINE_PAYLOAD = 7000;
/** How long events are kept for catch-up. */
const EVENT_RETENTION_MS = 24 * 3600 * 1000;
/** Catch-up answers at most this many events; a client further behind gets `reset` and reloads. */
export const MAX_CATCH_UP = 2000;

type Row = {
  id: number | string;
  place_id: number;
  type: string;
  session: string | null;
  data: string;
  created_at: string;
};

function fromRow(r: Row): BusEvent {
  let data: unknown;
  try {
    data = JSON.parse(r.data);
  } catch {
    data = {};
  }
  return {
    id: Number(r.id),
    placeId: r.place_id,
    type: r.type,
    session: r.session,
    data,
    createdAt: r.created_at,
  };
}

/**
 * The batch's events in one synchronous transaction (the data as published: no need to read it back), committed
 * with `synchronous = NORMAL`: in WAL mode that COMMIT skips the fsync (the event loop waited on it once per batch,
 * beside the orders' own). The events stay as durable as the orders against a crash of the process (the WAL is
 * written before COMMIT returns); only a power loss or OS crash can drop the newest of them, until the next
 * `synchronous = FULL` commit (the next order) syncs the WAL with them in it. A lost event costs nothing: the boards
 * reload the orders themselves whenever they reconnect.
 */
function insertEventsSqlite(
  raw: RawSqlite,
  batch: { values: Insertable<StaffEventsTable>; data: unknown }[],
): BusEvent[] {
  const insert = raw.prepare(
    'insert into staff_events (place_id, type, session, data, created_at) values (?, ?, ?, ?, ?)',
  );
  raw.prepare('pragma synchronous = NORMAL').run();
  try {
    return insertAll(raw, insert, batch);
  } finally {
    raw.prepare('pragma synchronous = FULL').run();
  }
}

function insertAll(
  raw: RawSqlite,
  insert: ReturnType<RawSqlite['prepare']>,
  batch: { values: Insertable<StaffEventsTable>; data: unknown }[],
): BusEvent[] {
  return raw.database.transaction(() =>
    batch.map(({ values, data }): BusEvent => {
      const session = values.session ?? null;
      const { lastInsertRowid } = insert.run(
        values.place_id,
        values.type,
        session,
        values.data,
        values.created_at,
      );
      return {
        id: Number(lastInsertRowid),
        placeId: values.place_id,
        type: values.type,
        session,
        data,
        createdAt: values.created_at as string,
      };
    }),
  )();
}

/**
 * Stores staff events in the caller's PostgreSQL transaction and notifies every process of them, in one prepared
 * statement: the transaction-level order lock (`ORDER_LOCK_KEY`, held until the caller's COMMIT, so event ids
 * commit in increasing order in every process), the multi-row insert, and one `pg_notify` per event in id order
 * (PostgreSQL delivers a transaction's notifications at its COMMIT, in the order sent; none if it rolls back).
 * The lock is joined into the insert's rows, so it is held before the first id is drawn from the sequence. An
 * event whose inline payload would pass NOTIFY's 8000-byte limit travels as its id and is read back by the
 * listeners. Used by the bus's own batches and by the orders' group commit (a new order and its `order.created`
 * event commit together).
 */
const STORE_EVENTS_PG =
  'with lk as materialized (select count(pg_advisory_xact_lock($1::bigint)) as locked), ' +
  'e as (insert into staff_events (place_id, type, session, data, created_at) ' +
  'select r.place_id, r.type, r.session, r.data, r.created_at from lk cross join ' +
  'json_to_recordset($2::json) as r(place_id int, type text, session text, data text, created_at text) ' +
  'returning id, place_id, type, session, data, created_at), ' +
  "s as (select e.*, json_build_object('id', e.id, 'p', e.place_id, 't', e.type, 's', e.session, " +
  "'d', e.data::json, 'c', e.created_at)::text as inline from e order by e.id offset 0) " +
  'select s.id, s.place_id, s.type, s.session, s.data, s.created_at, ' +
  "pg_notify($3, case when octet_length(s.inline) <= $4 then s.inline else json_build_object('id', s.id)::text end) " +
  'as notified from s';

/** `target`: a pool client inside its transaction (a named prepared statement), or a Kysely transaction. */
export async function storeEventsPg(
  target: pg.PoolClient | AppDatabase,
  events: readonly Insertable<StaffEventsTable>[],
): Promise<BusEvent[]> {
  if (events.length === 0) return [];
  const rows = events.map((e) => ({
    place_id: e.place_id,
    type: e.type,
    session: e.session ?? null,
    data: e.data ?? '{}',
    created_at: e.created_at,
  }));
  const values = [ORDER_LOCK_KEY, JSON.stringify(rows), CHANNEL, MAX_INLINE_PAYLOAD];
  const stored =
    'executeQuery' in target
      ? (await target.executeQuery<Row>(CompiledQuery.raw(STORE_EVENTS_PG, values))).rows
      : (await preparedQuery<Row>(target, STORE_EVENTS_PG, values)).rows;
  return stored.map(fromRow).sort((a, b) => a.id - b.id);
}

export interface EventBusOptions {
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  now: () => Date;
}

export class EventBus {
  readonly #db: AppDatabase;
  readonly #handle: DatabaseHandle;
  readonly #opts: EventBusOptions;
  readonly #listeners = new Map<number, Set<BusListener>>();
  /** Identifies this process's bus in logs. */
  readonly origin = randomUUID();
  #client: pg.Client | null = null;
  #closed = false;
  #queue: Promise<void> = Promise.resolve();
  #lastDispatched = 0;
  #pruneTimer: NodeJS.Timeout | null = null;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #invalidated: ((placeId: number | undefined) => void) | null = null;

  constructor(handle: DatabaseHandle, opts: EventBusOptions) {
    this.#handle = handle;
    this.#db = handle.db;
    this.#opts = opts;
  }

  get usesListenNotify(): boolean {
    return this.#handle.dialect === 'postgres';
  }

  /** Connects LISTEN (PostgreSQL) and starts the hourly pruning of old events. */
  async start(): Promise<void> {
    this.#lastDispatched = await this.lastId();
    if (this.usesListenNotify) await this.#listen();
    await this.prune().catch((err: unknown) => this.#opts.log.warn({ err }, 'staff events: prune failed'));
    this.#pruneTimer = setInterval(() => {
      this.prune().catch((err: unknown) => this.#opts.log.warn({ err }, 'staff events: prune failed'));
    }, 3600_000);
    this.#pruneTimer.unref();
  }

  async stop(): Promise<void> {
    this.#closed = true;
    if (this.#pruneTimer) clearInterval(this.#pruneTimer);
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = null;
    if (client) await client.end().catch(() => undefined);
    await this.#queue.catch(() => undefined);
  }

  /**
   * What to drop when another process's admin write changed a place (`undefined`: everything, also after the LISTEN
   * connection was lost, when invalidations may have been missed).
   */
  onInvalidate(handler: (placeId: number | undefined) => void): void {
    this.#invalidated = handler;
  }

  /**
   * Tells the other processes to drop their caches of a place (or all). Call after the write committed: they read
   * the new data on their next miss. A no-op on SQLite (one process).
   */
  async broadcastInvalidation(placeId?: number): Promise<void> {
    if (!this.usesListenNotify) return;
    let payload = `${this.origin} ${placeId === undefined ? '*' : String(placeId)}`;
    if (Buffer.byteLength(payload) > MAX_CACHE_PAYLOAD) payload = `${this.origin} *`;
    await sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`.execute(this.#db);
  }

  #onCacheNotification(payload: string): void {
    const [origin, what] = payload.split(' ', 2);
    // This process dropped its own caches when it wrote.
    if (origin === this.origin) return;
    const placeId = what === undefined || what === '*' ? undefined : Number(what);
    this.#invalidated?.(placeId === undefined || Number.isSafeInteger(placeId) ? placeId : undefined);
  }

  /** Stores the event and delivers it to every process's subscribers of its place. */
  async publish(event: NewBusEvent): Promise<BusEvent> {
    const values = {
      place_id: event.placeId,
      type: event.type,
      session: event.session ?? null,
      data: JSON.stringify(event.data ?? {}),
      created_at: this.#opts.now().toISOString(),
    };
    if (!this.usesListenNotify) return this.#sqliteWrites.push({ values, data: event.data ?? {} });
    return this.#pgWrites.push(values);
  }

  /**
   * PostgreSQL group commit: events published while a transaction is under way are stored together in the next
   * one — the order lock, the multi-row insert and the notifications in one prepared statement (`storeEventsPg`) —
   * instead of a transaction of five round trips per event (a burst of orders announces dozens at once). New orders'
   * events do not come here on PostgreSQL: they are stored in the orders' own transaction (orders.store.ts). A
   * failed batch rejects each of its publishers (who log it; the boards catch up on reconnect).
   */
  readonly #pgWrites = new BatchQueue<Insertable<StaffEventsTable>, BusEvent>(
    async (batch) => {
      // A PostgreSQL handle always carries its pool (db/database.ts).
      const client = await this.#handle.pgPool!.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        try {
          const stored = await storeEventsPg(client, batch);
          await client.query('commit');
          return stored.map((value) => ({ value }));
        } catch (err) {
          await client.query('rollback').catch((e: unknown) => (broken = e as Error));
          throw err;
        }
      } finally {
        client.release(broken);
      }
    },
    { max: 256, deferFirst: true },
  );

  /**
   * SQLite group commit: events published while a write is under way are inserted together in the next transaction
   * (`insertEventsSqlite`), in publish order, and dispatched in id order after its COMMIT — one COMMIT per batch
   * instead of one per event on the busiest path. A failed batch rejects each of its publishers (who log it; the
   * boards catch up on reconnect).
   */
  readonly #sqliteWrites = new BatchQueue<{ values: Insertable<StaffEventsTable>; data: unknown }, BusEvent>(
    async (batch) => {
      // A SQLite handle always carries its database (db/database.ts openSqlite).
      const raw = this.#handle.sqlite!;
      const stored = await withRawSqlite(this.#db, raw, () => insertEventsSqlite(raw, batch));
      for (const event of stored) this.#dispatch(event);
      return stored.map((value) => ({ value }));
    },
    { max: 256, deferFirst: true },
  );

  /** Live events of one place, from now on. Returns the unsubscribe function. */
  subscribe(placeId: number, listener: BusListener): () => void {
    let set = this.#listeners.get(placeId);
    if (!set) {
      set = new Set();
      this.#listeners.set(placeId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(placeId);
    };
  }

  /** Stored events of the place after `afterId`, oldest first (at most `limit`); only one session's if given. */
  async since(
    placeId: number,
    afterId: number,
    opts: { session?: string; limit?: number } = {},
  ): Promise<BusEvent[]> {
    let q = this.#db
      .selectFrom('staff_events')
      .selectAll()
      .where('place_id', '=', placeId)
      .where('id', '>', afterId);
    if (opts.session !== undefined) q = q.where('session', '=', opts.session);
    const rows = await q
      .orderBy('id')
      .limit(opts.limit ?? MAX_CATCH_UP)
      .execute();
    return rows.map(fromRow);
  }

  /** The newest event id (of a place, or of all), 0 when none. */
  async lastId(placeId?: number): Promise<number> {
    let q = this.#db.selectFrom('staff_events').select((eb) => eb.fn.max('id').as('max'));
    if (placeId !== undefined) q = q.where('place_id', '=', placeId);
    const row = await q.executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  /** Whether events after `afterId` may have been pruned already (the client must reload instead of catching up). */
  async isPruned(afterId: number): Promise<boolean> {
    if (afterId <= 0) return false;
    const row = await this.#db
      .selectFrom('staff_events')
      .select((eb) => eb.fn.min('id').as('min'))
      .executeTakeFirst();
    const min = row?.min == null ? null : Number(row.min);
    return min !== null && afterId < min - 1;
  }

  /** Deletes events older than the retention. */
  async prune(): Promise<void> {
    const before = new Date(this.#opts.now().getTime() - EVENT_RETENTION_MS).toISOString();
    await this.#db.deleteFrom('staff_events').where('created_at', '<', before).execute();
  }

  #dispatch(event: BusEvent): void {
    if (event.id <= this.#lastDispatched && this.usesListenNotify) return;
    this.#lastDispatched = Math.max(this.#lastDispatched, event.id);
    const set = this.#listeners.get(event.placeId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (err) {
        this.#opts.log.error({ err }, 'staff events: listener failed');
      }
    }
  }

  async #listen(): Promise<void> {
    const url = this.#handle.connectionString;
    if (!url) throw new Error('PostgreSQL event bus needs the connection string');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on('notification', (msg) => {
      if (msg.channel === CACHE_CHANNEL && msg.payload) {
        try {
          this.#onCacheNotification(msg.payload);
        } catch (err) {
          this.#opts.log.error({ err }, 'cache invalidation failed');
        }
        return;
      }
      if (msg.channel !== CHANNEL || !msg.payload) return;
      const payload = msg.payload;
      // One at a time: a notification whose event must be read back may not be overtaken by the next one.
      this.#queue = this.#queue
        .then(() => this.#onNotification(payload))
        .catch((err: unknown) => {
          this.#opts.log.error({ err }, 'staff events: notification failed');
        });
    });
    const lost = (err?: unknown) => {
      if (this.#client !== client) return;
      this.#client = null;
      client.end().catch(() => undefined);
      if (this.#closed) return;
      this.#opts.log.warn({ err }, 'staff events: LISTEN connection lost; reconnecting');
      this.#scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    await client.query(`LISTEN ${CACHE_CHANNEL}`);
    this.#client = client;
  }

  #scheduleReconnect(delay = 1000): void {
    this.#reconnectTimer = setTimeout(() => {
      if (this.#closed) return;
      this.#listen()
        .then(() => {
          // Invalidations sent while we were not listening are lost: drop every cache.
          this.#invalidated?.(undefined);
          // Replay whatever was committed while we were not listening.
          this.#queue = this.#queue.then(() => this.#replayMissed());
        })
        .catch((err: unknown) => {
          this.#opts.log.warn({ err }, 'staff events: LISTEN reconnect failed');
          this.#scheduleReconnect(Math.min(delay * 2, 30_000));
        });
    }, delay);
    this.#reconnectTimer.unref();
  }

  async #replayMissed(): Promise<void> {
    const rows = await this.#db
      .selectFrom('staff_events')
      .selectAll()
      .where('id', '>', this.#lastDispatched)
      .orderBy('id')
      .limit(MAX_CATCH_UP)
      .execute();
    for (const row of rows) this.#dispatch(fromRow(row));
  }

  async #onNotification(payload: string): Promise<void> {
    const msg = JSON.parse(payload) as {
      id: number;
      p?: number;
      t?: string;
      s?: string | null;
      d?: unknown;
      c?: string;
    };
    if (msg.p !== undefined && msg.t !== undefined && msg.c !== undefined) {
      this.#dispatch({
        id: Number(msg.id),
        placeId: msg.p,
        type: msg.t,
        session: msg.s ?? null,
        data: msg.d,
        createdAt: msg.c,
      });
      return;
    }
    const row = await this.#db
      .selectFrom('staff_events')
      .selectAll()
      .where('id', '=', Number(msg.id))
      .executeTakeFirst();
    if (row) this.#dispatch(fromRow(row));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
    /** Set by the staff module (registerStaffNotifier); absent before it. */
    staffNotifier: StaffNotifier | undefined;
  }
}

/** Starts the bus (LISTEN on PostgreSQL) and stops it when the app closes. */
export async function registerEvents(app: FastifyInstance, database: DatabaseHandle): Promise<EventBus> {
  const bus = new EventBus(database, { log: app.log, now: () => app.clock.now() });
  await bus.start();
  app.decorate('events', bus);
  app.addHook('onClose', async () => bus.stop());
  return bus;
}
