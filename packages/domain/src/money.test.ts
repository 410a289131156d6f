import { describe, expect, test } from 'vitest';
import { roundMinor } from './money.ts';

describe('money (spec §9: rounding to 2 decimals)', () => {
  test.each([
    [1.5, 2],
    [-1.5, -2],
    [2.4999, 2],
    [0, 0],
  ])('roundMinor(%d) = %d', (input, expected) => {
    expect(roundMinor(input)).toBe(expected);
  });
});
