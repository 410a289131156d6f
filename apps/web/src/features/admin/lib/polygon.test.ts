import { describe, expect, it } from 'vitest';
import {
  addVertex,
  isValidPolygon,
  moveVertex,
  openRing,
  removeVertex,
  selfIntersects,
  type LatLng,
} from './polygon.ts';

const square: LatLng[] = [
  [0, 0],
  [0, 10],
  [10, 10],
  [10, 0],
];

describe('delivery polygon editor', () => {
  it('appends the first three vertices', () => {
    let pts: LatLng[] = [];
    for (const p of square.slice(0, 3)) pts = addVertex(pts, p);
    expect(pts).toEqual(square.slice(0, 3));
  });
  it('inserts a later vertex into the nearest edge, keeping the shape simple', () => {
    const next = addVertex(square, [5, 11]);
    expect(next).toEqual([
      [0, 0],
      [0, 10],
      [5, 11],
      [10, 10],
      [10, 0],
    ]);
    expect(selfIntersects(next)).toBe(false);
    const closing = addVertex(square, [5, -1]);
    expect(closing[closing.length - 1]).toEqual([5, -1]);
    expect(addVertex(square, [-1, 5])[1]).toEqual([-1, 5]);
  });
  it('moves a vertex', () => {
    expect(moveVertex(square, 2, [12, 12])[2]).toEqual([12, 12]);
  });
  it('removes a vertex but never below three', () => {
    const four = removeVertex(addVertex(square, [5, 11]), 2);
    expect(four).toEqual(square);
    const three = removeVertex(square, 0);
    expect(three).toHaveLength(3);
    expect(removeVertex(three, 0)).toEqual(three);
  });
  it('detects crossing edges and invalid shapes', () => {
    const bowtie: LatLng[] = [
      [0, 0],
      [10, 10],
      [0, 10],
      [10, 0],
    ];
    expect(selfIntersects(bowtie)).toBe(true);
    expect(isValidPolygon(bowtie)).toBe(false);
    expect(isValidPolygon(square)).toBe(true);
    expect(
      isValidPolygon([
        [0, 0],
        [0, 0],
        [1, 1],
      ]),
    ).toBe(false);
  });
  it('opens a stored closed ring', () => {
    expect(openRing([...square, [0, 0]])).toEqual(square);
  });
});
