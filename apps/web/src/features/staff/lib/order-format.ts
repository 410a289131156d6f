/** Display helpers of the board: money in the order's currency, the address as one line, times in the venue's day. */
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { formatMoney } from '@trapeza/domain/money';
import { ORDER_TYPES } from '@trapeza/domain/order-status';

const SUFFIX: Record<string, string> = { BGN: 'лв.', EUR: '€', CHF: 'CHF' };

/** Minor units in the order's currency, e.g. '12,50 лв.'. */
export function orderMoney(amount: number, currency: string, lang: string): string {
  return formatMoney(amount, SUFFIX[currency] ?? currency, lang);
}

/** The order types the board shows, in this order (spot browse takes no orders). */
export const BOARD_ORDER_TYPES = [
  ORDER_TYPES.SPOT,
  ORDER_TYPES.SERVED_ON_SPOT,
  ORDER_TYPES.ROOM,
  ORDER_TYPES.DELIVERY,
  ORDER_TYPES.PREORDER,
] as const;

/** Orders whose table a waiter may set or change. */
export function hasTable(order: Pick<StaffOrder, 'type'>): boolean {
  return order.type === ORDER_TYPES.SPOT || order.type === ORDER_TYPES.SERVED_ON_SPOT;
}

/** The delivery address as one line; labels for entrance, floor, apartment and bell come from `t`. */
export function addressLine(
  address: NonNullable<StaffOrder['address']>,
  label: (key: 'entrance' | 'floor' | 'apartment' | 'bell', value: string) => string,
): string {
  const parts: string[] = [];
  const street = [address.address, address.street_number].filter(Boolean).join(' ');
  if (street) parts.push(street);
  if (address.entrance) parts.push(label('entrance', address.entrance));
  if (address.floor) parts.push(label('floor', address.floor));
  if (address.apartment) parts.push(label('apartment', address.apartment));
  if (address.bell) parts.push(label('bell', address.bell));
  if (address.postal_code) parts.push(address.postal_code);
  return parts.join(', ');
}

/** Hours and minutes of an ISO instant in the browser's zone (the tablet stands in the venue). */
export function clockTime(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(date);
}
