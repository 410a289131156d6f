/**
 * An order call brought to one common form (orders.service.ts): the call's context, the draft every §7 order payload
 * becomes, and the draft's pure helpers (the requested time's parts, the duplicate-order hash).
 */
import { createHash } from 'node:crypto';
import { cartLineKey } from '@trapeza/domain/cart';
import type { OrderType } from '@trapeza/domain/order-status';
import type {
  StoreDeliveryOrderBody,
  StoreOrderComment,
  StoreOrderProduct,
  StorePreorderBody,
  StoreRoomOrderBody,
  StoreServedOnSpotOrderBody,
} from '@trapeza/domain/contracts/orders';
import type { Lang } from './order-error.ts';
import type { RequestUser } from './request-user.ts';

export interface OrderCallContext {
  placeId: number;
  clientId: number;
  now: Date;
  lang: Lang;
  user: RequestUser | null;
  /** The subject of a bearer token the auth plugin did not honour (e.g. a banned account), if any. */
  claimedUserId?: number | null;
  /** The guest's own address (app.guestOrigin) for an online payment's return, asked only for such an order. */
  origin?: () => Promise<string>;
  /** The venue is not live yet and the caller is not its admin (request-user.ts closedToGuests): no order. */
  closedToGuests?: boolean;
}

/** One order payload brought to a common form; `kind` says which §7 call it came from. */
export interface OrderDraft {
  type: OrderType;
  products: StoreOrderProduct[];
  comments: StoreOrderComment[];
  /** The spot order's session, or the token a guest order sent. */
  session: string | null;
  token: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  streetNumber: string | null;
  floor: string | null;
  apartment: string | null;
  bell: string | null;
  entrance: string | null;
  postalCode: string | null;
  time: string | null;
  exactTime: 0 | 1 | null;
  paymentMethod: string | null;
  cutlery: 0 | 1 | null;
  countCutlery: number;
  promoCode: string | null;
  textComment: string | null;
  regionId: number | null;
  radiusId: number | null;
  shapeId: number | null;
  lat: number | null;
  lng: number | null;
  roomNumber: string | null;
  additionalOrderType: string | null;
  pickupPlaceId: number | null;
  accumulatedRequested: number;
  deviceId: string | null;
}

export const blankToNull = (s: string | null | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

/** The device id inside `userDeviceData` (a string, or an object naming it). */
export function deviceIdOf(data: unknown): string | null {
  if (typeof data === 'string') return blankToNull(data)?.slice(0, 200) ?? null;
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    for (const k of ['deviceId', 'device_id', 'id', 'fingerprint']) {
      const v = d[k];
      if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
      if (typeof v === 'number') return String(v);
    }
  }
  return null;
}

export function baseDraft(
  type: OrderType,
  products: StoreOrderProduct[],
  comments: StoreOrderComment[] | null | undefined,
): OrderDraft {
  return {
    type,
    products,
    comments: comments ?? [],
    session: null,
    token: null,
    name: null,
    phone: null,
    email: null,
    address: null,
    streetNumber: null,
    floor: null,
    apartment: null,
    bell: null,
    entrance: null,
    postalCode: null,
    time: null,
    exactTime: null,
    paymentMethod: null,
    cutlery: null,
    countCutlery: 0,
    promoCode: null,
    textComment: null,
    regionId: null,
    radiusId: null,
    shapeId: null,
    lat: null,
    lng: null,
    roomNumber: null,
    additionalOrderType: null,
    pickupPlaceId: null,
    accumulatedRequested: 0,
    deviceId: null,
  };
}

type GuestBody = StorePreorderBody | StoreRoomOrderBody | StoreServedOnSpotOrderBody | StoreDeliveryOrderBody;

export function guestDraft(type: OrderType, b: GuestBody): OrderDraft {
  const d = baseDraft(type, b.products, b.order_comment);
  d.token = blankToNull(b.token);
  d.name = blankToNull(b.client_name);
  d.phone = blankToNull(b.client_phone);
  d.email = blankToNull(b.client_email);
  d.exactTime = b.exact_time_selected ?? null;
  d.paymentMethod = blankToNull(b.payment_method);
  d.cutlery = b.cutlery ?? null;
  d.promoCode = blankToNull(b.promo_code);
  d.textComment = blankToNull(b.order_text_comment);
  d.accumulatedRequested = b.accumulatedOrderAmountUsed ?? 0;
  d.deviceId = deviceIdOf(b.userDeviceData);
  return d;
}

/** Splits 'DD.MM HH:MM' (or 'HH:MM', or 'DD.MM') into its day and time parts. */
export function splitTime(value: string | null): { date: string | null; time: string | null } {
  if (!value) return { date: null, time: null };
  const date = /\b\d{1,2}\.\d{1,2}\.?/.exec(value)?.[0] ?? null;
  const time = /\b\d{1,2}:\d{2}\b/.exec(value)?.[0] ?? null;
  return { date, time };
}

/** Same place, type, session or guest, and the same lines and comments → the same hash. */
export function orderDedupeHash(d: OrderDraft, placeId: number): string {
  // A guest without a token yet is known by what they typed (a retried submission repeats it).
  const who = d.session ?? d.token ?? `guest:${d.phone ?? ''}:${d.name ?? ''}:${d.deviceId ?? ''}`;
  const lines = d.products
    .map(
      (p) =>
        `${p.product_id}:${cartLineKey({ product_variant_id: p.product_variant_id, ingredients: p.ingredients })}x${p.quantity}`,
    )
    .sort();
  const comments = d.comments.map((c) => `${c.variantId}:${c.comment.trim()}`).sort();
  return createHash('sha256')
    .update(JSON.stringify([placeId, d.type, who, lines, comments, d.textComment ?? '']))
    .digest('hex');
}
