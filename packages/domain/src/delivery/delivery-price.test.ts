import { describe, expect, test } from 'vitest';
import {
  isShapeActive,
  missingForMinimalOrder,
  resolveDeliveryZone,
  zoneDeliveryPrice,
  type DeliveryZonesConfig,
} from './delivery-price.ts';
import { sofia } from '../test-fixtures.ts';

const VENUE = { lat: 42.6977, lng: 23.3219 };
/** A point about `km` kilometres north of the venue (1° latitude ≈ 111.195 km). */
const north = (km: number) => ({ lat: VENUE.lat + km / 111.195, lng: VENUE.lng });
const NOON = sofia('2026-03-02T12:00');

const CONFIG: DeliveryZonesConfig = {
  regions: [
    { id: 1, delivery_price: 300, required_order_price_for_free_delivery: 3000 },
    { id: 2, delivery_price: 500, required_order_price_for_free_delivery: null },
  ],
  radiuses: [
    {
      id: 11,
      radius_start: 0,
      radius_end: 3,
      delivery_price: 200,
      required_order_price_for_free_delivery: 2000,
    },
    {
      id: 12,
      radius_start: 3,
      radius_end: 7,
      delivery_price: 400,
      required_order_price_for_free_delivery: 4000,
    },
    {
      id: 13,
      radius_start: 7,
      radius_end: 15,
      delivery_price: 800,
      required_order_price_for_free_delivery: 0,
    },
  ],
  delivery_shapes: [
    {
      id: 21,
      delivery_price: 250,
      coordinates: [
        [42.68, 23.3],
        [42.68, 23.34],
        [42.71, 23.34],
        [42.71, 23.3],
      ],
      required_order_price_for_free_delivery: 2500,
    },
    {
      id: 22,
      delivery_price: 600,
      coordinates: JSON.stringify([
        { lat: 42.6, lng: 23.2 },
        { lat: 42.6, lng: 23.5 },
        { lat: 42.8, lng: 23.5 },
        { lat: 42.8, lng: 23.2 },
      ]),
      active_time_from: '10:00',
      active_time_to: '22:00',
    },
  ],
};

describe('delivery zones (spec §5, §9: region, radius, shape)', () => {
  test.each([
    [{ kind: 'region' as const, regionId: 1 }, 'region', 1, 300],
    [{ kind: 'region' as const, regionId: 2 }, 'region', 2, 500],
    [{ kind: 'radius' as const, venue: VENUE, address: north(1) }, 'radius', 11, 200],
    [{ kind: 'radius' as const, venue: VENUE, address: north(2.99) }, 'radius', 11, 200],
    [{ kind: 'radius' as const, venue: VENUE, address: north(5) }, 'radius', 12, 400],
    [{ kind: 'radius' as const, venue: VENUE, address: north(14.9) }, 'radius', 13, 800],
    [{ kind: 'radius' as const, venue: VENUE, address: VENUE }, 'radius', 11, 200],
    [{ kind: 'shape' as const, address: { lat: 42.69, lng: 23.32 } }, 'shape', 21, 250],
    [{ kind: 'shape' as const, address: { lat: 42.75, lng: 23.45 } }, 'shape', 22, 600],
  ])('§9 %j → %s %d at %d', (choice, kind, id, price) => {
    const r = resolveDeliveryZone(choice, CONFIG, NOON);
    expect(r).toMatchObject({ ok: true, zone: { kind, id, delivery_price: price } });
  });

  test.each([
    [{ kind: 'region' as const, regionId: 9 }, 'invalid_region'],
    [{ kind: 'radius' as const, venue: VENUE, address: north(16) }, 'delivery_out_of_range'],
    [{ kind: 'shape' as const, address: { lat: 43.5, lng: 23.3 } }, 'invalid_delivery_shape'],
  ])('§8 %j → %s', (choice, code) => {
    expect(resolveDeliveryZone(choice, CONFIG, NOON)).toEqual({ ok: false, code });
  });

  test('§3 a shape outside its active time is skipped', () => {
    const outer = { kind: 'shape' as const, address: { lat: 42.75, lng: 23.45 } };
    expect(resolveDeliveryZone(outer, CONFIG, sofia('2026-03-02T23:00'))).toEqual({
      ok: false,
      code: 'invalid_delivery_shape',
    });
    // The inner shape has no window; the point inside both picks the first listed.
    const inner = { kind: 'shape' as const, address: { lat: 42.69, lng: 23.32 } };
    expect(resolveDeliveryZone(inner, CONFIG, sofia('2026-03-02T23:00'))).toMatchObject({
      ok: true,
      zone: { id: 21 },
    });
  });

  test.each([
    [{ active_time_from: '22:00', active_time_to: '03:00' }, '2026-03-02T02:00', true],
    [{ active_time_from: '22:00', active_time_to: '03:00' }, '2026-03-02T03:00', false],
    [{ active_time_from: null, active_time_to: null }, '2026-03-02T03:00', true],
    // Only a start: from then until midnight. Only an end: from midnight until then.
    [{ active_time_from: '18:00', active_time_to: null }, '2026-03-02T17:59', false],
    [{ active_time_from: '18:00', active_time_to: null }, '2026-03-02T18:00', true],
    [{ active_time_from: '18:00' }, '2026-03-02T12:00', false],
    [{ active_time_from: null, active_time_to: '10:00' }, '2026-03-02T09:59', true],
    [{ active_time_from: null, active_time_to: '10:00' }, '2026-03-02T10:00', false],
    [{ active_time_to: '10:00' }, '2026-03-02T12:00', false],
  ])('shape window %j at %s → %s', (w, local, active) => {
    expect(isShapeActive({ id: 1, delivery_price: 0, coordinates: [], ...w }, sofia(local))).toBe(active);
  });

  test('a free-delivery threshold of 0, below 0 or none means the fee is always charged', () => {
    for (const threshold of [0, -100, null, undefined]) {
      const config = {
        regions: [{ id: 1, delivery_price: 300, required_order_price_for_free_delivery: threshold }],
      };
      const r = resolveDeliveryZone({ kind: 'region', regionId: 1 }, config, NOON);
      expect(r).toEqual({ ok: true, zone: { kind: 'region', id: 1, delivery_price: 300, free_from: null } });
      if (r.ok) {
        expect(zoneDeliveryPrice(r.zone, 0)).toBe(300);
        expect(zoneDeliveryPrice(r.zone, 100_000)).toBe(300);
      }
    }
    // The ring of 7–15 km (threshold 0) charges its 8.00 whatever the order.
    const far = resolveDeliveryZone({ kind: 'radius', venue: VENUE, address: north(10) }, CONFIG, NOON);
    expect(far).toMatchObject({ ok: true, zone: { id: 13, free_from: null } });
  });

  test('a radius ring takes addresses from its start to its end, both included; nearer than the first ring is out', () => {
    const ring = { id: 5, radius_start: 2, radius_end: 4, delivery_price: 100 };
    const at = (address: { lat: number; lng: number }) =>
      resolveDeliveryZone({ kind: 'radius', venue: VENUE, address }, { radiuses: [ring] }, NOON);
    expect(at(north(3))).toMatchObject({ ok: true, zone: { id: 5 } });
    expect(at(north(1))).toEqual({ ok: false, code: 'delivery_out_of_range' });
    expect(at(north(5))).toEqual({ ok: false, code: 'delivery_out_of_range' });
    // A ring of 0–0 km takes the venue's own address: the end is included.
    const here = { id: 6, radius_start: 0, radius_end: 0, delivery_price: 0 };
    expect(
      resolveDeliveryZone({ kind: 'radius', venue: VENUE, address: VENUE }, { radiuses: [here] }, NOON),
    ).toMatchObject({ ok: true, zone: { id: 6 } });
  });

  test('no zones configured', () => {
    expect(resolveDeliveryZone({ kind: 'radius', venue: VENUE, address: VENUE }, {}, NOON)).toEqual({
      ok: false,
      code: 'delivery_out_of_range',
    });
  });
});

describe('delivery price and minimum (spec §5: free above the threshold; minimal_order_price)', () => {
  test.each([
    [{ free_from: 3000, delivery_price: 300 }, 2999, 300],
    [{ free_from: 3000, delivery_price: 300 }, 3000, 0],
    [{ free_from: 3000, delivery_price: 300 }, 10000, 0],
    [{ free_from: null, delivery_price: 300 }, 100000, 300],
    [{ free_from: null, delivery_price: -5 }, 0, 0],
  ])('§5 zone %j with items %d → %d', (z, items, price) => {
    expect(zoneDeliveryPrice({ kind: 'region', id: 1, ...z }, items)).toBe(price);
  });

  test.each([
    [2, 1500, 2000, 500],
    [2, 2000, 2000, 0],
    [2, 2500, 2000, 0],
    [2, 0, 0, 0],
    [3, 500, 2000, 0], // applies to delivery only
    [1, 500, 2000, 0],
  ])('§5 type %d with items %d and minimal %d → missing %d', (type, items, min, missing) => {
    expect(missingForMinimalOrder(type, items, min)).toBe(missing);
  });
});
