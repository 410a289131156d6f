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
