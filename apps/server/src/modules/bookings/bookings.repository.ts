/**
 * The only SQL of the bookings module (Kysely), every query scoped by place. The one write that must never race,
 * creating a booking, runs inside `withBookingLock`, which serialises every writer whose stay touches the same
 * (place, date):
 * - PostgreSQL: a transaction-scoped advisory lock per touched date, `pg_advisory_xact_lock(place_id,
 *   hashtext('booking:' || date))`, taken in ascending date order (no deadlock), released at commit/rollback; the
 *   capacity check and the insert run after it, so the second of two racing guests sees the first one's row.
 * - SQLite: `BEGIN IMMEDIATE` on the one connection (Kysely's SQLite driver hands it to one caller at a time, and
 *   IMMEDIATE takes the database's write lock up front, so even a second process waits, busy_timeout 5 s).
 */
import { sql, type Kysely } from 'kysely';
import type { AppDatabase, DialectName } from '../../db/database.ts';
import type { BookingsTable, Database } from '../../db/schema.ts';
import type { Insertable, Selectable } from 'kysely';
import { readPlaceSettings } from '../../db/place-settings.ts';

export type BookingRow = Selectable<BookingsTable>;

/** A booking with the names the answers show. */
export interface BookingView extends BookingRow {
  hall_name: string | null;
  hall_translations: string | null;
  table_number: string | null;
  table_seats: number | null;
  product_name: string | null;
  product_translations: string | null;
}

export interface PlaceInfo {
  id: number;
  slug: string;
  name: string;
  translations: string;
  modules: string[];
}

/** Statuses that may hold a table (the pending ones are filtered by expires_at in the domain's holdsTable). */
const HOLDING = ['pending_confirmation', 'pending_payment', 'confirmed', 'seated'];
/** Statuses that expire at expires_at: waiting for the guest's e-mail confirmation or for the deposit. */
const PENDING = ['pending_confirmation', 'pending_payment'];

export function createBookingsRepository(db: AppDatabase, dialect: DialectName) {
  /** The database itself, the default of the calls that also run inside a caller's transaction. */
  const root = db;
  async function findPlace(placeId: number): Promise<PlaceInfo | undefined> {
    const row = await db
      .selectFrom('places')
      .select(['id', 'slug', 'name', 'translations', 'functionality_modules'])
      .where('id', '=', placeId)
      .executeTakeFirst();
    if (!row) return undefined;
    let modules: string[] = [];
    try {
      const parsed: unknown = JSON.parse(row.functionality_modules);
      if (Array.isArray(parsed)) modules = parsed.filter((m): m is string => typeof m === 'string');
    } catch {
      // A malformed module list means no optional modules.
    }
    return { id: row.id, slug: row.slug, name: row.name, translations: row.translations, modules };
  }

  function getSettings(placeId: number): Promise<Record<string, string>> {
    return readPlaceSettings(db, placeId);
  }

  async function listHalls(placeId: number): Promise<{ id: number; name: string; translations: string }[]> {
    return db
      .selectFrom('halls')
      .select(['id', 'name', 'translations'])
      .where('place_id', '=', placeId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
  }

  /** Active tables (kind 'table', not hotel rooms) in active halls or in none. */
  async function listTables(
    placeId: number,
    db: Kysely<Database> = root,
  ): Promise<{ id: number; hall_id: number | null; seats: number }[]> {
    return db
      .selectFrom('tables')
      .leftJoin('halls', 'halls.id', 'tables.hall_id')
      .select(['tables.id', 'tables.hall_id', 'tables.seats'])
      .where('tables.place_id', '=', placeId)
      .where('tables.active', '=', 1)
      .where('tables.kind', '=', 'table')
      .where((eb) => eb.or([eb('tables.hall_id', 'is', null), eb('halls.active', '=', 1)]))
      .orderBy('tables.id')
      .execute();
  }

  /** A booking-type product of the place with its active variants (first by position). */
  async function findBookingProduct(
    placeId: number,
    productId: number,
  ): Promise<
    | {
        id: number;
        name: string;
        translations: string;
        variants: { id: number; booking_duration: number | null }[];
      }
    | undefined
  > {
    const product = await db
      .selectFrom('products')
      .select(['id', 'name', 'translations'])
      .where('place_id', '=', placeId)
      .where('id', '=', productId)
      .where('type', '=', 'booking')
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!product) return undefined;
    const variants = await db
      .selectFrom('product_variants')
      .select(['id', 'booking_duration'])
      .where('product_id', '=', product.id)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return { ...product, variants };
  }

  /** Bookings that may hold a table with a date in [from, to] (callers widen by a day for midnight spills). */
  async function listHolding(
    placeId: number,
    from: string,
    to: string,
    db: Kysely<Database> = root,
  ): Promise<
    Pick<BookingRow, 'id' | 'table_id' | 'date' | 'start_time' | 'end_time' | 'status' | 'expires_at'>[]
  > {
    return db
      .selectFrom('bookings')
      .select(['id', 'table_id', 'date', 'start_time', 'end_time', 'status', 'expires_at'])
      .where('place_id', '=', placeId)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .where('status', 'in', HOLDING)
      .execute();
  }

  /**
   * A guest's bookings at the place that may still be open (holding statuses with a date from `fromDate`), matched
   * by e-mail key or phone key; the caller filters by expiry and end of stay (domain rules).
   */
  async function listForGuest(
    placeId: number,
    keys: { email: string; phone: string },
    fromDate: string,
    db: Kysely<Database> = root,
  ): Promise<Pick<BookingRow, 'id' | 'date' | 'start_time' | 'end_time' | 'status' | 'expires_at'>[]> {
    return db
      .selectFrom('bookings')
      .select(['id', 'date', 'start_time', 'end_time', 'status', 'expires_at'])
      .where('place_id', '=', placeId)
      .where((eb) =>
        eb.or([
          eb('email_key', '=', keys.email),
          ...(keys.phone !== '' ? [eb('phone_key', '=', keys.phone)] : []),
        ]),
      )
      .where('date', '>=', fromDate)
      .where('status', 'in', HOLDING)
      .limit(1000)
      .execute();
  }

  /**
   * Runs `fn` in one transaction that no other booking writer of the same (place, dates) can interleave with (see
   * the module comment). `dates` are the calendar dates the new stay touches; `guests` the guest keys whose open
   * bookings are counted inside (two bookings of one guest for different dates then cannot both pass the count).
   * All keys are taken in one sorted order, so two writers never wait for each other in a cycle.
   */
  async function withBookingLock<T>(
    placeId: number,
    dates: string[],
    fn: (db: Kysely<Database>) => Promise<T>,
    guests: string[] = [],
  ): Promise<T> {
    const keys = [
      ...new Set([...dates.map((d) => `booking:${d}`), ...guests.map((g) => `booking-guest:${g}`)]),
    ].sort();
    if (dialect === 'postgres') {
      return db.transaction().execute(async (trx) => {
        for (const key of keys) {
          await sql`select pg_advisory_xact_lock(${placeId}::int, hashtext(${key}))`.execute(trx);
        }
        return fn(trx);
      });
    }
    return db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
    });
  }

  async function insert(db: Kysely<Database>, row: Insertable<BookingsTable>): Promise<number> {
    const { id } = await db.insertInto('bookings').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async function findById(placeId: number, id: number): Promise<BookingView | undefined> {
    return views().where('b.place_id', '=', placeId).where('b.id', '=', id).executeTakeFirst();
  }

  /** Any place's booking (the payments module confirms by booking id alone). */
  async function findByIdAnyPlace(id: number, db: Kysely<Database> = root): Promise<BookingRow | undefined> {
    return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function listForUser(placeId: number, userId: number): Promise<BookingView[]> {
    return views()
      .where('b.place_id', '=', placeId)
      .where('b.user_id', '=', userId)
      .orderBy('b.date', 'desc')
      .orderBy('b.start_time', 'desc')
      .limit(200)
      .execute();
  }

  async function listForStaff(
    placeId: number,
    filter: { from: string; to: string; hallId: number | null; statuses: string[] },
  ): Promise<BookingView[]> {
    let q = views()
      .where('b.place_id', '=', placeId)
      .where('b.date', '>=', filter.from)
      .where('b.date', '<=', filter.to);
    if (filter.hallId !== null) q = q.where('b.hall_id', '=', filter.hallId);
    if (filter.statuses.length > 0) q = q.where('b.status', 'in', filter.statuses);
    return q
      .orderBy('b.date')
      .orderBy('b.start_time')
      .orderBy('b.hall_id')
      .orderBy('b.id')
      .limit(2000)
      .execute();
  }

  /**
   * Moves a booking from one of `from` statuses to `to`; false when it was no longer in one of them (a concurrent
   * change won). Optional extra columns (table, expiry) change with it. `unexpiredAt`: only while its expires_at is
   * after that instant (a pending booking confirmed in the same statement that checks it still holds its table).
   */
  async function transition(
    placeId: number | null,
    id: number,
    from: string[],
    to: string,
    extra: Partial<Pick<BookingRow, 'table_id' | 'hall_id' | 'expires_at'>> = {},
    db: Kysely<Database> = root,
    options: { unexpiredAt?: string } = {},
  ): Promise<boolean> {
    let q = db
      .updateTable('bookings')
      .set({ status: to, ...extra })
      .where('id', '=', id)
      .where('status', 'in', from);
    if (placeId !== null) q = q.where('place_id', '=', placeId);
    if (options.unexpiredAt !== undefined)
      q = q.where('expires_at', 'is not', null).where('expires_at', '>', options.unexpiredAt);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Marks pending bookings (unconfirmed or unpaid) past their expires_at as expired (one place, or all); returns
   * how many. Holding ends at expires_at anyway (holdsTable); this only makes the status say so.
   */
  async function expireUnpaid(nowIso: string, placeId?: number): Promise<number> {
    let q = db
      .updateTable('bookings')
      .set({ status: 'expired' })
      .where('status', 'in', PENDING)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', nowIso);
    if (placeId !== undefined) q = q.where('place_id', '=', placeId);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  function views() {
    return db
      .selectFrom('bookings as b')
      .leftJoin('halls as h', 'h.id', 'b.hall_id')
      .leftJoin('tables as t', 't.id', 'b.table_id')
      .leftJoin('products as p', 'p.id', 'b.product_id')
      .selectAll('b')
      .select([
        'h.name as hall_name',
        'h.translations as hall_translations',
        't.number as table_number',
        't.seats as table_seats',
        'p.name as product_name',
        'p.translations as product_translations',
      ]);
  }

  return {
    findPlace,
    getSettings,
    listHalls,
    listTables,
    findBookingProduct,
    listHolding,
    listForGuest,
    withBookingLock,
    insert,
    findById,
    findByIdAnyPlace,
    listForUser,
    listForStaff,
    transition,
    expireUnpaid,
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
