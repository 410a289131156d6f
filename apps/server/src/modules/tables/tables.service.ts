/**
 * Table and room sessions (spec §3 user order token, §4 bill, §9 lifetimes): a QR scan opens a session whose
 * secret is the guest's order token; spot orders, my-orders polling, the bill request and waiter calls all name it.
 */
import { sessionOrderTypeFor, sessionTokenOrderType } from '@trapeza/domain/order-status';
import { randomBytes } from 'node:crypto';
import { extendForBillRequest, isTokenExpired, orderTokenExpiresAt } from '@trapeza/domain/tokens';
import { parseFlag } from '@trapeza/domain/settings';
import { SHARED_TABLE_CART_SETTING, sharesTableCart } from '@trapeza/domain/table-bill';
import { isWaiterOrAbove } from '@trapeza/domain/roles';
import { MAX_COMMENT_LENGTH } from '@trapeza/domain/cart';
import type {
  DeviceMode,
  StoreBillWantedBody,
  StoreChangeTableBody,
  StoreBillWantedResponse,
  StoreTableSession,
  StoreTablesMenuResponse,
  StoreUserNeedBody,
  StoreUserNeedResponse,
} from '@trapeza/domain/contracts/orders';
import { TABLE_ERROR_CODES } from '@trapeza/domain/contracts/orders';
import { orderError, validationError, type Lang } from '../orders/order-error.ts';
import type { SessionWithTable, TablesRepository } from './tables.repository.ts';
import type { StaffNotifier } from '../../plugins/events.ts';

/**
 * Whether a session of the place is the table's shared one (issue 19; the rule: domain sharesTableCart): a table
 * scanned without a device mode, unless the venue set `shared_table_cart` to 0 (missing: on) or puts every device in
 * tablet mode. Read from the settings each time, so every process answers alike.
 */
export async function isSharedTableSession(
  getSetting: (placeId: number, key: string) => Promise<string | undefined>,
  placeId: number,
  session: { kind: string; mode: string | null },
): Promise<boolean> {
  if (session.kind !== 'table' || session.mode !== null) return false;
  const [shared, tablet] = await Promise.all([
    getSetting(placeId, SHARED_TABLE_CART_SETTING),
    getSetting(placeId, 'tablet_mode_always_on'),
  ]);
  return sharesTableCart({
    kind: session.kind,
    mode: session.mode,
    sharedSetting: parseFlag(shared, true),
    tabletAlwaysOn: parseFlag(tablet, false),
  });
}

export interface TableCallContext {
  placeId: number;
  placeSlug: string;
  now: Date;
  lang: Lang;
  /** Role of the logged-in user, if any (waiters get the 8-hour token). */
  role: string | null;
  /** A staff login (WAITER and above) with access to this place: may switch kiosk / tablet mode and change tables. */
  staff: boolean;
}

/** A new session secret: 192 random bits, URL-safe. */
function newSessionToken(): string {
  return randomBytes(24).toString('base64url');
}

function sessionAnswer(s: SessionWithTable): StoreTableSession {
  const room = s.table_kind === 'room';
  return {
    session: s.session,
    token: s.session,
    order_type: sessionTokenOrderType(s.order_type, s.table_kind),
    table: s.table_number,
    table_id: s.table_id,
    room_number: room ? s.table_number : null,
    expires: s.expires_at,
    bill_wanted: s.bill_wanted ? 1 : 0,
    place_id: s.place_id,
  };
}

export function createTablesService(deps: { repo: TablesRepository; notifier?: StaffNotifier | null }) {
  const repo = deps.repo;
  const notifier = deps.notifier ?? null;

  /** A valid (known, unexpired) session of the place, else the spec's 'Invalid session'. */
  async function requireSession(placeId: number, session: string, now: Date): Promise<SessionWithTable> {
    const s = await repo.findSession(placeId, session);
    // A closed session (its bill paid in full, issue 19) is over like an expired one.
    if (!s || isTokenExpired(s.expires_at, now) || s.closed_at)
      throw orderError(400, TABLE_ERROR_CODES.invalidSession);
    return s;
  }

  /**
   * Opens a session for a table or room QR token (POST tables/verify_token). A staff member may switch the device
   * to kiosk mode (the session then lives 43800 h, spec §9) or tablet mode; a guest asking for either is refused.
   */
  async function verifyToken(
    token: string,
    placeSlug: string,
    ctx: TableCallContext,
    mode: DeviceMode | null = null,
  ): Promise<StoreTableSession> {
    const table =
      placeSlug === ctx.placeSlug ? await repo.findActiveTableByToken(ctx.placeId, token) : undefined;
    if (!table) throw orderError(404, TABLE_ERROR_CODES.invalidQrCode);
    if (mode && !ctx.staff) throw orderError(403, TABLE_ERROR_CODES.staffRequired);
    const room = table.kind === 'room';
    const orderType = sessionOrderTypeFor(table.kind, await repo.listActiveOrderTypes(ctx.placeId));
    let expires = orderTokenExpiresAt(ctx.now, {
      waiter: isWaiterOrAbove(ctx.role),
      kiosk: mode === 'kiosk',
    }).toISOString();
    const answer = (session: string, billWanted: number): StoreTableSession => ({
      session,
      token: session,
      order_type: sessionTokenOrderType(orderType, table.kind),
      table: table.number,
      table_id: table.id,
      room_number: room ? table.number : null,
      expires,
      bill_wanted: billWanted ? 1 : 0,
      place_id: ctx.placeId,
      ...(mode ? { mode } : {}),
    });
    // The table as one party (issue 19): a plain scan of a table joins its open session (shared cart, one bill),
    // which then lives at least as long as a new one would. Rooms, kiosk and tablet devices keep their own session.
    const getSetting = (placeId: number, key: string) => repo.getSetting(placeId, key);
    if (await isSharedTableSession(getSetting, ctx.placeId, { kind: table.kind, mode })) {
      const open = await repo.findOpenSharedSession(ctx.placeId, table.id, ctx.now.toISOString());
      if (open) {
        await repo.extendSession(open.id, expires);
        if (open.expires_at > expires) expires = open.expires_at;
        return answer(open.session, open.bill_wanted);
      }
    }
    const session = newSessionToken();
    await repo.insertSession({
      placeId: ctx.placeId,
      tableId: table.id,
      session,
      orderType,
      expiresAt: expires,
      createdAt: ctx.now.toISOString(),
      mode,
    });
    return answer(session, 0);
  }

  /** Checks that a session is still valid for the QR token it was opened with (POST tables/verify_session). */
  async function verifySession(
    token: string,
    session: string,
    placeSlug: string,
    ctx: TableCallContext,
  ): Promise<StoreTableSession> {
    if (placeSlug !== ctx.placeSlug) throw orderError(400, TABLE_ERROR_CODES.invalidSession);
    const s = await requireSession(ctx.placeId, session, ctx.now);
    if (s.table_token !== token) throw orderError(400, TABLE_ERROR_CODES.invalidSession);
    return sessionAnswer(s);
  }

  /**
   * Moves a table session to another table of the place (POST tables/change_table; spec §2 change table, §6
   * waiters): when the venue shows change-table, or for staff. The session keeps its token, orders and bill state;
   * its orders move with it. A table session moves to a table, a room session to a room.
   */
  async function changeTable(body: StoreChangeTableBody, ctx: TableCallContext): Promise<StoreTableSession> {
    if (!ctx.staff && !parseFlag(await repo.getSetting(ctx.placeId, 'show_change_table'), false)) {
      throw orderError(403, TABLE_ERROR_CODES.changeTableNotAllowed);
    }
    const s = await requireSession(ctx.placeId, body.session, ctx.now);
    const moved = await repo.transaction(async (trx) => {
      const table = await repo.findActiveTable(ctx.placeId, body.tableId, trx);
      if (!table || table.kind !== s.table_kind) throw orderError(404, TABLE_ERROR_CODES.invalidTable);
      if (table.id !== s.table_id) {
        await repo.moveSession(
          trx,
          { placeId: ctx.placeId, sessionId: s.id, session: s.session, table },
          ctx.now.toISOString(),
        );
      }
      return repo.findSession(ctx.placeId, s.session, trx);
    });
    if (!moved) throw orderError(400, TABLE_ERROR_CODES.invalidSession);
    return sessionAnswer(moved);
  }

  /** Tables and rooms of the place (GET tablesMenu). */
  async function tablesMenu(placeId: number): Promise<StoreTablesMenuResponse> {
    const rows = await repo.listTables(placeId);
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind === 'room' ? 'room' : 'table',
      seats: r.seats,
      hall_id: r.hall_id,
      hall_name: r.hall_name,
    }));
  }

  /**
   * Asks for the bill (spec §4): only after an order, only once; marks the session and its orders, puts a 'bill'
   * request on the staff board and extends the token by 15 minutes — in one transaction.
   */
  async function billWanted(
    session: string,
    body: StoreBillWantedBody,
    ctx: TableCallContext,
  ): Promise<StoreBillWantedResponse> {
    if (body.placeId != null && body.placeId !== ctx.placeId) {
      throw orderError(400, TABLE_ERROR_CODES.invalidSession);
    }
    const s = await requireSession(ctx.placeId, session, ctx.now);
    const paymentMethod = body.paymentMethod?.trim() || null;
    const expires = extendForBillRequest(new Date(s.expires_at)).toISOString();
    const at = ctx.now.toISOString();
    const answer = await repo.transaction(async (trx) => {
      if (!(await repo.sessionHasOrders(ctx.placeId, s.session, trx))) {
        throw orderError(409, TABLE_ERROR_CODES.createOrderFirst);
      }
      const marked = await repo.markBillWanted(
        trx,
        { placeId: ctx.placeId, sessionId: s.id, session: s.session, paymentMethod, expiresAt: expires },
        at,
      );
      if (!marked) throw orderError(409, TABLE_ERROR_CODES.billAlreadyRequested);
      const need = await repo.insertUserNeed(
        {
          placeId: ctx.placeId,
          tableId: s.table_id,
          session: s.session,
          type: 'bill',
          text: paymentMethod,
          createdAt: at,
        },
        trx,
      );
      return { bill_wanted: 1 as const, expires, needId: need.id };
    });
    notifier?.userNeedCreated(ctx.placeId, answer.needId);
    return { bill_wanted: answer.bill_wanted, expires: answer.expires };
  }

  /** A waiter call from a table session (POST user-needs): a preset, or 'other' with a text. */
  async function addUserNeed(body: StoreUserNeedBody, ctx: TableCallContext): Promise<StoreUserNeedResponse> {
    const text = body.text?.trim() || null;
    if (body.type === 'other' && !text) throw validationError([{ field: 'text', code: 'text_required' }]);
    if (text && [...text].length > MAX_COMMENT_LENGTH) {
      throw validationError([{ field: 'text', code: 'comment_too_long' }]);
    }
    const s = await requireSession(ctx.placeId, body.token, ctx.now);
    const at = ctx.now.toISOString();
    const { id } = await repo.insertUserNeed({
      placeId: ctx.placeId,
      tableId: s.table_id,
      session: s.session,
      type: body.type,
      text,
      createdAt: at,
    });
    notifier?.userNeedCreated(ctx.placeId, id);
    return { id, type: body.type, status: 'open', created_at: at };
  }
  return { requireSession, verifyToken, verifySession, changeTable, tablesMenu, billWanted, addUserNeed };
}
export type TablesService = ReturnType<typeof createTablesService>;
