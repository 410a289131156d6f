import { describe, expect, test } from 'vitest';
import { isValidRange, localDay, matchingPreset, presetRange } from './date-range.ts';

// 2026-03-15 00:30 local time: the UTC day may differ, the local one must not.
const now = new Date(2026, 2, 15, 0, 30);

describe('date range presets', () => {
  test('local day, not the UTC one', () => {
    expect(localDay(now)).toBe('2026-03-15');
  });

  test('each preset ends today', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(presetRange('month', now)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
  });

  test('across a year boundary', () => {
    const jan2 = new Date(2027, 0, 2, 12);
    expect(presetRange('last7', jan2)).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(presetRange('month', jan2)).toEqual({ from: '2027-01-01', to: '2027-01-02' });
  });

  test('the preset matching a range', () => {
    expect(matchingPreset({ from: '2026-03-09', to: '2026-03-15' }, now)).toBe('last7');
    expect(matchingPreset({ from: '2026-03-10', to: '2026-03-15' }, now)).toBeNull();
  });

  test('valid ranges', () => {
    expect(isValidRange({ from: '2026-03-01', to: '2026-03-15' })).toBe(true);
    expect(isValidRange({ from: '2026-03-16', to: '2026-03-15' })).toBe(false);
    expect(isValidRange({ from: '', to: '2026-03-15' })).toBe(false);
  });
});
