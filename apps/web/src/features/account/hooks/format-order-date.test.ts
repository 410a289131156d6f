import { expect, test } from 'vitest';
import { formatOrderDate } from './format-order-date.ts';

test.each([
  ['2026-11-22T10:05:00Z', 'bg', '22 ное 2026, 12:05'],
  ['2026-01-03T21:30:00Z', 'bg', '3 яну 2026, 23:30'],
  ['2026-09-15T08:00:00Z', 'bg', '15 сеп 2026, 11:00'],
] as const)('spec §9 Bulgarian short month: %s → %s', (iso, lang, shown) => {
  expect(formatOrderDate(iso, lang, 'Europe/Sofia')).toBe(shown);
});

test('other languages use their own short month', () => {
  expect(formatOrderDate('2026-11-22T10:05:00Z', 'de', 'Europe/Sofia')).toContain('Nov');
});
