/**
 * The table as one party (issue 19): every phone that scans a table's QR joins its session (tables.service
 * verifyToken), picks a name, and shares one cart; anyone sends it, once; the bill (all orders of the session) is
 * split into shares by items, equal parts or a custom amount, each with a tip, paid online (a payment for the share,
 * through the payments module) or in cash / by card to the waiter (a bill request on the staff board, marked paid
 * there). The session closes when the bill is paid in full.
 *
 * Nothing here is kept in the process: the cart's version, the send guard and the bill's row lock are in the
 * database (table-party.repository.ts), and the phones hear of changes through the event bus (SSE, fanned out over
 * LISTEN/NOTIFY on PostgreSQL), so any number of server processes may serve one table.
 */
import { randomBytes } from 'node:crypto';
import { parseFlag } from '@trapeza/domain/settings';
import { isTokenExpired } from '@trapeza/domain/tokens';
import {
  TABLE_PARTY_ERROR_CODES as CODES,
  TABLE_CART_PRIVATE_LINES_SETTING,
  checkShareAmount,
  equalShareAmount,
  itemClaimAmount,
  normalizeGuestName,
  shareHolds,
  spreadOrderTotal,
  summarizeBill,
  tipAmount,
  type RuleResult,
  type ShareState,
} from '@trapeza/domain/table-bill';
import type {
  StaffTableBill,
  StoreAddTableCartLineBody,
  StoreBillShare,
  StoreChangeTableCartLineBody,
  StoreSendTableCartBody,
  StoreTableBill,
  StoreTableCart,
  StoreTableGuest,
  StoreTakeShareBody,
} from '@trapeza/domain/contracts/table-party';
import type { StoreOrderResponse, StoreSpotOrderBody } from '@trapeza/domain/contracts/orders';
import type { StoreInitiatePaymentResponse } from '@trapeza/domain/contracts/payments';
import { DomainError } from '../../lib/domain-error.ts';
import { errorText } from '../../lib/error-texts.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { NewBusEvent, StaffNotifier } from '../../plugins/events.ts';
import type { BillSharePayTarget } from '../payments/payments.service.ts';
import type { Lang } from '../orders/order-error.ts';
import { orderError } from '../orders/order-error.ts';
import type { GuestRow, PartySession, TablePartyRepository } from './table-party.repository.ts';
import { isSharedTableSession } from './tables.service.ts';

/** A send that has not finished after this long was cut off (its process died): the cart may be sent again. */
const SEND_STALE_MS = 60_000;
/** An online share's invoice expires after this long… */
const SHARE_PAYMENT_MINUTES = 15;
/** …and its claim on the bill lasts this much longer, for the provider's notification to arrive. */
const SHARE_NOTIFY_GRACE_MINUTES = 5;
/** Setting: private "just for me" lines in the shared cart (default off). */
const PRIVATE_LINES_SETTING = TABLE_CART_PRIVATE_LINES_SETTING;

/** A refusal of the shared cart or bill calls, with the current cart or bill when the phone must catch up. */
function partyError(
  status: number,
  code: string,
  extra: { cart?: StoreTableCart; bill?: StoreTableBill } = {},
): DomainError {
  const fields = { ...(extra.cart ? { cart: extra.cart } : {}), ...(extra.bill ? { bill: extra.bill } : {}) };
  return new DomainError(status, code, errorText(code)?.en ?? code, { fields });
}

export interface PartyContext {
  placeId: number;
  now: Date;
  lang: Lang;
  /** The guest's own address for a payment's return (app.guestOrigin), asked only when a share is paid online. */
  origin?: () => Promise<string>;
}

export interface TablePartyDeps {
  repo: TablePartyRepository;
  getSetting: (placeId: number, key: string) => Promise<string | undefined>;
  publish: (event: NewBusEvent) => Promise<unknown>;
  notifier: () => StaffNotifier | null | undefined;
  initiatePayment: (placeId: number, target: BillSharePayTarget) => Promise<StoreInitiatePaymentResponse>;
  placeSlug: (placeId: number) => Promise<string>;
  now: () => Date;
  log: (err: unknown, message: string) => void;
}

type ShareWithItems = StoreBillShare & { status: 'pending' | 'paid' | 'released' };

function newGuestKey(): string {
  return randomBytes(18).toString('base64url');
}

function parseIngredients(json: string): { required: number; addable: number[]; removable: number[] } {
  try {
    const v = JSON.parse(json) as { required?: number; addable?: number[]; removable?: number[] };
    return { required: v.required ?? 0, addable: v.addable ?? [], removable: v.removable ?? [] };
  } catch {
    return { required: 0, addable: [], removable: [] };
  }
}

/** The same choice always serialises the same way (ids sorted), so identical lines merge. */
function ingredientsKey(i: { required: number; addable: number[]; removable: number[] }): string {
  const sort = (a: number[]) => [...new Set(a)].sort((x, y) => x - y);
  return JSON.stringify({ required: i.required, addable: sort(i.addable), removable: sort(i.removable) });
}

function guestOut(g: GuestRow): StoreTableGuest {
  return { id: g.id, number: g.number, name: g.name };
}

/** Rolls an add back when its push id was taken already (addLine). */
class DuplicatePush extends Error {}

export function createTablePartyService(deps: TablePartyDeps) {
  const repo = deps.repo;

  // -- sessions and guests ---------------------------------------------------------------------------------------

  /** A known, unexpired, open session of the place; else the spec's 'Invalid session' (closed: over). */
  async function session(
    token: string,
    ctx: PartyContext,
    opts: { allowClosed?: boolean } = {},
  ): Promise<PartySession> {
    const s = await repo.session(ctx.placeId, token);
    if (!s || isTokenExpired(s.expires_at, ctx.now) || (s.closed_at !== null && !opts.allowClosed)) {
      throw orderError(400, 'Invalid session');
    }
    return s;
  }

  async function shared(token: string, ctx: PartyContext): Promise<PartySession> {
    const s = await session(token, ctx);
    if (!(await isSharedTableSession(deps.getSetting, ctx.placeId, { kind: s.table_kind, mode: s.mode }))) {
      throw partyError(409, CODES.sharingNotAvailable);
    }
    return s;
  }

  async function guest(s: PartySession, key: string): Promise<GuestRow> {
    const g = await repo.guestByKey(s.id, key);
    if (!g) throw partyError(403, CODES.unknownGuest);
    return g;
  }

  /** POST …/guests: joins the cart (a new guest, "Guest N" unless named) or renames the caller's guest. */
  async function join(
    token: string,
    body: { guest_key?: string | null; name?: string | null },
    ctx: PartyContext,
  ): Promise<{ guest: StoreTableGuest & { guest_key: string } }> {
    const s = await shared(token, ctx);
    const name = normalizeGuestName(body.name);
    if (!name.ok) throw partyError(400, name.code);
    const known = body.guest_key ? await repo.guestByKey(s.id, body.guest_key) : undefined;
    let guest: GuestRow;
    if (known) {
      if (body.name !== undefined) await repo.renameGuest(known.id, name.value);
      guest = { ...known, name: body.name !== undefined ? name.value : known.name };
    } else {
      guest = await repo.insertGuest(
        { placeId: ctx.placeId, sessionId: s.id },
        name.value,
        newGuestKey(),
        ctx.now.toISOString(),
      );
    }
    cartChanged(ctx.placeId, s, s.cart_version);
    return { guest: { ...guestOut(guest), guest_key: guest.guest_key } };
  }

  // -- the cart --------------------------------------------------------------------------------------------------

  async function privateLinesAllowed(placeId: number): Promise<boolean> {
    return parseFlag(await deps.getSetting(placeId, PRIVATE_LINES_SETTING), false);
  }

  async function cartOf(
    s: PartySession,
    guestId: number | null,
    now: Date,
    db?: AppDatabase,
  ): Promise<StoreTableCart> {
    const fresh = (await repo.session(s.place_id, s.session, db)) ?? s;
    const [guests, lines, privateAllowed] = await Promise.all([
      repo.listGuests(s.id, db),
      repo.listLines(s.id, db),
      privateLinesAllowed(s.place_id),
    ]);
    const staleBefore = now.getTime() - SEND_STALE_MS;
    return {
      version: fresh.cart_version,
      shared: fresh.mode === null,
      private_lines_allowed: privateAllowed,
      sending: fresh.cart_sending_at !== null && new Date(fresh.cart_sending_at).getTime() > staleBefore,
      sent:
        fresh.cart_sent_key && fresh.cart_sent_at
          ? { key: fresh.cart_sent_key, at: fresh.cart_sent_at, guest_id: fresh.cart_sent_by }
          : null,
      guests: guests.map(guestOut),
      lines: lines
        .filter((l) => !l.private || l.guest_id === guestId)
        .map((l) => ({
          id: l.id,
          guest_id: l.guest_id,
          product_id: l.product_id,
          product_variant_id: l.variant_id,
          name: l.name,
          size: l.size,
          price: l.price,
          quantity: l.quantity,
          ingredients: parseIngredients(l.ingredients),
          comment: l.comment,
          private: l.private ? 1 : 0,
        })),
    };
  }

  /** GET …/cart: the table's cart as this guest sees it (without the others' private lines). */
  async function cart(
    token: string,
    guestKey: string | undefined,
    ctx: PartyContext,
  ): Promise<StoreTableCart> {
    const s = await shared(token, ctx);
    const g = guestKey ? await repo.guestByKey(s.id, guestKey) : undefined;
    return cartOf(s, g?.id ?? null, ctx.now);
  }

  /** A stale version (or a send under way): 409 cart_changed with the current cart. */
  async function stale(s: PartySession, guestId: number, ctx: PartyContext): Promise<never> {
    throw partyError(409, CODES.cartChanged, { cart: await cartOf(s, guestId, ctx.now) });
  }

  /** POST …/cart/lines: adds a line (merging with the guest's identical line) at the expected version. */
  async function addLine(
    token: string,
    body: StoreAddTableCartLineBody,
    ctx: PartyContext,
  ): Promise<StoreTableCart> {
    const s = await shared(token, ctx);
    const g = await guest(s, body.guest_key);
    const isPrivate = body.private === 1 || body.private === true ? 1 : 0;
    if (isPrivate && !(await privateLinesAllowed(ctx.placeId))) {
      throw partyError(400, CODES.privateLinesNotAllowed);
    }
    // As the order path answers (spec §8): another venue's product, or one that is gone or not orderable now.
    const product = await repo.cartProduct(body.product_id, body.product_variant_id);
    if (product && product.place_id !== ctx.placeId) {
      throw orderError(400, 'invalid_products_for_place', { ids: [body.product_id] });
    }
    if (
      !product ||
      product.variant_id === null ||
      !product.active ||
      !product.in_stock ||
      !product.variant_active ||
      product.type === 'booking'
    ) {
      throw orderError(400, 'inactiveProductsIds', {
        ids: [body.product_id],
        variant_ids: [body.product_variant_id],
        names: product ? [product.name] : [],
      });
    }
    const now = ctx.now.toISOString();
    const comment = body.comment?.trim() || null;
    const pushId = body.push_id;
    let done: boolean;
    try {
      done = await repo.transaction(async (trx) => {
        if (!(await repo.bumpVersion(trx, s.id, body.version, staleBefore(ctx)))) return false;
        // The same push again (the phone unloaded before it took the line out): undo the bump, add nothing.
        if (pushId && !(await repo.recordPush(trx, s.id, pushId, now))) throw new DuplicatePush();
        await repo.insertLine(trx, {
          placeId: ctx.placeId,
          sessionId: s.id,
          guestId: g.id,
          productId: body.product_id,
          variantId: body.product_variant_id,
          quantity: body.quantity,
          ingredients: ingredientsKey(body.ingredients),
          comment,
          private: isPrivate,
          now,
        });
        return true;
      });
    } catch (err) {
      if (!(err instanceof DuplicatePush)) throw err;
      return cartOf(s, g.id, ctx.now);
    }
    if (!done) return stale(s, g.id, ctx);
    const cart = await cartOf(s, g.id, ctx.now);
    cartChanged(ctx.placeId, s, cart.version);
    return cart;
  }

  /** PATCH / DELETE …/cart/lines/{id}: sets the quantity (0 removes); others' private lines are not theirs. */
  async function changeLine(
    token: string,
    lineId: number,
    body: StoreChangeTableCartLineBody,
    ctx: PartyContext,
  ): Promise<StoreTableCart> {
    const s = await shared(token, ctx);
    const g = await guest(s, body.guest_key);
    const line = await repo.lineOf(s.id, lineId);
    if (!line || (line.private && line.guest_id !== g.id)) {
      throw partyError(404, CODES.lineNotInCart, {
        cart: await cartOf(s, g.id, ctx.now),
      });
    }
    const makePrivate =
      body.private === undefined ? undefined : body.private === 1 || body.private === true ? 1 : 0;
    if (makePrivate !== undefined && makePrivate !== line.private) {
      if (line.guest_id !== g.id) throw partyError(403, CODES.lineNotYours);
      if (makePrivate && !(await privateLinesAllowed(ctx.placeId))) {
        throw partyError(400, CODES.privateLinesNotAllowed);
      }
    }
    const done = await repo.transaction(async (trx) => {
      if (!(await repo.bumpVersion(trx, s.id, body.version, staleBefore(ctx)))) return false;
      await repo.setLineQuantity(trx, s.id, lineId, body.quantity, ctx.now.toISOString(), makePrivate);
      return true;
    });
    if (!done) return stale(s, g.id, ctx);
    const cart = await cartOf(s, g.id, ctx.now);
    cartChanged(ctx.placeId, s, cart.version);
    return cart;
  }

  function staleBefore(ctx: PartyContext): string {
    return new Date(ctx.now.getTime() - SEND_STALE_MS).toISOString();
  }

  /**
   * POST …/cart/send: the whole cart (private lines too: they are the guest's own dishes) becomes one spot order
   * through the existing order path, which prices it. Once-only: the conditional update of `startSending` lets one
   * of two simultaneous presses through; the other is answered 409 cart_changed with the cart showing the send.
   */
  async function send(
    token: string,
    body: StoreSendTableCartBody,
    ctx: PartyContext,
    /** The existing spot-order path (orders.service placeSpotOrder): validation, pricing, storing, notices. */
    placeSpotOrder: (body: StoreSpotOrderBody) => Promise<StoreOrderResponse>,
  ): Promise<{ order: StoreOrderResponse; cart: StoreTableCart }> {
    const s = await shared(token, ctx);
    const g = await guest(s, body.guest_key);
    const lines = await repo.listLines(s.id);
    if (lines.length === 0) {
      // Empty because another phone's send just emptied it? Then this press was on a stale version: 409 with the
      // cart showing the send, like a press that loses the race while the send is under way. The session is read
      // again here because the other send may have finished between the first read and the lines'.
      const fresh = await shared(token, ctx);
      if (fresh.cart_version !== body.version) return stale(fresh, g.id, ctx);
      throw partyError(400, CODES.cartEmpty, { cart: await cartOf(s, g.id, ctx.now) });
    }
    if (!(await repo.startSending(s.id, body.version, ctx.now.toISOString(), staleBefore(ctx)))) {
      return stale(s, g.id, ctx);
    }
    cartChanged(ctx.placeId, s, body.version + 1);
    let order: StoreOrderResponse;
    try {
      order = await placeSpotOrder({
        session: s.session,
        products: lines.map((l) => ({
          product_id: l.product_id,
          product_variant_id: l.variant_id,
          quantity: l.quantity,
          ingredients: parseIngredients(l.ingredients),
        })),
        order_comment: [
          ...(body.order_comment ?? []),
          ...lines.filter((l) => l.comment).map((l) => ({ variantId: l.variant_id, comment: l.comment! })),
        ],
        userDeviceData: body.userDeviceData,
      });
    } catch (err) {
      await repo.abortSending(s.id);
      cartChanged(ctx.placeId, s, body.version + 2);
      throw err;
    }
    await repo.finishSending(
      s.id,
      lines.map((l) => l.id),
      { key: order.key, at: ctx.now.toISOString(), by: g.id },
    );
    const cart = await cartOf(s, g.id, ctx.now);
    cartChanged(ctx.placeId, s, cart.version);
    billChanged(ctx.placeId, s, null);
    return { order, cart };
  }

  // -- the bill --------------------------------------------------------------------------------------------------

  async function billOf(s: PartySession, ctx: { now: Date }, db?: AppDatabase): Promise<StoreTableBill> {
    const [{ orders, lines }, { shares, items }, guests] = await Promise.all([
      repo.billOrders(s.place_id, s.session, db),
      repo.shares(s.id, db),
      repo.listGuests(s.id, db),
    ]);
    const holding: ShareWithItems[] = shares
      .map((sh): ShareWithItems => ({
        id: sh.id,
        guest_id: sh.guest_id,
        mode: sh.mode as ShareWithItems['mode'],
        parts: sh.parts,
        amount: sh.amount,
        tip: sh.tip,
        method: sh.method as ShareWithItems['method'],
        status: sh.status as ShareWithItems['status'],
        expires_at: sh.expires_at,
        items: items
          .filter((i) => i.share_id === sh.id)
          .map((i) => ({ line_id: i.order_line_id, quantity: i.quantity, amount: i.amount })),
      }))
      .filter((sh) => shareHolds(state(sh), ctx.now));
    const claimed = new Map<number, { quantity: number; amount: number }>();
    for (const sh of holding) {
      for (const i of sh.items) {
        const c = claimed.get(i.line_id) ?? { quantity: 0, amount: 0 };
        claimed.set(i.line_id, { quantity: c.quantity + i.quantity, amount: c.amount + i.amount });
      }
    }
    const billOrders = orders.map((o) => {
      const own = lines.filter((l) => l.order_id === o.id);
      const spread = spreadOrderTotal(
        o.total,
        own.map((l) => ({ id: l.id, quantity: l.quantity, lineTotal: l.line_total })),
      );
      return {
        key: o.key,
        status: o.status,
        created_at: o.created_at,
        total: o.total,
        lines: own.map((l, i) => ({
          id: l.id,
          name: l.name,
          size: l.size,
          quantity: l.quantity,
          amount: spread[i] ?? 0,
          claimed_quantity: claimed.get(l.id)?.quantity ?? 0,
          claimed_amount: claimed.get(l.id)?.amount ?? 0,
        })),
      };
    });
    const total = orders.reduce((a, o) => a + o.total, 0);
    const summary = summarizeBill(total, holding.map(state), ctx.now);
    return {
      table: s.table_number,
      currency: orders[0]?.currency ?? 'EUR',
      ...summary,
      closed: s.closed_at !== null,
      orders: billOrders,
      guests: guests.map(guestOut),
      shares: holding,
    };
  }

  function state(sh: { amount: number; status: string; expires_at: string | null }): ShareState {
    return {
      amount: sh.amount,
      status: sh.status as ShareState['status'],
      expiresAt: sh.expires_at,
    };
  }

  /** GET …/bill: every order of the session line by line, what is claimed, paid and remaining. */
  async function bill(token: string, ctx: PartyContext): Promise<StoreTableBill> {
    const s = await session(token, ctx, { allowClosed: true });
    return billOf(s, ctx);
  }

  /**
   * POST …/bill/shares: takes a share in one transaction that holds the bill's lock, so that of two guests
   * claiming the same lines or the last remaining amount one goes through and the other is told the bill changed.
   */
  async function takeShare(
    token: string,
    body: StoreTakeShareBody,
    ctx: PartyContext,
  ): Promise<{ share: StoreBillShare; bill: StoreTableBill; payment: StoreInitiatePaymentResponse | null }> {
    const s = await session(token, ctx);
    const g = await guest(s, body.guest_key);
    const now = ctx.now.toISOString();
    const online = body.method === 'online';
    const expiresAt = online
      ? new Date(
          ctx.now.getTime() + (SHARE_PAYMENT_MINUTES + SHARE_NOTIFY_GRACE_MINUTES) * 60_000,
        ).toISOString()
      : null;
    const taken = await repo.transaction(async (trx) => {
      await repo.lockBill(trx, s.id);
      const bill = await billOf(s, ctx, trx);
      const changed = () => partyError(409, CODES.billChanged, { bill });
      if (bill.settled || bill.total <= 0) throw partyError(409, CODES.billPaid, { bill });
      if (body.expected_remaining !== undefined && body.expected_remaining !== bill.remaining)
        throw changed();
      /** Overtaken (the lines or the amount were taken by someone faster): 409 bill_changed; else 400 code. */
      const unwrap = <T>(r: RuleResult<T>): T => {
        if (r.ok) return r.value;
        const overtaken: string[] = [CODES.billChanged, CODES.lineTaken, CODES.shareExceedsRemaining];
        throw overtaken.includes(r.code) ? changed() : partyError(400, r.code, { bill });
      };
      let amount: number;
      let items: { lineId: number; quantity: number; amount: number }[] = [];
      let parts: number | null = null;
      let partIndex: number | null = null;
      if (body.mode === 'items') {
        if (!body.items?.length) throw partyError(400, 'invalid_bill_share');
        const lines = new Map(bill.orders.flatMap((o) => o.lines).map((l) => [l.id, { ...l }]));
        const wanted = new Map<number, number>();
        for (const i of body.items) wanted.set(i.line_id, (wanted.get(i.line_id) ?? 0) + i.quantity);
        for (const [lineId, quantity] of wanted) {
          const line = lines.get(lineId);
          if (!line) throw partyError(400, CODES.unknownLine);
          const a = unwrap(
            itemClaimAmount(
              {
                quantity: line.quantity,
                amount: line.amount,
                claimedQuantity: line.claimed_quantity,
                claimedAmount: line.claimed_amount,
              },
              quantity,
            ),
          );
          items.push({ lineId, quantity, amount: a });
        }
        amount = items.reduce((a, i) => a + i.amount, 0);
        // Claimed lines may hold less than the remaining amount only: a custom share may already have paid part.
        amount = unwrap(checkShareAmount(amount, bill.remaining));
      } else if (body.mode === 'equal') {
        if (!body.parts) throw partyError(400, 'invalid_bill_share');
        parts = body.parts;
        const equal = bill.shares.filter((sh) => sh.mode === 'equal' && sh.parts === parts);
        partIndex = equal.length;
        // Equal shares split what the other shares (items, custom amounts) leave: "I pay mine, you two split the rest".
        const base =
          bill.total - bill.shares.filter((sh) => !equal.includes(sh)).reduce((a, sh) => a + sh.amount, 0);
        amount = unwrap(equalShareAmount(base, parts, partIndex, bill.remaining));
      } else {
        if (body.amount === undefined) throw partyError(400, 'invalid_bill_share');
        const r = checkShareAmount(body.amount, bill.remaining);
        if (!r.ok) throw partyError(400, r.code, { bill });
        amount = r.value;
        items = [];
      }
      const tip = unwrap(tipAmount(amount, body.tip));
      const shareId = await repo.insertShare(trx, {
        placeId: ctx.placeId,
        sessionId: s.id,
        guestId: g.id,
        mode: body.mode,
        parts,
        partIndex,
        amount,
        tip,
        method: body.method,
        expiresAt,
        now,
        items,
      });
      let needId: number | null = null;
      if (!online) {
        const who = g.name ?? `#${g.number}`;
        const money = (v: number) => (v / 100).toFixed(2);
        needId = await repo.requestBill(
          trx,
          {
            placeId: ctx.placeId,
            sessionId: s.id,
            tableId: s.table_id,
            session: s.session,
            method: body.method,
            text: `${body.method} ${money(amount + tip)}${tip ? ` (tip ${money(tip)})` : ''} · ${who}`,
          },
          now,
        );
      }
      return { shareId, amount, tip, needId };
    });
    if (taken.needId !== null) deps.notifier()?.userNeedCreated(ctx.placeId, taken.needId);
    let payment: StoreInitiatePaymentResponse | null = null;
    if (online) {
      try {
        payment = await deps.initiatePayment(ctx.placeId, {
          shareId: taken.shareId,
          amount: taken.amount + taken.tip,
          currency: (await billOf(s, ctx)).currency,
          table: s.table_number,
          notAfter: new Date(ctx.now.getTime() + SHARE_PAYMENT_MINUTES * 60_000),
          backPath: `/${encodeURIComponent(await deps.placeSlug(ctx.placeId))}?bill=1`,
          origin: await ctx.origin?.(),
        });
      } catch (err) {
        await repo.releaseShare(taken.shareId, now);
        billChanged(ctx.placeId, s, null);
        throw err;
      }
    }
    const bill = await billOf(s, ctx);
    billChanged(ctx.placeId, s, bill);
    const share = bill.shares.find((sh) => sh.id === taken.shareId)!;
    return { share, bill, payment };
  }

  /** The payments module's hook: a share's online payment was paid (claim kept for good) or failed (released). */
  async function sharePaymentChanged(placeId: number, shareId: number, status: string): Promise<void> {
    const share = await repo.shareById(placeId, shareId);
    if (!share) return;
    const s = await repo.sessionById(placeId, share.session_id);
    if (!s) return;
    const now = deps.now();
    if (status === 'paid') {
      await settle(s, shareId, null, now);
    } else if (status !== 'pending') {
      if (await repo.releaseShare(shareId, now.toISOString())) billChanged(placeId, s, null);
    }
  }

  /** Marks a share paid and closes the session when that paid the bill in full (one transaction). */
  async function settle(s: PartySession, shareId: number, by: number | null, now: Date): Promise<boolean> {
    const closed = await repo.transaction(async (trx) => {
      await repo.lockBill(trx, s.id);
      if (!(await repo.markSharePaid(trx, shareId, now.toISOString(), by))) return null;
      const bill = await billOf(s, { now }, trx);
      return bill.settled ? repo.closeSession(trx, s.id, now.toISOString()) : false;
    });
    if (closed === null) return false;
    const fresh = (await repo.sessionById(s.place_id, s.id)) ?? s;
    billChanged(s.place_id, fresh, await billOf(fresh, { now }));
    return closed;
  }

  // -- staff -----------------------------------------------------------------------------------------------------

  function staffBill(s: PartySession, bill: StoreTableBill): StaffTableBill {
    return {
      session_id: s.id,
      table: s.table_number,
      guests: bill.guests,
      orders: bill.orders.length,
      total: bill.total,
      paid: bill.paid,
      pending: bill.pending,
      remaining: bill.remaining,
      shares: bill.shares,
    };
  }

  /** The board's bills: every open session with orders, with guests, paid / remaining and each share's method. */
  async function staffBills(placeId: number, now: Date): Promise<StaffTableBill[]> {
    const sessions = await repo.openSessionsWithOrders(placeId, now.toISOString());
    return Promise.all(sessions.map(async (s) => staffBill(s, await billOf(s, { now }))));
  }

  /** Staff "mark paid" for a cash or card share; closes the session when the bill is paid in full. */
  async function markPaid(
    placeId: number,
    shareId: number,
    userId: number,
    now: Date,
  ): Promise<{ bill: StaffTableBill; closed: boolean }> {
    const share = await repo.shareById(placeId, shareId);
    if (!share) throw partyError(404, CODES.shareNotFound);
    if (share.method === 'online' || share.status !== 'pending') {
      throw partyError(409, CODES.shareNotPayable);
    }
    const s = await repo.sessionById(placeId, share.session_id);
    if (!s) throw partyError(404, CODES.shareNotFound);
    const closed = await settle(s, shareId, userId, now);
    const fresh = (await repo.sessionById(placeId, s.id)) ?? s;
    return { bill: staffBill(fresh, await billOf(fresh, { now })), closed };
  }

  // -- events ----------------------------------------------------------------------------------------------------

  function cartChanged(placeId: number, s: PartySession, version: number): void {
    deps
      .publish({ placeId, type: 'table.cart_changed', session: s.session, data: { version } })
      .catch((err: unknown) => deps.log(err, 'table cart event failed'));
  }

  function billChanged(placeId: number, s: PartySession, bill: StoreTableBill | null): void {
    deps
      .publish({
        placeId,
        type: 'table.bill_changed',
        session: s.session,
        data: {
          session_id: s.id,
          table: s.table_number,
          ...(bill
            ? {
                total: bill.total,
                paid: bill.paid,
                pending: bill.pending,
                remaining: bill.remaining,
                closed: bill.closed,
              }
            : {}),
        },
      })
      .catch((err: unknown) => deps.log(err, 'table bill event failed'));
  }
  return {
    join,
    cart,
    addLine,
    changeLine,
    send,
    bill,
    takeShare,
    sharePaymentChanged,
    staffBills,
    markPaid,
  };
}
export type TablePartyService = ReturnType<typeof createTablePartyService>;
