import { describe, expect, test } from 'vitest';
import {
  formatPrice,
  formatVariants,
  fromSheetCell,
  parseCategoryPath,
  parsePrice,
  parseStock,
  parseVariants,
  sheetCell,
} from './menu-import.ts';

describe('menu sheet cells', () => {
  test('prices to minor units without float arithmetic; both decimal marks; refusals', () => {
    expect(parsePrice('8.50')).toBe(850);
    expect(parsePrice('8,5')).toBe(850);
    expect(parsePrice('12')).toBe(1200);
    expect(parsePrice('0.07')).toBe(7);
    expect(parsePrice('1 234.56')).toBe(123_456);
    for (const bad of ['abc', '-1', '8.505', '', '1e3', '8.', '100001']) expect(parsePrice(bad)).toBeNull();
    expect(formatPrice(850)).toBe('8.50');
    expect(formatPrice(7)).toBe('0.07');
  });

  test('variants "size: price; size: price" both ways', () => {
    expect(parseVariants('300 г: 8.50; 450 г: 11,90')).toEqual([
      { size: '300 г', price: 850 },
      { size: '450 г', price: 1190 },
    ]);
    expect(parseVariants('Размер: 1:2: 3.00')).toEqual([{ size: 'Размер: 1:2', price: 300 }]);
    for (const bad of ['300 г', ': 8.50', '300 г: x', '']) expect(parseVariants(bad)).toBeNull();
    expect(formatVariants([{ size: '3 бр.', price: 690 }])).toBe('3 бр.: 6.90');
  });

  test('stock words, category paths', () => {
    expect(['', 'yes', 'Да', '1', 'oui'].map(parseStock)).toEqual([1, 1, 1, 1, 1]);
    expect(['no', 'НЕ', '0', 'nein'].map(parseStock)).toEqual([0, 0, 0, 0]);
    expect(parseStock('maybe')).toBeNull();
    expect(parseCategoryPath(' Храна >  Супи > ')).toEqual(['Храна', 'Супи']);
  });

  test('formula-like text: the export prefixes it, the import reads it back as plain text', () => {
    for (const text of ['=HYPERLINK("x")', '+cmd', '@SUM(1)', '-x', '\tx']) {
      expect(sheetCell(text)).toBe(`'${text}`);
      expect(fromSheetCell(sheetCell(text))).toEqual({ text, runnable: true });
    }
    expect(sheetCell('-5')).toBe('-5');
    expect(sheetCell('Таратор')).toBe('Таратор');
    expect(fromSheetCell('=1+1')).toEqual({ text: '=1+1', runnable: true });
    expect(fromSheetCell("'quoted")).toEqual({ text: "'quoted", runnable: false });
  });
});
