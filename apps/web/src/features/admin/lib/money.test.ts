import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput } from './money.ts';

describe('money typed by an admin → minor units', () => {
  it.each([
    ['12.50', 1250],
    ['12,5', 1250],
    ['0', 0],
    ['1.005', null],
    ['7.', 700],
    [' 3 ', 300],
    ['1.1', 110],
    ['0.29', 29],
    ['abc', null],
    ['-1', null],
    ['', null],
  ])('%s → %s', (text, minor) => {
    expect(parseMoneyInput(text)).toBe(minor);
  });
  it('shows two decimals', () => {
    expect(formatMoneyInput(1250)).toBe('12.50');
    expect(formatMoneyInput(null)).toBe('');
  });
});
