/**
 * The only place with SQL for the staff console: the order board, status changes with their history, table
 * changes, waiter calls, blocked devices, tables / rooms / halls and what the QR sheet prints. Every query takes
 * the place id of the request's tenant, so an id of another venue is simply not found.
 */
import type { Selectable } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import { awardOrderLoyalty } from '../orders/loyalty.repository.ts';
import type {
  OrderLineIngredientsTable,
  OrderLinesTable,
  OrderStatusHistoryTable,
  OrdersTable,
  UserNeedsTable,
} from '../../db/schema.ts';
import { readPlaceSetting } from '../../db/place-settings.ts';

export type OrderRow = Selectable<OrdersTable> & {
  table_number: string | null;
  table_kind: string | null;
};
type LineRow = Selectable<OrderLinesTable>;
type LineIngredientRow = Selectable<OrderLineIngredientsTable>;
type HistoryRow = Selectable<OrderStatusHistoryTable>;
export type UserNeedRow = Selectable<UserNeedsTable> & {
  table_number: string | null;
  table_kind: string | null;
};

export interface OrderFilter {
  statuses?: string[];
  types?: number[];
  from?: string;
  to?: string;
  tableId?: number;
  beforeId?: number;
  limit: number;
}

export interface OrderBundle {
  orders: OrderRow[];
  lines: LineRow[];
  ingredients: LineIngredientRow[];
  history: HistoryRow[];
}

export function createStaffRepository(db: AppDatabase) {
  function ordersQuery(placeId: number) {
    return db
      .selectFrom('orders as o')
      .leftJoin('tables as t', 't.id', 'o.table_id')
      .selectAll('o')
      .select(['t.number as table_number', 't.kind as table_kind'])
      .where('o.place_id', '=', placeId);
  }

  /** The board: the place's orders matching the filter, newest first, with lines, ingredients and history. */
  async function listOrders(placeId: number, f: OrderFilter): Promise<OrderBundle> {
    let q = ordersQuery(placeId);
    if (f.statuses?.length) q = q.where('o.status', 'in', f.statuses);
    if (f.types?.length) q = q.where('o.type', 'in', f.types);
    if (f.from) q = q.where('o.created_at', '>=', f.from);
    if (f.to) q = q.where('o.created_at', '<', f.to);
    if (f.tableId) q = q.where('o.table_id', '=', f.tableId);
    if (f.beforeId) q = q.where('o.id', '<', f.beforeId);
    const orders = await q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(f.limit).execute();
    return withDetails(orders);
  }

  /** Some orders of the place by id, with their details. */
  async function getOrders(placeId: number, ids: number[]): Promise<OrderBundle> {
    if (ids.length === 0) return { orders: [], lines: [], ingredients: [], history: [] };
    const orders = await ordersQuery(placeId).where('o.id', 'in', ids).execute();
    return withDetails(orders);
  }

  async function withDetails(orders: OrderRow[]): Promise<OrderBundle> {
    const ids = orders.map((o) => o.id);
    if (ids.length === 0) return { orders, lines: [], ingredients: [], history: [] };
    const [lines, history] = await Promise.all([
      db.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
      db.selectFrom('order_status_history').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    ]);
    const lineIds = lines.map((l) => l.id);
    const ingredients = lineIds.length
      ? await db
          .selectFrom('order_line_ingredients')
          .selectAll()
          .where('order_line_id', 'in', lineIds)
          .orderBy('id')
          .execute()
      : [];
    return { orders, lines, ingredients, history };
  }

  /**
   * Moves the order from `from` to `to` and writes the history row, in one transaction. The update is conditional
   * on the status read before, so of two waiters pressing at once only one wins; false for the other.
   */
  async function changeStatus(c: {
    placeId: number;
    orderId: number;
    from: string;
    to: string;
    changedBy: number;
    reason: string | null;
    at: string;
  }): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('orders')
        .set({ status: c.to, updated_at: c.at })
        .where('id', '=', c.orderId)
        .where('place_id', '=', c.placeId)
        .where('status', '=', c.from)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('order_status_history')
        .values({
          order_id: c.orderId,
          status: c.to,
          changed_by: c.changedBy,
          reason: c.reason,
          created_at: c.at,
        })
        .execute();
      // Loyalty (points, accumulated amount) is earned when the order is paid, in this same transaction.
      if (c.to === 'paid') await awardOrderLoyalty(trx, c.orderId, c.at);
      return true;
    });
  }

  async function setOrderTable(c: {
    placeId: number;
    orderId: number;
    tableId: number | null;
    roomNumber?: string | null;
    at: string;
  }): Promise<void> {
    await db
      .updateTable('orders')
      .set({
        table_id: c.tableId,
        updated_at: c.at,
        ...(c.roomNumber !== undefined ? { room_number: c.roomNumber } : {}),
      })
      .where('id', '=', c.orderId)
      .where('place_id', '=', c.placeId)
      .execute();
  }

  /** The guest's order token (table session) of an order, for the guest stream. */
  async function orderToken(orderId: number): Promise<string | null> {
    const row = await db.selectFrom('orders').select('token').where('id', '=', orderId).executeTakeFirst();
    return row?.token ?? null;
  }

  // -- waiter calls ----------------------------------------------------------------------------------------------

  function userNeeds(placeId: number) {
    return db
      .selectFrom('user_needs as n')
      .leftJoin('tables as t', 't.id', 'n.table_id')
      .selectAll('n')
      .select(['t.number as table_number', 't.kind as table_kind'])
      .where('n.place_id', '=', placeId);
  }

  async function listUserNeeds(
    placeId: number,
    status: 'open' | 'done' | 'all',
    limit: number,
  ): Promise<UserNeedRow[]> {
    let q = userNeeds(placeId);
    if (status !== 'all') q = q.where('n.status', '=', status);
    return q.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
  }

  async function getUserNeed(placeId: number, id: number): Promise<UserNeedRow | undefined> {
    return userNeeds(placeId).where('n.id', '=', id).executeTakeFirst();
  }

  /** Marks an open request done; false when it was done already. */
  async function markUserNeedDone(placeId: number, id: number, at: string): Promise<boolean> {
    const res = await db
      .updateTable('user_needs')
      .set({ status: 'done', done_at: at })
      .where('id', '=', id)
      .where('place_id', '=', placeId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  // -- feedback (for the event) ------------------------------------------------------------------------------------

  async function feedbackContext(placeId: number, orderId: number | null, questionIds: number[]) {
    const order = orderId
      ? await ordersQuery(placeId).where('o.id', '=', orderId).executeTakeFirst()
      : undefined;
    const questions = questionIds.length
      ? await db
          .selectFrom('feedback_questions')
          .select(['id', 'text'])
          .where('place_id', '=', placeId)
          .where('id', 'in', questionIds)
          .execute()
      : [];
    return { order, questions };
  }

  // -- blocked devices -------------------------------------------------------------------------------------------

  /** The place's blocked devices, newest first, each with its last order here (so the admin knows which it is). */
  async function listBlockedDevices(placeId: number) {
    const devices = await db
      .selectFrom('blocked_devices')
      .select(['device_id', 'created_at'])
      .where('place_id', '=', placeId)
      .orderBy('id', 'desc')
      .execute();
    if (devices.length === 0) return [];
    const orders = await db
      .selectFrom('orders as o')
      .leftJoin('tables as t', 't.id', 'o.table_id')
      .select([
        'o.device_id',
        'o.number',
        'o.key',
        'o.type',
        'o.room_number',
        'o.client_name',
        'o.created_at',
        't.number as table_number',
        't.kind as table_kind',
      ])
      .where('o.place_id', '=', placeId)
      .where(
        'o.device_id',
        'in',
        devices.map((d) => d.device_id),
      )
      .orderBy('o.id', 'desc')
      .execute();
    const last = new Map<string, (typeof orders)[number]>();
    for (const o of orders) if (o.device_id && !last.has(o.device_id)) last.set(o.device_id, o);
    return devices.map((d) => ({ ...d, last_order: last.get(d.device_id) ?? null }));
  }

  /** Bars the device (idempotent). */
  async function blockDevice(placeId: number, deviceId: string, at: string): Promise<void> {
    await db
      .insertInto('blocked_devices')
      .values({ place_id: placeId, device_id: deviceId, created_at: at })
      .onConflict((oc) => oc.columns(['place_id', 'device_id']).doNothing())
      .execute();
  }

  /** Lifts the bar; false when the device was not barred. */
  async function unblockDevice(placeId: number, deviceId: string): Promise<boolean> {
    const res = await db
      .deleteFrom('blocked_devices')
      .where('place_id', '=', placeId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  // -- tables, rooms, halls ----------------------------------------------------------------------------------------

  async function listTables(placeId: number, opts: { includeInactive: boolean; ids?: number[] }) {
    let q = db
      .selectFrom('tables as t')
      .leftJoin('halls as h', 'h.id', 't.hall_id')
      .selectAll('t')
      .select('h.name as hall_name')
      .where('t.place_id', '=', placeId);
    if (!opts.includeInactive) q = q.where('t.active', '=', 1);
    if (opts.ids) q = q.where('t.id', 'in', opts.ids.length ? opts.ids : [-1]);
    const rows = await q.orderBy('t.kind').orderBy('t.id').execute();
    // Natural order of the numbers as people read them: 2 before 10.
    return rows.sort(
      (a, b) =>
        a.kind.localeCompare(b.kind) || a.number.localeCompare(b.number, undefined, { numeric: true }),
    );
  }

  async function getTable(placeId: number, id: number) {
    const rows = await listTables(placeId, { includeInactive: true, ids: [id] });
    return rows[0];
  }

  async function findTableByNumber(placeId: number, kind: string, number: string) {
    return db
      .selectFrom('tables')
      .select('id')
      .where('place_id', '=', placeId)
      .where('kind', '=', kind)
      .where('number', '=', number)
      .executeTakeFirst();
  }

  async function insertTable(t: {
    placeId: number;
    number: string;
    kind: string;
    seats: number;
    hallId: number | null;
    token: string;
    at: string;
  }): Promise<number> {
    const row = await db
      .insertInto('tables')
      .values({
        place_id: t.placeId,
        hall_id: t.hallId,
        number: t.number,
        kind: t.kind,
        seats: t.seats,
        token: t.token,
        active: 1,
        created_at: t.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function patchTable(
    placeId: number,
    id: number,
    set: {
      number?: string;
      kind?: string;
      seats?: number;
      hall_id?: number | null;
      active?: number;
      token?: string;
    },
  ): Promise<void> {
    await db.updateTable('tables').set(set).where('id', '=', id).where('place_id', '=', placeId).execute();
  }

  async function listHalls(placeId: number) {
    return db
      .selectFrom('halls')
      .select(['id', 'name', 'active'])
      .where('place_id', '=', placeId)
      .orderBy('id')
      .execute();
  }

  async function getHall(placeId: number, id: number) {
    return db
      .selectFrom('halls')
      .select(['id', 'name', 'active'])
      .where('place_id', '=', placeId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async function insertHall(placeId: number, name: string): Promise<number> {
    const row = await db
      .insertInto('halls')
      .values({ place_id: placeId, name, translations: '{}', active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function updateHall(
    placeId: number,
    id: number,
    set: { name?: string; active?: number },
  ): Promise<void> {
    await db.updateTable('halls').set(set).where('id', '=', id).where('place_id', '=', placeId).execute();
  }

  /** The venue's name (bg) and translations, for the printed sheet. */
  /** The brand's domain when it is verified (a venue's QR codes are addressed to it), else null. */
  async function verifiedBrandDomain(clientId: number): Promise<string | null> {
    const row = await db
      .selectFrom('clients')
      .select(['domain', 'domain_verified_at'])
      .where('id', '=', clientId)
      .executeTakeFirst();
    return row?.domain && row.domain_verified_at ? row.domain : null;
  }

  async function getPlace(placeId: number) {
    return db
      .selectFrom('places')
      .select(['id', 'slug', 'name', 'translations'])
      .where('id', '=', placeId)
      .executeTakeFirstOrThrow();
  }

  /** The go-live checklist's "QR sheet downloaded" (issue 16 #2). */
  async function markQrSheetDownloaded(placeId: number, at: Date): Promise<void> {
    await db
      .updateTable('places')
      .set({ qr_sheet_downloaded_at: at.toISOString() })
      .where('id', '=', placeId)
      .execute();
  }

  async function getSetting(placeId: number, key: string): Promise<string | null> {
    return (await readPlaceSetting(db, placeId, key)) ?? null;
  }

  /** Some settings of the place in one query (key → raw text; keys not set are absent). */
  async function getSettings(placeId: number, keys: readonly string[]): Promise<Record<string, string>> {
    const rows = await db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('place_id', '=', placeId)
      .where('key', 'in', [...keys])
      .execute();
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  /** The session and key of the order a tracking page names (issue 24 #6), at this place only. */
  async function trackedOrder(placeId: number, trackingToken: string) {
    return db
      .selectFrom('orders')
      .select(['key', 'token'])
      .where('place_id', '=', placeId)
      .where('tracking_token', '=', trackingToken)
      .executeTakeFirst();
  }

  return {
    listOrders,
    getOrders,
    changeStatus,
    setOrderTable,
    orderToken,
    listUserNeeds,
    getUserNeed,
    markUserNeedDone,
    feedbackContext,
    listBlockedDevices,
    blockDevice,
    unblockDevice,
    listTables,
    getTable,
    findTableByNumber,
    insertTable,
    patchTable,
    listHalls,
    getHall,
    insertHall,
    updateHall,
    verifiedBrandDomain,
    getPlace,
    markQrSheetDownloaded,
    getSetting,
    getSettings,
    trackedOrder,
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
