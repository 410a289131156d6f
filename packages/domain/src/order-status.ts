/** Order types and statuses (spec §4, §9) and the transition table the spec leaves open (designed here, see README). */

/** Order types (spec §9): 1 spot, 2 delivery, 3 pickup / preorder, 4 spot browse, 6 room, 7 served on spot. */
export const ORDER_TYPES = {
  SPOT: 1,
  DELIVERY: 2,
  PREORDER: 3,
  SPOT_BROWSE: 4,
  ROOM: 6,
  SERVED_ON_SPOT: 7,
} as const;
export type OrderType = (typeof ORDER_TYPES)[keyof typeof ORDER_TYPES];
export const ORDER_TYPE_IDS: readonly OrderType[] = [1, 2, 3, 4, 6, 7];

/** Whether a value is an order type id; numeric strings ('2') count, as they arrive from cookies and query strings. */
export function isOrderType(value: unknown): value is OrderType {
  if (typeof value !== 'number' && !(typeof value === 'string' && /^\d+$/.test(value))) return false;
  return ORDER_TYPE_IDS.includes(Number(value) as OrderType);
}

/** Spot browse (4) only shows the menu; every other type can be ordered. */
export function isOrderingType(type: OrderType): boolean {
  return type !== ORDER_TYPES.SPOT_BROWSE;
}

/** Order types a guest without a table or room session may choose (spot needs a table; spot browse takes no orders). */
export const GUEST_ORDER_TYPES: readonly OrderType[] = [
  ORDER_TYPES.DELIVERY,
  ORDER_TYPES.PREORDER,
  ORDER_TYPES.ROOM,
  ORDER_TYPES.SERVED_ON_SPOT,
];

/** Whether an order of this type carries the guest's name, phone and e-mail (a table order rides on the session). */
export function carriesGuestContact(type: number): boolean {
  return (GUEST_ORDER_TYPES as readonly number[]).includes(type);
}

/**
 * The order types the order form offers (spec §3 order form): a table or room session fixes its own type; otherwise
 * the guest types the venue has configured, in the spec's order.
 */
export function orderTypeChoices(
  sessionType: OrderType | null,
  venueTypes: readonly number[],
): readonly OrderType[] {
  if (sessionType !== null) return [sessionType];
  return GUEST_ORDER_TYPES.filter((t) => venueTypes.includes(t));
}

/** Order statuses (spec §4). 'ordered' is shown as accepted; 'paid' as finished. */
export const ORDER_STATUSES = [
  'ordered',
  'cooked_spot',
  'served_spot',
  'cooked_delivery',
  'on_the_way_delivery',
  'cooked_preorder',
  'cooked_room',
  'paid',
  'rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

type Table = Partial<Record<OrderStatus, readonly OrderStatus[]>>;

const SPOT_TABLE: Table = {
  // A drink may be served without a cooking step; a table may pay at once (counter service).
  ordered: ['cooked_spot', 'served_spot', 'paid', 'rejected'],
  cooked_spot: ['served_spot', 'paid', 'rejected'],
  served_spot: ['paid'],
};

/**
 * Allowed transitions per order type. Forward only; 'rejected' only before the food leaves the kitchen (from
 * 'ordered' or a cooked_* status); 'paid' and 'rejected' are terminal. Spot browse (4) takes no orders.
 */
export const STATUS_TRANSITIONS: Record<OrderType, Table> = {
  1: SPOT_TABLE,
  7: SPOT_TABLE,
  2: {
    ordered: ['cooked_delivery', 'on_the_way_delivery', 'rejected'],
    cooked_delivery: ['on_the_way_delivery', 'rejected'],
    on_the_way_delivery: ['paid'],
  },
  3: {
    ordered: ['cooked_preorder', 'rejected'],
    // cooked_preorder waits for the customer; a no-show is rejected.
    cooked_preorder: ['paid', 'rejected'],
  },
  6: {
    ordered: ['cooked_room', 'rejected'],
    cooked_room: ['paid', 'rejected'],
  },
  4: {},
};

/** Terminal statuses: nothing follows them. */
export const TERMINAL_STATUSES: readonly OrderStatus[] = ['paid', 'rejected'];

/** The statuses an order of this type can reach next from `from`. */
export function nextStatuses(type: OrderType, from: OrderStatus): readonly OrderStatus[] {
  return STATUS_TRANSITIONS[type]?.[from] ?? [];
}

/** Whether an order of this type may move from `from` to `to`. */
export function canTransition(type: OrderType, from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses(type, from).includes(to);
}

/** Every status an order of this type can ever be in. */
export function statusesForOrderType(type: OrderType): OrderStatus[] {
  const table = STATUS_TRANSITIONS[type];
  const set = new Set<OrderStatus>();
  for (const [from, tos] of Object.entries(table) as [OrderStatus, readonly OrderStatus[]][]) {
    set.add(from);
    for (const t of tos) set.add(t);
  }
  return ORDER_STATUSES.filter((s) => set.has(s));
}

/**
 * The order type a table or room QR session carries (spec §6: "Table or spot sessions carry an order type from a
 * token"; issue 25): what the venue actually offers there — a table orders at the table (1) and a room orders room
 * service (6) only while the venue has that order type active; otherwise the QR opens the menu to browse (4), with
 * no add-to-cart, and the server refuses a spot order from it.
 */
export function sessionOrderTypeFor(kind: string, activeTypes: readonly number[]): OrderType {
  const own = kind === 'room' ? ORDER_TYPES.ROOM : ORDER_TYPES.SPOT;
  return activeTypes.includes(own) ? own : ORDER_TYPES.SPOT_BROWSE;
}

/**
 * The order type an open table or room session answers with (the order token, GET sessions): a session stored as
 * spot browse stays browse; otherwise the table's kind decides, room service for a room, spot for a table.
 */
export function sessionTokenOrderType(
  storedType: number,
  kind: string,
): typeof ORDER_TYPES.SPOT_BROWSE | typeof ORDER_TYPES.ROOM | typeof ORDER_TYPES.SPOT {
  if (storedType === ORDER_TYPES.SPOT_BROWSE) return ORDER_TYPES.SPOT_BROWSE;
  return kind === 'room' ? ORDER_TYPES.ROOM : ORDER_TYPES.SPOT;
}

/** Orders the guest can follow on a tracking page, with its e-mail (issue 24 #6): delivery and pickup. */
export function isTrackedOrderType(type: number): boolean {
  return type === ORDER_TYPES.DELIVERY || type === ORDER_TYPES.PREORDER;
}

/** Orders whose kitchen ticket names the customer (and the address): delivery, pickup, served on the spot. */
export function ticketNamesCustomer(type: number): boolean {
  return (
    type === ORDER_TYPES.DELIVERY || type === ORDER_TYPES.PREORDER || type === ORDER_TYPES.SERVED_ON_SPOT
  );
}
