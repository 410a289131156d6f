/**
 * The staff console's rules (designed; spec §4 statuses, §6 roles): the board, status changes along the domain's
 * transition table (never re-written here), table changes, waiter calls, blocked devices, and the tables and rooms
 * with their QR tokens. Every change that a board shows is published on the event bus after it is committed.
 */
import { randomBytes } from 'node:crypto';
import {
  canTransition,
  carriesGuestContact,
  isOrderStatus,
  isOrderType,
  nextStatuses,
  type OrderStatus,
} from '@trapeza/domain/order-status';
import { localTime } from '@trapeza/domain/dates';
import { parseSettings } from '@trapeza/domain/settings';
import {
  STAFF_ERROR_CODES,
  type AdminTable,
  type AdminTableCreateBody,
  type AdminTableUpdateBody,
  type StaffOrder,
  type StaffOrderStatusBody,
  type StaffOrdersQuery,
  type StaffOrdersResponse,
  type StaffUserNeed,
  type StaffUserNeedsResponse,
} from '@trapeza/domain/contracts/staff';
import { DomainError } from '../../lib/domain-error.ts';
import { groupedBy, orderLineIngredient, orderLineSummary } from '../../lib/order-lines.ts';
import type { EventBus } from '../../plugins/events.ts';
import type { OrderBundle, StaffRepository, UserNeedRow } from './staff.repository.ts';

export interface StaffCallContext {
  placeId: number;
  placeSlug: string;
  userId: number;
  now: Date;
  /** Base URL the QR codes point to (PUBLIC_URL, else the request's origin), no trailing slash. */
  publicBase: string;
}

/** What the table calls need of the context. */
type TableContext = Pick<StaffCallContext, 'placeId' | 'placeSlug' | 'publicBase'>;

const TERMINAL: readonly string[] = ['paid', 'rejected'];
const TYPES_WITH_ADDRESS: readonly number[] = [2, 7];

/** A new QR secret: 96 random bits, URL-safe (16 characters, short enough for a small QR code). */
export function newTableToken(): string {
  return randomBytes(12).toString('base64url');
}

/** The UTC instants bounding a day of the venue's time zone ([start, end)). */
export function venueDayBounds(date: string, timeZone: string): { from: string; to: string } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = (year: number, month: number, day: number): number => {
    const guess = Date.UTC(year, month - 1, day);
    // Two rounds settle the offset across a DST change.
    let at = guess;
    for (let i = 0; i < 2; i++) {
      const lt = localTime(new Date(at), timeZone);
      const offset = Date.UTC(lt.year, lt.month - 1, lt.day, lt.hour, lt.minute) - at;
      at = guess - offset;
    }
    return at;
  };
  return {
    from: new Date(midnight(y, m, d)).toISOString(),
    to: new Date(midnight(y, m, d + 1)).toISOString(),
  };
}

/** What a table's QR code encodes: the guest's entry `/{place}/t/{token}` (spec §2). */
function qrUrl(ctx: Pick<StaffCallContext, 'placeSlug' | 'publicBase'>, token: string): string {
  return `${ctx.publicBase}/${encodeURIComponent(ctx.placeSlug)}/t/${encodeURIComponent(token)}`;
}

function notFound(code: string, message: string): DomainError {
  return new DomainError(404, code, message);
}

/** Bundled rows → the board's orders, in the bundle's order. */
export function toStaffOrders(b: OrderBundle): StaffOrder[] {
  const linesOf = groupedBy(b.lines, (l) => l.order_id);
  const ingredientsOf = groupedBy(b.ingredients, (i) => i.order_line_id);
  return b.orders.map((o) => {
    const lines = linesOf(o.id);
    const status = o.status;
    const type = o.type;
    const next = isOrderType(type) && isOrderStatus(status) ? [...nextStatuses(type, status)] : [];
    return {
      id: o.id,
      key: o.key,
      number: o.number ?? null,
      type,
      status,
      next_statuses: next,
      created_at: o.created_at,
      updated_at: o.updated_at,
      table:
        o.table_id !== null && o.table_number !== null
          ? { id: o.table_id, number: o.table_number, kind: o.table_kind ?? 'table' }
          : null,
      room_number: o.room_number,
      requested_time: o.requested_time,
      scheduled_start: o.scheduled_start ?? null,
      exact_time_selected: o.exact_time_selected ? 1 : 0,
      payment_method: o.payment_method,
      payment_status: o.payment_status,
      bill_wanted: o.bill_wanted ? 1 : 0,
      bill_payment_method: o.bill_payment_method,
      customer: carriesGuestContact(type)
        ? { name: o.client_name, phone: o.client_phone, email: o.client_email }
        : null,
      address: TYPES_WITH_ADDRESS.includes(type)
        ? {
            address: o.client_address,
            street_number: o.street_number,
            floor: o.floor_number,
            apartment: o.ap_number,
            bell: o.bell_number,
            entrance: o.entrance_number,
            postal_code: o.postal_code,
            region_id: o.region_id,
            lat: o.lat,
            lng: o.lng,
          }
        : null,
      pickup_place_id: o.pickup_place_id,
      additional_order_type: o.additional_order_type,
      cutlery: o.cutlery ? 1 : 0,
      count_cutlery: o.count_cutlery,
      promo_code: o.promo_code,
      comment: o.order_comment,
      user_id: o.user_id,
      device_id: o.device_id,
      lines: lines.map((l) => ({
        id: l.id,
        ...orderLineSummary(l),
        unit_price: l.unit_price,
        box_fee: l.box_fee,
        discount: l.discount,
        comment: l.comment,
        ingredients: ingredientsOf(l.id).map(orderLineIngredient),
      })),
      price: {
        subtotal: o.subtotal,
        discount_total: o.discount_total,
        delivery_fee: o.delivery_fee,
        box_fee: o.box_fee,
        cutlery_fee: o.cutlery_fee,
        payment_fee: o.payment_fee,
        accumulated_amount_used: o.accumulated_amount_used,
        total: o.total,
        currency: o.currency,
      },
      history: b.history
        .filter((h) => h.order_id === o.id)
        .map((h) => ({ status: h.status, at: h.created_at, changed_by: h.changed_by, reason: h.reason })),
    };
  });
}

export function toStaffUserNeed(n: UserNeedRow): StaffUserNeed {
  return {
    id: n.id,
    type: n.type,
    text: n.text,
    status: n.status === 'done' ? 'done' : 'open',
    table:
      n.table_id !== null && n.table_number !== null
        ? { id: n.table_id, number: n.table_number, kind: n.table_kind ?? 'table' }
        : null,
    session: n.session,
    created_at: n.created_at,
    done_at: n.done_at,
  };
}

export function createStaffService(deps: { repo: StaffRepository; bus: EventBus }) {
  const { repo, bus } = deps;

  /** One order of the place for the board, or 404. */
  async function findOrder(placeId: number, orderId: number): Promise<StaffOrder> {
    const [order] = toStaffOrders(await repo.getOrders(placeId, [orderId]));
    if (!order) throw notFound(STAFF_ERROR_CODES.orderNotFound, 'No such order at this place');
    return order;
  }

  /** GET staff/orders: the board, newest first, with the stream position to resume from. */
  async function board(placeId: number, q: StaffOrdersQuery): Promise<StaffOrdersResponse> {
    // Read the position first: anything after it arrives on the stream, at worst once more than needed.
    const lastEventId = await bus.lastId(placeId);
    let { from, to } = q;
    if (q.date) {
      const tz = parseSettings({
        time_zone: (await repo.getSetting(placeId, 'time_zone')) ?? undefined,
      }).time_zone;
      const day = venueDayBounds(q.date, tz);
      from = from && from > day.from ? from : day.from;
      to = to && to < day.to ? to : day.to;
    }
    let statuses: string[] | undefined = q.status;
    if (q.active === '1') {
      statuses = (statuses ?? []).length
        ? statuses!.filter((s: string) => !TERMINAL.includes(s))
        : [
            'ordered',
            'cooked_spot',
            'served_spot',
            'cooked_delivery',
            'on_the_way_delivery',
            'cooked_preorder',
            'cooked_room',
          ];
      if (statuses.length === 0) return { orders: [], last_event_id: lastEventId };
    }
    const bundle = await repo.listOrders(placeId, {
      statuses,
      types: q.type,
      from: from ? new Date(from).toISOString() : undefined,
      to: to ? new Date(to).toISOString() : undefined,
      tableId: q.table_id,
      beforeId: q.before_id,
      limit: q.limit,
    });
    return { orders: toStaffOrders(bundle), last_event_id: lastEventId };
  }

  /**
   * PATCH staff/orders/{id}/status: only what the domain table allows for the order's type and status (409
   * illegal_status_transition, with the allowed ones); rejecting needs a reason. Writes the history row with the
   * staff member, then tells the boards and the guest.
   */
  async function changeStatus(
    orderId: number,
    body: StaffOrderStatusBody,
    ctx: StaffCallContext,
  ): Promise<StaffOrder> {
    const current = await findOrder(ctx.placeId, orderId);
    const from = current.status;
    const to: OrderStatus = body.status;
    if (!isOrderType(current.type) || !isOrderStatus(from) || !canTransition(current.type, from, to)) {
      throw new DomainError(
        409,
        STAFF_ERROR_CODES.illegalTransition,
        `An order of type ${current.type} cannot go from ${from} to ${to}`,
        { fields: { from, to, allowed: current.next_statuses } },
      );
    }
    // The contract (StaffOrderStatusBody) trims the reason: one home for that rule. Blank is no reason.
    const reason = body.reason || null;
    if (to === 'rejected' && !reason) {
      throw new DomainError(400, STAFF_ERROR_CODES.reasonRequired, 'Say why the order is rejected');
    }
    const changed = await repo.changeStatus({
      placeId: ctx.placeId,
      orderId,
      from,
      to,
      changedBy: ctx.userId,
      reason,
      at: ctx.now.toISOString(),
    });
    if (!changed) {
      throw new DomainError(
        409,
        STAFF_ERROR_CODES.statusConflict,
        'The order was changed meanwhile; reload it',
      );
    }
    const order = await findOrder(ctx.placeId, orderId);
    await bus.publish({
      placeId: ctx.placeId,
      type: 'order.status_changed',
      session: await sessionOf(order),
      data: { order, from, to, reason },
    });
    return order;
  }

  /** PATCH staff/orders/{id}/table: set, change or clear the table (a room also sets the room number). */
  async function changeTable(
    orderId: number,
    tableId: number | null,
    ctx: StaffCallContext,
  ): Promise<StaffOrder> {
    await findOrder(ctx.placeId, orderId);
    let roomNumber: string | undefined;
    if (tableId !== null) {
      const table = await repo.getTable(ctx.placeId, tableId);
      if (!table || !table.active)
        throw notFound(STAFF_ERROR_CODES.tableNotFound, 'No such active table here');
      if (table.kind === 'room') roomNumber = table.number;
    }
    await repo.setOrderTable({
      placeId: ctx.placeId,
      orderId,
      tableId,
      roomNumber,
      at: ctx.now.toISOString(),
    });
    const order = await findOrder(ctx.placeId, orderId);
    await bus.publish({
      placeId: ctx.placeId,
      type: 'order.table_changed',
      session: await sessionOf(order),
      data: { order },
    });
    return order;
  }

  /** The guest session (order token) of an order, for the guest stream. */
  async function sessionOf(order: StaffOrder): Promise<string | null> {
    return repo.orderToken(order.id);
  }

  /** GET staff/user-needs. */
  async function userNeeds(
    placeId: number,
    status: 'open' | 'done' | 'all',
    limit: number,
  ): Promise<StaffUserNeedsResponse> {
    const lastEventId = await bus.lastId(placeId);
    const rows = await repo.listUserNeeds(placeId, status, limit);
    return { user_needs: rows.map(toStaffUserNeed), last_event_id: lastEventId };
  }

  /** PATCH staff/user-needs/{id} {status:'done'}: idempotent; the boards hear of it once. */
  async function userNeedDone(id: number, ctx: StaffCallContext): Promise<StaffUserNeed> {
    const existing = await repo.getUserNeed(ctx.placeId, id);
    if (!existing) throw notFound(STAFF_ERROR_CODES.userNeedNotFound, 'No such request at this place');
    const changed = await repo.markUserNeedDone(ctx.placeId, id, ctx.now.toISOString());
    const need = toStaffUserNeed((await repo.getUserNeed(ctx.placeId, id))!);
    if (changed) {
      await bus.publish({ placeId: ctx.placeId, type: 'user_need.done', data: { user_need: need } });
    }
    return need;
  }

  async function blockedDevices(placeId: number) {
    const rows = await repo.listBlockedDevices(placeId);
    return rows.map(({ last_order: o, ...device }) => ({
      ...device,
      last_order: o
        ? {
            number: o.number,
            key: o.key,
            type: o.type,
            table: o.table_number && o.table_kind !== 'room' ? o.table_number : null,
            room_number: o.table_kind === 'room' ? o.table_number : o.room_number,
            client_name: o.client_name,
            created_at: o.created_at,
          }
        : null,
    }));
  }

  /** POST staff/devices/block: the device can no longer order here (anon_user_banned). */
  async function blockDevice(placeId: number, deviceId: string, now: Date) {
    await repo.blockDevice(placeId, deviceId, now.toISOString());
    return { device_id: deviceId, blocked: true };
  }

  /** POST staff/devices/unblock. */
  async function unblockDevice(placeId: number, deviceId: string) {
    await repo.unblockDevice(placeId, deviceId);
    return { device_id: deviceId, blocked: false };
  }

  // -- tables and rooms (PLACE_ADMIN and above) ---------------------------------------------------------------------

  function adminTable(
    ctx: TableContext,
    t: Awaited<ReturnType<StaffRepository['listTables']>>[number],
  ): AdminTable {
    return {
      id: t.id,
      number: t.number,
      kind: t.kind === 'room' ? 'room' : 'table',
      seats: t.seats,
      hall_id: t.hall_id,
      hall_name: t.hall_name,
      active: t.active ? 1 : 0,
      token: t.token,
      qr_url: qrUrl(ctx, t.token),
      created_at: t.created_at,
    };
  }

  async function tables(ctx: TableContext, includeInactive: boolean, ids?: number[]): Promise<AdminTable[]> {
    const rows = await repo.listTables(ctx.placeId, { includeInactive, ids });
    return rows.map((t) => adminTable(ctx, t));
  }

  async function findTable(ctx: TableContext, id: number): Promise<AdminTable> {
    const t = await repo.getTable(ctx.placeId, id);
    if (!t) throw notFound(STAFF_ERROR_CODES.tableNotFound, 'No such table at this place');
    return adminTable(ctx, t);
  }

  async function checkHall(placeId: number, hallId: number | null | undefined): Promise<void> {
    if (hallId == null) return;
    if (!(await repo.getHall(placeId, hallId))) {
      throw notFound(STAFF_ERROR_CODES.hallNotFound, 'No such hall at this place');
    }
  }

  async function checkNumberFree(
    placeId: number,
    kind: string,
    number: string,
    exceptId?: number,
  ): Promise<void> {
    const other = await repo.findTableByNumber(placeId, kind, number);
    if (other && other.id !== exceptId) {
      throw new DomainError(409, STAFF_ERROR_CODES.tableNumberTaken, `There is already a ${kind} ${number}`);
    }
  }

  /** POST staff/tables: a new table or room with a fresh QR token. */
  async function createTable(body: AdminTableCreateBody, ctx: StaffCallContext): Promise<AdminTable> {
    await checkHall(ctx.placeId, body.hallId);
    await checkNumberFree(ctx.placeId, body.kind, body.number);
    const id = await repo.insertTable({
      placeId: ctx.placeId,
      number: body.number,
      kind: body.kind,
      seats: body.seats,
      hallId: body.hallId ?? null,
      token: newTableToken(),
      at: ctx.now.toISOString(),
    });
    return findTable(ctx, id);
  }

  /** PATCH staff/tables/{id}: rename, move, seats, (de)activate. A deactivated table's QR code stops working. */
  async function editTable(
    id: number,
    body: AdminTableUpdateBody,
    ctx: StaffCallContext,
  ): Promise<AdminTable> {
    const current = await findTable(ctx, id);
    await checkHall(ctx.placeId, body.hallId);
    const kind = body.kind ?? current.kind;
    const number = body.number ?? current.number;
    if (kind !== current.kind || number !== current.number) {
      await checkNumberFree(ctx.placeId, kind, number, id);
    }
    await repo.patchTable(ctx.placeId, id, {
      ...(body.number !== undefined ? { number: body.number } : {}),
      ...(body.kind !== undefined ? { kind: body.kind } : {}),
      ...(body.seats !== undefined ? { seats: body.seats } : {}),
      ...(body.hallId !== undefined ? { hall_id: body.hallId } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    });
    return findTable(ctx, id);
  }

  /** POST staff/tables/{id}/regenerate-token: the old QR code stops working at once (reprint the sheet). */
  async function regenerateToken(id: number, ctx: StaffCallContext): Promise<AdminTable> {
    await findTable(ctx, id);
    await repo.patchTable(ctx.placeId, id, { token: newTableToken() });
    return findTable(ctx, id);
  }

  async function halls(placeId: number) {
    return (await repo.listHalls(placeId)).map((h) => ({
      ...h,
      active: h.active ? (1 as const) : (0 as const),
    }));
  }

  async function createHall(placeId: number, name: string) {
    const id = await repo.insertHall(placeId, name);
    return { id, name, active: 1 as const };
  }

  async function updateHall(placeId: number, id: number, body: { name?: string; active?: 0 | 1 }) {
    if (!(await repo.getHall(placeId, id))) {
      throw notFound(STAFF_ERROR_CODES.hallNotFound, 'No such hall at this place');
    }
    await repo.updateHall(placeId, id, body);
    const h = (await repo.getHall(placeId, id))!;
    return { ...h, active: h.active ? (1 as const) : (0 as const) };
  }

  /** The venue's name for printing (bg base name; the sheet is for the venue, not a guest). */
  async function placeName(placeId: number): Promise<string> {
    return (await repo.getPlace(placeId)).name;
  }

  /** Records that the venue's QR sheet was downloaded (the go-live checklist ticks "tables" from it). */
  async function qrSheetDownloaded(placeId: number, at: Date): Promise<void> {
    await repo.markQrSheetDownloaded(placeId, at);
  }
  return {
    order: findOrder,
    board,
    changeStatus,
    changeTable,
    userNeeds,
    userNeedDone,
    blockedDevices,
    blockDevice,
    unblockDevice,
    tables,
    table: findTable,
    createTable,
    editTable,
    regenerateToken,
    halls,
    createHall,
    updateHall,
    placeName,
    qrSheetDownloaded,
  };
}
