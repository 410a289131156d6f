import { describe, expect, test } from 'vitest';
import { checkDeliveryPolygon, type LatLngPair } from './polygon.ts';

const square: LatLngPair[] = [
  [42.69, 23.31],
  [42.69, 23.33],
  [42.7, 23.33],
  [42.7, 23.31],
];

describe('delivery polygon checks (spec §3 delivery_shapes)', () => {
  test('an open ring is closed', () => {
    const r = checkDeliveryPolygon(square);
    expect(r).toEqual({ ok: true, ring: [...square, square[0]] });
  });
  test('a closed ring stays as it is; double clicks are dropped', () => {
    const r = checkDeliveryPolygon([square[0]!, square[0]!, ...square.slice(1), square[0]!]);
    expect(r.ok && r.ring.length).toBe(5);
  });
  test.each([
    ['two points', [square[0], square[1]], 'too_few_points'],
    ['three points closed = two distinct', [square[0], square[1], square[0]], 'too_few_points'],
    [
      'collinear',
      [
        [42.69, 23.31],
        [42.7, 23.32],
        [42.71, 23.33],
      ],
      'zero_area',
    ],
    ['bow tie', [square[0], square[2], square[1], square[3]], 'self_intersecting'],
  ] as [string, LatLngPair[], string][])('%s is refused (%s)', (_, points, code) => {
    const r = checkDeliveryPolygon(points);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe(code);
  });
});
