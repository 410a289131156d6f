/**
 * Which zone rule a delivery address is matched with (spec §3 Order type, §5): for a map pin where the venue draws
 * zones, the first active shape containing it and, when no shape contains it, the radius ring from the
 * venue, whatever region is also named; without a pin, the region the guest picked; with no shapes and no
 * radiuses, that region, else the venue's regions (a region must then be chosen) or the order-type
 * price tiers (null). The server and the browser's map picker ask the same question, so it is answered here.
 */
import type { LatLng } from './geo.ts';
import {
  resolveDeliveryZone,
  type DeliveryChoice,
  type DeliveryRadius,
  type DeliveryShape,
} from './delivery-price.ts';
import { DEFAULT_TIME_ZONE } from '../dates.ts';

export interface PinZoneInput {
  regionId: number | null;
  pin: LatLng | null;
  venue: LatLng | null;
  shapes: readonly DeliveryShape[];
  radiuses: readonly DeliveryRadius[];
  hasRegions: boolean;
}

export type PinZoneChoice =
  | { ok: true; choice: DeliveryChoice | null }
  /** A pin is needed (zones by map) but none was given, or the venue has no location for its radiuses. */
  | { ok: false; code: 'invalid_delivery_shape' };

/** The DeliveryChoice for resolveDeliveryZone / calculateOrderTotal; see the module comment for the order. */
export function deliveryChoiceFor(
  input: PinZoneInput,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): PinZoneChoice {
  const zonesByMap = input.shapes.length > 0 || input.radiuses.length > 0;
  // A pin where the venue draws map zones is checked by them whatever region the request also names (issue 23: a
  // self-declared region overrode the zones); without a pin, or without map zones, the guest's region.
  if (input.regionId !== null && (!input.pin || !zonesByMap)) {
    return { ok: true, choice: { kind: 'region', regionId: input.regionId } };
  }
  if (!zonesByMap) {
    return { ok: true, choice: input.hasRegions ? { kind: 'region', regionId: -1 } : null };
  }
  if (!input.pin) return { ok: false, code: 'invalid_delivery_shape' };
  const address = input.pin;
  if (input.shapes.length > 0) {
    const inShape = resolveDeliveryZone(
      { kind: 'shape', address },
      { delivery_shapes: input.shapes },
      now,
      timeZone,
    );
    if (inShape.ok || input.radiuses.length === 0 || !input.venue) {
      return { ok: true, choice: { kind: 'shape', address } };
    }
  }
  if (!input.venue) return { ok: false, code: 'invalid_delivery_shape' };
  return { ok: true, choice: { kind: 'radius', venue: input.venue, address } };
}
