import { describe, expect, it } from 'vitest';
import { deliveryChoiceFor } from './pin-zone.ts';

const square = {
  id: 1,
  delivery_price: 200,
  coordinates: [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 0],
  ],
};
const ring = { id: 2, radius_start: 0, radius_end: 500, delivery_price: 300 };
const now = new Date('2026-03-03T10:00:00Z');
const base = { regionId: null, pin: null, venue: null, shapes: [], radiuses: [], hasRegions: false };

describe('deliveryChoiceFor (spec §3, §5 delivery zones)', () => {
  it('uses the chosen region when no pin is given', () => {
    expect(deliveryChoiceFor({ ...base, regionId: 7, shapes: [square] }, now)).toEqual({
      ok: true,
      choice: { kind: 'region', regionId: 7 },
    });
  });
  it('a pin where the venue draws zones is checked by them, whatever region is also named (issue 23)', () => {
    const input = { ...base, regionId: 7, shapes: [square], radiuses: [ring], venue: { lat: 0.5, lng: 0.5 } };
    expect(deliveryChoiceFor({ ...input, pin: { lat: 0.5, lng: 0.5 } }, now)).toEqual({
      ok: true,
      choice: { kind: 'shape', address: { lat: 0.5, lng: 0.5 } },
    });
    expect(deliveryChoiceFor({ ...input, pin: { lat: 2, lng: 2 } }, now)).toMatchObject({
      choice: { kind: 'radius' },
    });
    // Without map zones the named region stays the guest's choice, pin or not.
    expect(deliveryChoiceFor({ ...base, regionId: 7, pin: { lat: 2, lng: 2 } }, now)).toEqual({
      ok: true,
      choice: { kind: 'region', regionId: 7 },
    });
  });
  it('a pin inside a shape is matched by shape, outside by radius', () => {
    const input = { ...base, shapes: [square], radiuses: [ring], venue: { lat: 0.5, lng: 0.5 } };
    expect(deliveryChoiceFor({ ...input, pin: { lat: 0.5, lng: 0.5 } }, now)).toMatchObject({
      choice: { kind: 'shape' },
    });
    expect(deliveryChoiceFor({ ...input, pin: { lat: 2, lng: 2 } }, now)).toMatchObject({
      choice: { kind: 'radius' },
    });
  });
  it('a venue that draws only radiuses: a pin is matched by radius from the venue, which needs its location', () => {
    const input = { ...base, radiuses: [ring], pin: { lat: 2, lng: 2 } };
    expect(deliveryChoiceFor({ ...input, venue: { lat: 0.5, lng: 0.5 } }, now)).toEqual({
      ok: true,
      choice: { kind: 'radius', venue: { lat: 0.5, lng: 0.5 }, address: { lat: 2, lng: 2 } },
    });
    // The same pin with a region also named: the radiuses decide, not the region.
    expect(
      deliveryChoiceFor({ ...input, regionId: 7, hasRegions: true, venue: { lat: 0.5, lng: 0.5 } }, now),
    ).toMatchObject({ ok: true, choice: { kind: 'radius' } });
    // Without the venue's location no radius can be measured: the address is refused, never priced.
    expect(deliveryChoiceFor(input, now)).toEqual({ ok: false, code: 'invalid_delivery_shape' });
    // Without a pin either.
    expect(deliveryChoiceFor({ ...base, radiuses: [ring], venue: { lat: 0.5, lng: 0.5 } }, now)).toEqual({
      ok: false,
      code: 'invalid_delivery_shape',
    });
  });
  it('a pin outside every shape stays a shape choice (priced as outside) when no radius can take it', () => {
    const outside = { lat: 2, lng: 2 };
    // Shapes only: the shape rule answers (out of zone), there is no radius to fall back to.
    for (const venue of [null, { lat: 0.5, lng: 0.5 }]) {
      expect(deliveryChoiceFor({ ...base, shapes: [square], venue, pin: outside }, now)).toEqual({
        ok: true,
        choice: { kind: 'shape', address: outside },
      });
    }
    // Shapes and radiuses but no venue location: the radiuses cannot be measured, the shapes answer.
    expect(deliveryChoiceFor({ ...base, shapes: [square], radiuses: [ring], pin: outside }, now)).toEqual({
      ok: true,
      choice: { kind: 'shape', address: outside },
    });
    // With the venue's location the radius ring takes it, measured from the venue.
    const venue = { lat: 0.5, lng: 0.5 };
    expect(
      deliveryChoiceFor({ ...base, shapes: [square], radiuses: [ring], venue, pin: outside }, now),
    ).toEqual({ ok: true, choice: { kind: 'radius', venue, address: outside } });
  });
  it('zones by map need a pin', () => {
    expect(deliveryChoiceFor({ ...base, shapes: [square] }, now)).toEqual({
      ok: false,
      code: 'invalid_delivery_shape',
    });
  });
  it('without map zones: regions need a choice, else the price tiers', () => {
    expect(deliveryChoiceFor({ ...base, hasRegions: true }, now)).toEqual({
      ok: true,
      choice: { kind: 'region', regionId: -1 },
    });
    expect(deliveryChoiceFor(base, now)).toEqual({ ok: true, choice: null });
  });
});
