import { describe, expect, test } from 'vitest';
import { checkDeliveryPolygon, segmentsIntersect, type LatLngPair } from './polygon.ts';

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

type Seg = [LatLngPair, LatLngPair];
/** The same case turned a quarter (lat ↔ lng), so that both coordinates are checked. */
const turned = ([a, b]: Seg): Seg => [
  [a[1], a[0]],
  [b[1], b[0]],
];

describe('segmentsIntersect: which edges of a zone meet (touching included)', () => {
  test.each([
    [
      'an X',
      [
        [0, 0],
        [2, 2],
      ],
      [
        [0, 2],
        [2, 0],
      ],
      true,
    ],
    [
      'parallel',
      [
        [0, 0],
        [2, 0],
      ],
      [
        [0, 1],
        [2, 1],
      ],
      false,
    ],
    // Not crossing, though each lies partly inside the other's bounding box.
    [
      'a near miss, first point in the box',
      [
        [0, 0],
        [4, 4],
      ],
      [
        [3, 1],
        [5, 0],
      ],
      false,
    ],
    [
      'a near miss, second point in the box',
      [
        [0, 0],
        [4, 4],
      ],
      [
        [5, 0],
        [3, 1],
      ],
      false,
    ],
    [
      'a near miss seen from the other edge',
      [
        [3, 1],
        [5, 0],
      ],
      [
        [0, 0],
        [4, 4],
      ],
      false,
    ],
    [
      'a near miss seen from the other edge, reversed',
      [
        [5, 0],
        [3, 1],
      ],
      [
        [0, 0],
        [4, 4],
      ],
      false,
    ],
    [
      'an edge ending on the other',
      [
        [0, 0],
        [4, 0],
      ],
      [
        [2, 0],
        [2, 3],
      ],
      true,
    ],
    // On one line: overlapping, one inside the other, end to end, apart.
    [
      'overlapping on one line',
      [
        [0, 0],
        [4, 0],
      ],
      [
        [2, 0],
        [6, 0],
      ],
      true,
    ],
    [
      'overlapping on one line, reversed',
      [
        [0, 0],
        [4, 0],
      ],
      [
        [6, 0],
        [2, 0],
      ],
      true,
    ],
    [
      'the second inside the first',
      [
        [0, 0],
        [6, 0],
      ],
      [
        [2, 0],
        [4, 0],
      ],
      true,
    ],
    [
      'the first inside the second',
      [
        [2, 0],
        [4, 0],
      ],
      [
        [0, 0],
        [6, 0],
      ],
      true,
    ],
    [
      'the first inside the second, reversed',
      [
        [4, 0],
        [2, 0],
      ],
      [
        [6, 0],
        [0, 0],
      ],
      true,
    ],
    [
      'end to end on one line',
      [
        [0, 0],
        [2, 0],
      ],
      [
        [2, 0],
        [4, 0],
      ],
      true,
    ],
    [
      'end to end, the other way',
      [
        [2, 0],
        [4, 0],
      ],
      [
        [0, 0],
        [2, 0],
      ],
      true,
    ],
    [
      'apart on one line',
      [
        [0, 0],
        [1, 0],
      ],
      [
        [2, 0],
        [3, 0],
      ],
      false,
    ],
    [
      'apart on one line, the other way',
      [
        [2, 0],
        [3, 0],
      ],
      [
        [1, 0],
        [0, 0],
      ],
      false,
    ],
    [
      'apart on one slanted line',
      [
        [0, 0],
        [1, 1],
      ],
      [
        [2, 2],
        [3, 3],
      ],
      false,
    ],
  ] as [string, Seg, Seg, boolean][])('%s → %s', (_, a, b, meets) => {
    expect(segmentsIntersect(a[0], a[1], b[0], b[1])).toBe(meets);
    expect(segmentsIntersect(b[0], b[1], a[0], a[1])).toBe(meets);
    const [ta, tb] = [turned(a), turned(b)];
    expect(segmentsIntersect(ta[0], ta[1], tb[0], tb[1])).toBe(meets);
  });

  test('a zone whose outline crosses itself is refused, naming the edges that cross', () => {
    // Only edges 2 (from the 2nd point) and 5 (the closing edge, back to the start) cross.
    const r = checkDeliveryPolygon([
      [0, 2],
      [1, 3],
      [0, 1],
      [2, 1],
      [5, 2],
    ]);
    expect(r).toEqual({
      ok: false,
      code: 'self_intersecting',
      message: 'edges 2 and 5 cross: draw the zone without crossing lines',
    });
  });

  test('refusals carry their reason for the admin', () => {
    expect(checkDeliveryPolygon([square[0]!, square[1]!])).toEqual({
      ok: false,
      code: 'too_few_points',
      message: 'a delivery zone needs at least 3 distinct points',
    });
    expect(
      checkDeliveryPolygon([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toEqual({ ok: false, code: 'zero_area', message: 'the points lie on one line' });
  });
});
