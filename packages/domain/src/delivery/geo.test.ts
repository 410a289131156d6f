import { describe, expect, test } from 'vitest';
import { EARTH_RADIUS_KM, haversineKm, parseCoordinates, pointInPolygon } from './geo.ts';

describe('haversine (spec §9: earth radius 6371 km)', () => {
  test('radius constant', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
  });
  test.each([
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, 111.195],
    [{ lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 111.195],
    [{ lat: 42.6977, lng: 23.3219 }, { lat: 42.1354, lng: 24.7453 }, 132.5], // Sofia → Plovdiv
    [{ lat: 42.6977, lng: 23.3219 }, { lat: 43.2141, lng: 27.9147 }, 378.5], // Sofia → Varna
    [{ lat: 42.7, lng: 23.3 }, { lat: 42.7, lng: 23.3 }, 0],
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 180 }, Math.PI * 6371],
  ])('%j → %j ≈ %d km', (a, b, km) => {
    expect(Math.abs(haversineKm(a, b) - km)).toBeLessThan(0.5);
  });
  test('symmetric', () => {
    const a = { lat: 42.69, lng: 23.32 };
    const b = { lat: 42.65, lng: 23.38 };
    expect(haversineKm(a, b)).toBe(haversineKm(b, a));
  });
});

describe('point in polygon', () => {
  const square = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 10 },
    { lat: 10, lng: 10 },
    { lat: 10, lng: 0 },
  ];
  // An L shape: the square minus its top-right quarter.
  const ell = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 10 },
    { lat: 5, lng: 10 },
    { lat: 5, lng: 5 },
    { lat: 10, lng: 5 },
    { lat: 10, lng: 0 },
  ];
  test.each([
    [square, { lat: 5, lng: 5 }, true],
    [square, { lat: 0.001, lng: 9.999 }, true],
    [square, { lat: 11, lng: 5 }, false],
    [square, { lat: 5, lng: -0.1 }, false],
    [ell, { lat: 2, lng: 8 }, true],
    [ell, { lat: 8, lng: 2 }, true],
    [ell, { lat: 8, lng: 8 }, false],
    [[], { lat: 0, lng: 0 }, false],
  ])('case %# contains %j = %s', (poly, p, inside) => {
    expect(pointInPolygon(p, poly)).toBe(inside);
  });
});

describe('point in polygon: slanted edges, and corners at the latitude of the point', () => {
  // A right triangle whose long edge runs from (0, 10) to (10, 0): inside means lng < 10 − lat.
  const triangle = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 10 },
    { lat: 10, lng: 0 },
  ];
  // A diamond: two of its corners lie on the latitude 5 of the points tested.
  const diamond = [
    { lat: 0, lng: 5 },
    { lat: 5, lng: 10 },
    { lat: 10, lng: 5 },
    { lat: 5, lng: 0 },
  ];
  test.each([
    [triangle, { lat: 2, lng: 7.9 }, true],
    [triangle, { lat: 2, lng: 8.1 }, false],
    [triangle, { lat: 7, lng: 2.9 }, true],
    [triangle, { lat: 7, lng: 3.1 }, false],
    [triangle, { lat: 5, lng: -0.1 }, false],
    [diamond, { lat: 5, lng: 2 }, true],
    [diamond, { lat: 5, lng: 8 }, true],
    [diamond, { lat: 5, lng: -1 }, false],
    [diamond, { lat: 5, lng: 11 }, false],
    [diamond, { lat: 2, lng: 2.9 }, false],
    [diamond, { lat: 2, lng: 3.1 }, true],
    [diamond, { lat: 8, lng: 6.9 }, true],
    [diamond, { lat: 8, lng: 7.1 }, false],
  ])('case %# contains %j = %s', (poly, p, inside) => {
    expect(pointInPolygon(p, poly)).toBe(inside);
  });
});

describe('coordinates as stored', () => {
  test.each([
    [[{ lat: 1, lng: 2 }], [{ lat: 1, lng: 2 }]],
    [
      [
        [1, 2],
        [3, 4],
      ],
      [
        { lat: 1, lng: 2 },
        { lat: 3, lng: 4 },
      ],
    ],
    [
      '[[1,2],[3,4]]',
      [
        { lat: 1, lng: 2 },
        { lat: 3, lng: 4 },
      ],
    ],
    ['[{"lat":"1.5","lng":"2"}]', [{ lat: 1.5, lng: 2 }]],
    ['not json', []],
    [{ lat: 1 }, []],
    [[[1, 'x']], []],
    // One point that is not a number empties the whole polygon, wherever it is.
    [
      [
        [1, 2],
        [3, 'x'],
      ],
      [],
    ],
    ['[{"lat":1,"lng":2},{"lat":"north","lng":4}]', []],
    // Items that are no point at all are skipped: a stray value, a short pair, half a point.
    [
      [[1, 2], 'xy', [5], null, { lat: 9 }, { lng: 9 }, [3, 4]],
      [
        { lat: 1, lng: 2 },
        { lat: 3, lng: 4 },
      ],
    ],
  ])('parseCoordinates(%j)', (raw, expected) => {
    expect(parseCoordinates(raw)).toEqual(expected);
  });
});
