import { describe, expect, test } from 'vitest';
import { fixedClock, systemClock } from './clock.ts';

describe('clock', () => {
  test('fixed clock stays put until moved', () => {
    const c = fixedClock('2026-03-02T10:00:00Z');
    expect(c.now().toISOString()).toBe('2026-03-02T10:00:00.000Z');
    c.advance(90 * 60_000);
    expect(c.now().toISOString()).toBe('2026-03-02T11:30:00.000Z');
    c.set(new Date('2027-01-01T00:00:00Z'));
    expect(c.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  test('fixed clock returns copies that callers cannot mutate', () => {
    const c = fixedClock(0);
    c.now().setTime(5000);
    expect(c.now().getTime()).toBe(0);
  });

  test('system clock reads real time', () => {
    const before = Date.now();
    const t = systemClock.now().getTime();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThan(before + 5000);
  });
});
