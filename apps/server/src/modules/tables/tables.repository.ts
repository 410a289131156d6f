/**
 * The only place with SQL for tables, rooms, table sessions, waiter calls (user needs) and bill requests. Every
 * query takes the place id of the request's tenant: a QR token or a session of another venue is simply not found.
 */
import type { Selectable } from 'kysely';
import type pg from 'pg';
import { withRawSqlite, type AppDatabase, type DatabaseHandle } from '../../db/database.ts';
import { preparedQuery } from '../../db/pg-prepared.ts';
import { BatchQueue, type BatchOutcome } from '../../lib/batch-queue.ts';
import type { TableSessionsTable, TablesTable } from '../../db/schema.ts';
import { readPlaceSetting } from '../../db/place-settings.ts';

export type TableRow = Selectable<TablesTable>;
type TableSessionRow = Selectable<TableSessionsTable>;
export type SessionWithTable = TableSessionRow & {
  table_number: string;
  table_kind: string;
  table_token: string;
};

export interface NewUserNeed {
  placeId: number;
  tableId: number | null;
  session: string | null;
  type: string;
  text: string | null;
  createdAt: string;
}

/** The sessions of a batch with their tables, one prepared statement (the place is matched per request below). */
const SESSIONS_PG =
  'select s.*, t.number as table_number, t.kind as table_kind, t.token as table_token ' +
  'from table_sessions s join tables t on t.id = s.table_id where s.session = any($1::text[])';

/** Each request's session at its place, as `findSession`'s own query would answer it. */
async function readSessionsPg(
  pool: pg.Pool,
  batch: { placeId: number; session: string }[],
): Promise<BatchOutcome<SessionWithTable | undefined>[]> {
  const { rows } = await preparedQuery<SessionWithTable>(pool, SESSIONS_PG, [
    [...new Set(batch.map((b) => b.session))],
  ]);
  return batch.map((b) => ({
    value: rows.find((r) => r.session === b.session && r.place_id === b.placeId),
  }));
}

/**
 * Built from the app's database handle, as the orders repository is, wherever it is built (the order intake, the
 * table party, the tables and staff routes): the session lookup uses the handle's fast paths when it has them.
 */
export function createTablesRepository(database: DatabaseHandle) {
  const db: AppDatabase = database.db;
  /** SQLite: the database itself, for the session lookup every table order makes (see `findSession`). */
  const sqlite = database.sqlite ?? null;
  const pgPool = database.pgPool ?? null;
  /** The database itself, the default of the calls that also run inside a caller's transaction. */
  const root = db;
  /**
   * PostgreSQL: the session lookups of requests arriving together (every table order makes one) in one statement,
   * one round trip for a burst. Reads only, nothing kept: each request sees the session as a query of its own
   * would a moment later, whichever process changed it.
   */
  const sessionReads: BatchQueue<{ placeId: number; session: string }, SessionWithTable | undefined> | null =
    pgPool ? new BatchQueue((batch) => readSessionsPg(pgPool, batch), { max: 256, deferFirst: true }) : null;

  /** An active table or room of the place by its QR token. */
  async function findActiveTableByToken(placeId: number, token: string): Promise<TableRow | undefined> {
    return db
      .selectFrom('tables')
      .selectAll()
      .where('place_id', '=', placeId)
      .where('token', '=', token)
      .where('active', '=', 1)
      .executeTakeFirst();
  }

  /** The place's active order types (which one a QR session carries: sessionOrderTypeFor). */
  async function listActiveOrderTypes(placeId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('order_types')
      .select('type')
      .where('place_id', '=', placeId)
      .where('active', '=', 1)
      .execute();
    return rows.map((r) => Number(r.type));
  }

  async function insertSession(row: {
    placeId: number;
    tableId: number;
    session: string;
    orderType: number;
    expiresAt: string;
    createdAt: string;
    /** 'kiosk' | 'tablet': one device, never joined by another phone. */
    mode?: string | null;
  }): Promise<void> {
    await db
      .insertInto('table_sessions')
      .values({
        place_id: row.placeId,
        table_id: row.tableId,
        session: row.session,
        order_type: row.orderType,
        expires_at: row.expiresAt,
        bill_wanted: 0,
        bill_payment_method: null,
        created_at: row.createdAt,
        mode: row.mode ?? null,
      })
      .execute();
  }

  /**
   * The table's open shared session (issue 19): no device mode, not closed (bill paid in full), not expired; the
   * newest when there are several (two phones that scanned at the same instant before either was stored).
   */
  async function findOpenSharedSession(placeId: number, tableId: number, nowIso: string) {
    return db
      .selectFrom('table_sessions')
      .select(['id', 'session', 'expires_at', 'bill_wanted'])
      .where('place_id', '=', placeId)
      .where('table_id', '=', tableId)
      .where('closed_at', 'is', null)
      .where('mode', 'is', null)
      .where('expires_at', '>', nowIso)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Moves a session's expiry later (never earlier). */
  async function extendSession(id: number, expiresAt: string): Promise<void> {
    await db
      .updateTable('table_sessions')
      .set({ expires_at: expiresAt })
      .where('id', '=', id)
      .where('expires_at', '<', expiresAt)
      .execute();
  }

  /** A session of the place with its table (expired ones too: the caller decides). */
  async function findSession(
    placeId: number,
    session: string,
    db: AppDatabase = root,
  ): Promise<SessionWithTable | undefined> {
    // The batch and the raw statements read outside any transaction: a caller's transaction (db !== root) gets its
    // own query, so it sees its own uncommitted writes (change table reads the session it just moved).
    if (sessionReads && db === root) return sessionReads.push({ placeId, session });
    const raw = sqlite;
    if (raw && db === root) {
      // Two single-table statements rather than the join: SQLite re-prepares that join on every new binding.
      return withRawSqlite(db, raw, (r) => {
        const s = r
          .prepare('select * from table_sessions where session = ? and +place_id = ?')
          .get(session, placeId) as TableSessionRow | undefined;
        if (!s) return undefined;
        const t = r.prepare('select number, kind, token from tables where id = ?').get(s.table_id) as
          { number: string; kind: string; token: string } | undefined;
        return t ? { ...s, table_number: t.number, table_kind: t.kind, table_token: t.token } : undefined;
      });
    }
    return db
      .selectFrom('table_sessions as s')
      .innerJoin('tables as t', 't.id', 's.table_id')
      .selectAll('s')
      .select(['t.number as table_number', 't.kind as table_kind', 't.token as table_token'])
      .where('s.place_id', '=', placeId)
      .where('s.session', '=', session)
      .executeTakeFirst();
  }

  /** Active tables and rooms of the place with their hall, for change-table (no QR tokens). */
  async function listTables(placeId: number) {
    return db
      .selectFrom('tables as t')
      .leftJoin('halls as h', 'h.id', 't.hall_id')
      .select(['t.id', 't.number', 't.kind', 't.seats', 't.hall_id', 'h.name as hall_name'])
      .where('t.place_id', '=', placeId)
      .where('t.active', '=', 1)
      .orderBy('t.kind')
      .orderBy('t.id')
      .execute();
  }

  /** One setting of the place (raw text), if set. */
  function getSetting(placeId: number, key: string): Promise<string | undefined> {
    return readPlaceSetting(db, placeId, key);
  }

  /** An active table or room of the place by id. */
  async function findActiveTable(
    placeId: number,
    tableId: number,
    db: AppDatabase = root,
  ): Promise<TableRow | undefined> {
    return db
      .selectFrom('tables')
      .selectAll()
      .where('place_id', '=', placeId)
      .where('id', '=', tableId)
      .where('active', '=', 1)
      .executeTakeFirst();
  }

  /** Moves a session and the orders placed under it to another table (a room also sets the orders' room). */
  async function moveSession(
    db: AppDatabase,
    s: { placeId: number; sessionId: number; session: string; table: TableRow },
    updatedAt: string,
  ): Promise<void> {
    await db
      .updateTable('table_sessions')
      .set({ table_id: s.table.id })
      .where('id', '=', s.sessionId)
      .where('place_id', '=', s.placeId)
      .execute();
    await db
      .updateTable('orders')
      .set({
        table_id: s.table.id,
        ...(s.table.kind === 'room' ? { room_number: s.table.number } : {}),
        updated_at: updatedAt,
      })
      .where('place_id', '=', s.placeId)
      .where('token', '=', s.session)
      .execute();
  }

  /** Whether the session has at least one order. */
  async function sessionHasOrders(
    placeId: number,
    session: string,
    db: AppDatabase = root,
  ): Promise<boolean> {
    const row = await db
      .selectFrom('orders')
      .select('id')
      .where('place_id', '=', placeId)
      .where('token', '=', session)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Marks the bill wanted once: the conditional update is the guard, so two simultaneous requests cannot both
   * succeed. Returns false when it was already requested.
   */
  async function markBillWanted(
    db: AppDatabase,
    s: {
      placeId: number;
      sessionId: number;
      session: string;
      paymentMethod: string | null;
      expiresAt: string;
    },
    updatedAt: string,
  ): Promise<boolean> {
    const res = await db
      .updateTable('table_sessions')
      .set({ bill_wanted: 1, bill_payment_method: s.paymentMethod, expires_at: s.expiresAt })
      .where('id', '=', s.sessionId)
      .where('place_id', '=', s.placeId)
      .where('bill_wanted', '=', 0)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await db
      .updateTable('orders')
      .set({ bill_wanted: 1, bill_payment_method: s.paymentMethod, updated_at: updatedAt })
      .where('place_id', '=', s.placeId)
      .where('token', '=', s.session)
      .execute();
    return true;
  }

  async function insertUserNeed(row: NewUserNeed, db: AppDatabase = root): Promise<{ id: number }> {
    return db
      .insertInto('user_needs')
      .values({
        place_id: row.placeId,
        table_id: row.tableId,
        session: row.session,
        type: row.type,
        text: row.text,
        status: 'open',
        created_at: row.createdAt,
        done_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** Runs `work` in one transaction. */
  async function transaction<T>(work: (trx: AppDatabase) => Promise<T>): Promise<T> {
    return db.transaction().execute((trx) => work(trx));
  }

  return {
    findActiveTableByToken,
    listActiveOrderTypes,
    insertSession,
    findOpenSharedSession,
    extendSession,
    findSession,
    listTables,
    getSetting,
    findActiveTable,
    moveSession,
    sessionHasOrders,
    markBillWanted,
    insertUserNeed,
    transaction,
  };
}
export type TablesRepository = ReturnType<typeof createTablesRepository>;
