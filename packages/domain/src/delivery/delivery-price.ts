/**
 * Delivery price (spec §3, §5, §9): by region, by radius (distance from the venue, haversine) or by polygon shape
 * (with active time windows); free when the items amount reaches the zone's required_order_price_for_free_delivery;
 * minimal_order_price applies to delivery. Designed: radii are in kilometres and a ring covers
 * radius_start <= d <= radius_end (first ring in list order wins on a shared edge); the first active shape
 * containing the address wins; a threshold of 0 or null means never free.
 */
import type { Minor } from '../money.ts';
import { DEFAULT_TIME_ZONE, isInDailyWindow, localTime, parseClockTime } from '../dates.ts';
import { haversineKm, parseCoordinates, pointInPolygon, type LatLng } from './geo.ts';

export interface DeliveryRegion {
  id: number;
  delivery_price: Minor;
  required_order_price_for_free_delivery?: Minor | null;
}

export interface DeliveryRadius {
  id: number;
  radius_start: number;
  radius_end: number;
  delivery_price: Minor;
  required_order_price_for_free_delivery?: Minor | null;
}

export interface DeliveryShape {
  id: number;
  delivery_price: Minor;
  coordinates: unknown;
  active_time_from?: string | null;
  active_time_to?: string | null;
  required_order_price_for_free_delivery?: Minor | null;
}

export interface DeliveryZonesConfig {
  regions?: readonly DeliveryRegion[] | null;
  radiuses?: readonly DeliveryRadius[] | null;
  delivery_shapes?: readonly DeliveryShape[] | null;
}

/** How the guest's address is matched to a zone. */
export type DeliveryChoice =
  | { kind: 'region'; regionId: number }
  | { kind: 'radius'; venue: LatLng; address: LatLng }
  | { kind: 'shape'; address: LatLng };

export interface DeliveryZone {
  kind: 'region' | 'radius' | 'shape';
  id: number;
  delivery_price: Minor;
  free_from: Minor | null;
}

export type DeliveryZoneError = 'invalid_region' | 'delivery_out_of_range' | 'invalid_delivery_shape';

export type DeliveryZoneResult = { ok: true; zone: DeliveryZone } | { ok: false; code: DeliveryZoneError };

const freeFrom = (v: Minor | null | undefined): Minor | null => (v != null && v > 0 ? v : null);

/** Whether a shape is active at `now` (no window = always; may wrap midnight). */
export function isShapeActive(
  shape: DeliveryShape,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  const from = parseClockTime(shape.active_time_from ?? null);
  const to = parseClockTime(shape.active_time_to ?? null);
  if (from == null && to == null) return true;
  return isInDailyWindow(localTime(now, timeZone).minutes, from, to);
}

/** Finds the zone for a delivery choice. */
export function resolveDeliveryZone(
  choice: DeliveryChoice,
  config: DeliveryZonesConfig,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): DeliveryZoneResult {
  if (choice.kind === 'region') {
    const r = (config.regions ?? []).find((x) => x.id === choice.regionId);
    if (!r) return { ok: false, code: 'invalid_region' };
    return {
      ok: true,
      zone: {
        kind: 'region',
        id: r.id,
        delivery_price: r.delivery_price,
        free_from: freeFrom(r.required_order_price_for_free_delivery),
      },
    };
  }
  if (choice.kind === 'radius') {
    const d = haversineKm(choice.venue, choice.address);
    const r = (config.radiuses ?? []).find((x) => d >= x.radius_start && d <= x.radius_end);
    if (!r) return { ok: false, code: 'delivery_out_of_range' };
    return {
      ok: true,
      zone: {
        kind: 'radius',
        id: r.id,
        delivery_price: r.delivery_price,
        free_from: freeFrom(r.required_order_price_for_free_delivery),
      },
    };
  }
  const s = (config.delivery_shapes ?? []).find(
    (x) => isShapeActive(x, now, timeZone) && pointInPolygon(choice.address, parseCoordinates(x.coordinates)),
  );
  if (!s) return { ok: false, code: 'invalid_delivery_shape' };
  return {
    ok: true,
    zone: {
      kind: 'shape',
      id: s.id,
      delivery_price: s.delivery_price,
      free_from: freeFrom(s.required_order_price_for_free_delivery),
    },
  };
}

/** The zone's price for an items amount: free once the amount reaches the threshold. */
export function zoneDeliveryPrice(zone: DeliveryZone, itemsAmount: Minor): Minor {
  if (zone.free_from !== null && itemsAmount >= zone.free_from) return 0;
  return Math.max(0, zone.delivery_price);
}

/** How much is missing to reach minimal_order_price for a delivery order (0 when fulfilled or not delivery). */
export function missingForMinimalOrder(
  orderType: number,
  itemsAmount: Minor,
  minimalOrderPrice: Minor,
): Minor {
  if (orderType !== 2 || !(minimalOrderPrice > 0)) return 0;
  return Math.max(0, minimalOrderPrice - itemsAmount);
}
