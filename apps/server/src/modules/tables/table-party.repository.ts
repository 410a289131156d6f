/**
 * The only SQL of the table party (issue 19): guests, the shared cart, the bill's shares. Every query is scoped by
 * the place (and the session, which belongs to one place). The two once-only guards are conditional updates in the
 * database, so they hold across server processes: `startSending` (the cart's version and no send under way) and
 * `lockBill` (a row lock on the session that serialises share claims on PostgreSQL; SQLite has one connection).
 */
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';

export interface GuestRow {
  id: number;
  number: number;
  name: string | null;
  guest_key: string;
}

export interface CartLineRow {
  id: number;
  guest_id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
  ingredients: string;
  comment: string | null;
  private: number;
  name: string;
  size: string | null;
  price: number;
}

interface ShareRow {
  id: number;
  guest_id: number | null;
  mode: string;
  parts: number | null;
  part_index: number | null;
  amount: number;
  tip: number;
  method: string;
  status: string;
  expires_at: string | null;
  created_at: string;
}

interface ShareItemRow {
  share_id: number;
  order_line_id: number;
  quantity: number;
  amount: number;
}

interface BillOrderRow {
  id: number;
  key: string;
  status: string;
  created_at: string;
  total: number;
  currency: string;
}

interface BillLineRow {
  id: number;
  order_id: number;
  name: string;
  size: string | null;
  quantity: number;
  line_total: number;
}

export interface PartySession {
  id: number;
  place_id: number;
  table_id: number;
  session: string;
  expires_at: string;
  mode: string | null;
  closed_at: string | null;
  cart_version: number;
  cart_sent_key: string | null;
  cart_sent_at: string | null;
  cart_sent_by: number | null;
  cart_sending_at: string | null;
  table_number: string;
  table_kind: string;
}

const SESSION_COLUMNS = [
  's.id',
  's.place_id',
  's.table_id',
  's.session',
  's.expires_at',
  's.mode',
  's.closed_at',
  's.cart_version',
  's.cart_sent_key',
  's.cart_sent_at',
  's.cart_sent_by',
  's.cart_sending_at',
  't.number as table_number',
  't.kind as table_kind',
] as const;

export function createTablePartyRepository(db: AppDatabase) {
  /** The database itself, the default of the calls that also run inside a caller's transaction. */
  const root = db;
  function transaction<T>(work: (trx: AppDatabase) => Promise<T>): Promise<T> {
    return db.transaction().execute((trx) => work(trx));
  }

  function session(
    placeId: number,
    token: string,
    db: AppDatabase = root,
  ): Promise<PartySession | undefined> {
    return sessionWhere(placeId, 's.session', token, db);
  }

  function sessionById(
    placeId: number,
    id: number,
    db: AppDatabase = root,
  ): Promise<PartySession | undefined> {
    return sessionWhere(placeId, 's.id', id, db);
  }

  /** The place's session (with its table) found by its token or its id. */
  function sessionWhere(
    placeId: number,
    column: 's.session' | 's.id',
    value: string | number,
    db: AppDatabase,
  ): Promise<PartySession | undefined> {
    return db
      .selectFrom('table_sessions as s')
      .innerJoin('tables as t', 't.id', 's.table_id')
      .select(SESSION_COLUMNS)
      .where('s.place_id', '=', placeId)
      .where(column, '=', value)
      .executeTakeFirst();
  }

  // -- guests --------------------------------------------------------------------------------------------------

  function listGuests(sessionId: number, db: AppDatabase = root): Promise<GuestRow[]> {
    return db
      .selectFrom('table_guests')
      .select(['id', 'number', 'name', 'guest_key'])
      .where('session_id', '=', sessionId)
      .orderBy('number')
      .execute();
  }

  function guestByKey(sessionId: number, key: string, db: AppDatabase = root): Promise<GuestRow | undefined> {
    return db
      .selectFrom('table_guests')
      .select(['id', 'number', 'name', 'guest_key'])
      .where('session_id', '=', sessionId)
      .where('guest_key', '=', key)
      .executeTakeFirst();
  }

  /** A new guest numbered after the last; the unique (session, number) index settles two joining at once. */
  async function insertGuest(
    s: { placeId: number; sessionId: number },
    name: string | null,
    key: string,
    now: string,
  ): Promise<GuestRow> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await db.transaction().execute(async (trx) => {
          const last = await trx
            .selectFrom('table_guests')
            .select((eb) => eb.fn.max('number').as('max'))
            .where('session_id', '=', s.sessionId)
            .executeTakeFirst();
          const number = Number(last?.max ?? 0) + 1;
          const row = await trx
            .insertInto('table_guests')
            .values({
              place_id: s.placeId,
              session_id: s.sessionId,
              number,
              name,
              guest_key: key,
              created_at: now,
            })
            .returning(['id', 'number', 'name', 'guest_key'])
            .executeTakeFirstOrThrow();
          return row;
        });
      } catch (err) {
        if (attempt >= 5) throw err;
      }
    }
  }

  async function renameGuest(guestId: number, name: string | null): Promise<void> {
    await db.updateTable('table_guests').set({ name }).where('id', '=', guestId).execute();
  }

  // -- the cart ------------------------------------------------------------------------------------------------

  function listLines(sessionId: number, db: AppDatabase = root): Promise<CartLineRow[]> {
    return db
      .selectFrom('table_cart_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .innerJoin('product_variants as v', 'v.id', 'l.variant_id')
      .select([
        'l.id',
        'l.guest_id',
        'l.product_id',
        'l.variant_id',
        'l.quantity',
        'l.ingredients',
        'l.comment',
        'l.private',
        'p.name',
        'v.size',
        'v.price',
      ])
      .where('l.session_id', '=', sessionId)
      .orderBy('l.id')
      .execute();
  }

  /** The product's variant at this place (any state: the send checks stock and ordering rules). */
  /**
   * A product and variant as the cart needs them, whatever place they belong to (the caller tells another venue's
   * product apart from one that is gone, as the order path does); undefined when the product does not exist.
   */
  function cartProduct(productId: number, variantId: number) {
    return db
      .selectFrom('products as p')
      .leftJoin('product_variants as v', (j) =>
        j.onRef('v.product_id', '=', 'p.id').on('v.id', '=', variantId),
      )
      .select([
        'p.place_id',
        'p.name',
        'p.active',
        'p.in_stock',
        'p.type',
        'v.id as variant_id',
        'v.active as variant_active',
      ])
      .where('p.id', '=', productId)
      .executeTakeFirst();
  }

  /**
   * The cart's optimistic lock: moves the version on from `expected`, only while no send is under way (or the one
   * under way is older than `staleBefore`: its process died). False: someone else changed the cart first.
   */
  /** Records a push id in the add's transaction; false when the session had it already (insert-or-ignore). */
  async function recordPush(
    trx: AppDatabase,
    sessionId: number,
    pushId: string,
    now: string,
  ): Promise<boolean> {
    const res = await trx
      .insertInto('table_cart_pushes')
      .values({ session_id: sessionId, push_id: pushId, created_at: now })
      .onConflict((oc) => oc.columns(['session_id', 'push_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async function bumpVersion(
    trx: AppDatabase,
    sessionId: number,
    expected: number,
    staleBefore: string,
  ): Promise<boolean> {
    const res = await trx
      .updateTable('table_sessions')
      .set((eb) => ({ cart_version: eb('cart_version', '+', 1) }))
      .where('id', '=', sessionId)
      .where('cart_version', '=', expected)
      .where((eb) => eb.or([eb('cart_sending_at', 'is', null), eb('cart_sending_at', '<', staleBefore)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async function insertLine(
    trx: AppDatabase,
    line: {
      placeId: number;
      sessionId: number;
      guestId: number;
      productId: number;
      variantId: number;
      quantity: number;
      ingredients: string;
      comment: string | null;
      private: number;
      now: string;
    },
  ): Promise<void> {
    const same = await trx
      .selectFrom('table_cart_lines')
      .select(['id'])
      .where('session_id', '=', line.sessionId)
      .where('guest_id', '=', line.guestId)
      .where('variant_id', '=', line.variantId)
      .where('ingredients', '=', line.ingredients)
      .where('private', '=', line.private)
      .where(line.comment === null ? sql<boolean>`comment is null` : sql<boolean>`comment = ${line.comment}`)
      .executeTakeFirst();
    if (same) {
      await trx
        .updateTable('table_cart_lines')
        .set((eb) => ({ quantity: eb('quantity', '+', line.quantity), updated_at: line.now }))
        .where('id', '=', same.id)
        .execute();
      return;
    }
    await trx
      .insertInto('table_cart_lines')
      .values({
        place_id: line.placeId,
        session_id: line.sessionId,
        guest_id: line.guestId,
        product_id: line.productId,
        variant_id: line.variantId,
        quantity: line.quantity,
        ingredients: line.ingredients,
        comment: line.comment,
        private: line.private,
        created_at: line.now,
        updated_at: line.now,
      })
      .execute();
  }

  function lineOf(sessionId: number, lineId: number, db: AppDatabase = root) {
    return db
      .selectFrom('table_cart_lines')
      .select(['id', 'guest_id', 'private'])
      .where('session_id', '=', sessionId)
      .where('id', '=', lineId)
      .executeTakeFirst();
  }

  async function setLineQuantity(
    trx: AppDatabase,
    sessionId: number,
    lineId: number,
    quantity: number,
    now: string,
    /** 1 / 0: make the line private / shared; undefined: as it is. */
    makePrivate?: 0 | 1,
  ) {
    if (quantity === 0) {
      await trx
        .deleteFrom('table_cart_lines')
        .where('session_id', '=', sessionId)
        .where('id', '=', lineId)
        .execute();
      return;
    }
    await trx
      .updateTable('table_cart_lines')
      .set({ quantity, updated_at: now, ...(makePrivate !== undefined ? { private: makePrivate } : {}) })
      .where('session_id', '=', sessionId)
      .where('id', '=', lineId)
      .execute();
  }

  /**
   * The once-only send: takes the cart at `expected` into the sending state in one conditional update. Exactly one
   * of two phones pressing "Order" together gets true, whichever process serves them.
   */
  async function startSending(
    sessionId: number,
    expected: number,
    now: string,
    staleBefore: string,
  ): Promise<boolean> {
    const res = await db
      .updateTable('table_sessions')
      .set((eb) => ({ cart_version: eb('cart_version', '+', 1), cart_sending_at: now }))
      .where('id', '=', sessionId)
      .where('cart_version', '=', expected)
      .where((eb) => eb.or([eb('cart_sending_at', 'is', null), eb('cart_sending_at', '<', staleBefore)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The order is stored: the sent lines leave the cart, the send is recorded. */
  async function finishSending(
    sessionId: number,
    lineIds: number[],
    sent: { key: string; at: string; by: number },
  ) {
    await db.transaction().execute(async (trx) => {
      if (lineIds.length > 0) {
        await trx
          .deleteFrom('table_cart_lines')
          .where('session_id', '=', sessionId)
          .where('id', 'in', lineIds)
          .execute();
      }
      await trx
        .updateTable('table_sessions')
        .set((eb) => ({
          cart_version: eb('cart_version', '+', 1),
          cart_sending_at: null,
          cart_sent_key: sent.key,
          cart_sent_at: sent.at,
          cart_sent_by: sent.by,
        }))
        .where('id', '=', sessionId)
        .execute();
    });
  }

  /** The order was refused: the cart is open again (and its version moves, so every phone reloads it). */
  async function abortSending(sessionId: number): Promise<void> {
    await db
      .updateTable('table_sessions')
      .set((eb) => ({ cart_version: eb('cart_version', '+', 1), cart_sending_at: null }))
      .where('id', '=', sessionId)
      .execute();
  }

  // -- the bill ------------------------------------------------------------------------------------------------

  /** Serialises claims on one session's bill: a row lock on PostgreSQL (held to the commit), a no-op on SQLite. */
  async function lockBill(trx: AppDatabase, sessionId: number): Promise<void> {
    await trx
      .updateTable('table_sessions')
      .set((eb) => ({ closed_at: eb.ref('closed_at') }))
      .where('id', '=', sessionId)
      .execute();
  }

  async function billOrders(placeId: number, token: string, db: AppDatabase = root) {
    const orders: BillOrderRow[] = await db
      .selectFrom('orders')
      .select(['id', 'key', 'status', 'created_at', 'total', 'currency'])
      .where('place_id', '=', placeId)
      .where('token', '=', token)
      .where('status', '!=', 'rejected')
      .orderBy('id')
      .execute();
    const lines: BillLineRow[] =
      orders.length === 0
        ? []
        : await db
            .selectFrom('order_lines')
            .select(['id', 'order_id', 'name', 'size', 'quantity', 'line_total'])
            .where(
              'order_id',
              'in',
              orders.map((o) => o.id),
            )
            .orderBy('id')
            .execute();
    return { orders, lines };
  }

  async function shares(sessionId: number, db: AppDatabase = root) {
    const shares: ShareRow[] = await db
      .selectFrom('bill_shares')
      .select([
        'id',
        'guest_id',
        'mode',
        'parts',
        'part_index',
        'amount',
        'tip',
        'method',
        'status',
        'expires_at',
        'created_at',
      ])
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .execute();
    const items: ShareItemRow[] =
      shares.length === 0
        ? []
        : await db
            .selectFrom('bill_share_items')
            .select(['share_id', 'order_line_id', 'quantity', 'amount'])
            .where(
              'share_id',
              'in',
              shares.map((s) => s.id),
            )
            .execute();
    return { shares, items };
  }

  async function insertShare(
    trx: AppDatabase,
    share: {
      placeId: number;
      sessionId: number;
      guestId: number;
      mode: string;
      parts: number | null;
      partIndex: number | null;
      amount: number;
      tip: number;
      method: string;
      expiresAt: string | null;
      now: string;
      items: { lineId: number; quantity: number; amount: number }[];
    },
  ): Promise<number> {
    const row = await trx
      .insertInto('bill_shares')
      .values({
        place_id: share.placeId,
        session_id: share.sessionId,
        guest_id: share.guestId,
        mode: share.mode,
        parts: share.parts,
        part_index: share.partIndex,
        amount: share.amount,
        tip: share.tip,
        method: share.method,
        status: 'pending',
        expires_at: share.expiresAt,
        paid_at: null,
        marked_by: null,
        created_at: share.now,
        updated_at: share.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (share.items.length > 0) {
      await trx
        .insertInto('bill_share_items')
        .values(
          share.items.map((i) => ({
            share_id: row.id,
            order_line_id: i.lineId,
            quantity: i.quantity,
            amount: i.amount,
          })),
        )
        .execute();
    }
    return row.id;
  }

  function shareById(placeId: number, shareId: number, db: AppDatabase = root) {
    return db
      .selectFrom('bill_shares')
      .select(['id', 'session_id', 'status', 'method', 'amount', 'expires_at'])
      .where('place_id', '=', placeId)
      .where('id', '=', shareId)
      .executeTakeFirst();
  }

  /** pending → paid (also a pending share whose claim expired: the money came). False when it was not pending. */
  async function markSharePaid(
    trx: AppDatabase,
    shareId: number,
    now: string,
    by: number | null,
  ): Promise<boolean> {
    const res = await trx
      .updateTable('bill_shares')
      .set({ status: 'paid', paid_at: now, marked_by: by, updated_at: now })
      .where('id', '=', shareId)
      .where('status', 'in', ['pending', 'released'])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async function releaseShare(shareId: number, now: string): Promise<boolean> {
    const res = await db
      .updateTable('bill_shares')
      .set({ status: 'released', updated_at: now })
      .where('id', '=', shareId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async function setShareExpiry(shareId: number, expiresAt: string): Promise<void> {
    await db.updateTable('bill_shares').set({ expires_at: expiresAt }).where('id', '=', shareId).execute();
  }

  async function closeSession(trx: AppDatabase, sessionId: number, now: string): Promise<boolean> {
    const res = await trx
      .updateTable('table_sessions')
      .set({ closed_at: now })
      .where('id', '=', sessionId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The cash / card request reaches the waiter as a bill request on the board (spec `bill_wanted`). */
  async function requestBill(
    trx: AppDatabase,
    s: { placeId: number; sessionId: number; tableId: number; session: string; method: string; text: string },
    now: string,
  ): Promise<number> {
    await trx
      .updateTable('table_sessions')
      .set({ bill_wanted: 1, bill_payment_method: s.method })
      .where('id', '=', s.sessionId)
      .execute();
    await trx
      .updateTable('orders')
      .set({ bill_wanted: 1, bill_payment_method: s.method, updated_at: now })
      .where('place_id', '=', s.placeId)
      .where('token', '=', s.session)
      .execute();
    const need = await trx
      .insertInto('user_needs')
      .values({
        place_id: s.placeId,
        table_id: s.tableId,
        session: s.session,
        type: 'bill',
        text: s.text,
        status: 'open',
        created_at: now,
        done_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return need.id;
  }

  /** Sessions of the place with orders and no close yet, not expired (the staff board's bills). */
  function openSessionsWithOrders(placeId: number, nowIso: string) {
    return db
      .selectFrom('table_sessions as s')
      .innerJoin('tables as t', 't.id', 's.table_id')
      .select(SESSION_COLUMNS)
      .where('s.place_id', '=', placeId)
      .where('s.closed_at', 'is', null)
      .where('s.expires_at', '>', nowIso)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.token', '=', 's.session')
            .where('o.place_id', '=', placeId),
        ),
      )
      .orderBy('s.id')
      .limit(200)
      .execute();
  }

  /** The place's slug (the payment links of bill shares are built on it). */
  async function placeSlug(placeId: number): Promise<string> {
    return (await db.selectFrom('places').select('slug').where('id', '=', placeId).executeTakeFirstOrThrow())
      .slug;
  }

  return {
    transaction,
    placeSlug,
    session,
    sessionById,
    listGuests,
    guestByKey,
    insertGuest,
    renameGuest,
    listLines,
    cartProduct,
    recordPush,
    bumpVersion,
    insertLine,
    lineOf,
    setLineQuantity,
    startSending,
    finishSending,
    abortSending,
    lockBill,
    billOrders,
    shares,
    insertShare,
    shareById,
    markSharePaid,
    releaseShare,
    setShareExpiry,
    closeSession,
    requestBill,
    openSessionsWithOrders,
  };
}
export type TablePartyRepository = ReturnType<typeof createTablePartyRepository>;
