import { describe, expect, it } from 'vitest';
import { formatOrderMoney } from './order-format.ts';

describe('formatOrderMoney', () => {
  it('writes minor units in the order currency and the language', () => {
    expect(formatOrderMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(formatOrderMoney(1250, 'EUR', 'de').replace(/\s/g, ' ')).toBe('12,50 €');
    expect(formatOrderMoney(5, 'BGN', 'en')).toMatch(/0\.05/);
  });
  it('keeps an unknown currency as written', () => {
    expect(formatOrderMoney(1999, 'лв.', 'bg')).toBe('19.99 лв.');
  });
});
