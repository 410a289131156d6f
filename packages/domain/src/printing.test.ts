import { describe, expect, test } from 'vitest';
import {
  layoutTicket,
  printableText,
  stationOf,
  ticketText,
  wrapText,
  type TicketDocument,
} from './printing.ts';

describe('stationOf (issue "Kitchen and bar tickets": nearest category with a printer, else the default)', () => {
  // 1 Food → 2 Grill → 3 Kebab; 10 Drinks → 11 Wine; 20 Desserts
  const parentOf = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [10, null],
    [11, 10],
    [20, null],
  ]);
  const printerOfCategory = new Map([
    [1, 100],
    [2, 101],
    [10, 200],
  ]);
  test.each<[number | null, number, string]>([
    [3, 101, 'the grill printer: Kebab has none, its parent Grill has'],
    [2, 101, 'the category itself'],
    [1, 100, 'top level'],
    [11, 200, 'wine goes to the bar through Drinks'],
    [20, 999, 'no category with a printer: the default'],
    [null, 999, 'no category at all: the default'],
  ])('category %s → printer %s (%s)', (category, printer) => {
    expect(stationOf(category, parentOf, printerOfCategory, 999)).toBe(printer);
  });
  test('no default and no printer: not printed; a parent cycle ends', () => {
    expect(stationOf(20, parentOf, printerOfCategory, null)).toBeNull();
    const cyclic = new Map<number, number | null>([
      [5, 6],
      [6, 5],
    ]);
    expect(stationOf(5, cyclic, new Map(), null)).toBeNull();
  });
});

describe('printable text', () => {
  test.each([
    ['Шопска\u001b@салата', 'Шопска?@салата'],
    ['a\u001dV\u0000b', 'a?V?b'],
    ['tab\there\nnew', 'tab here new'],
    ['\u009bC1', '?C1'],
    ['кафе ☕', 'кафе ☕'],
  ])('%j → %j', (input, output) => {
    expect(printableText(input)).toBe(output);
  });
});

describe('wrapText', () => {
  test('wraps at word boundaries, cuts long words, keeps the indentation', () => {
    expect(wrapText('1 x Шопска салата с много сирене', 16)).toEqual([
      '1 x Шопска',
      'салата с много',
      'сирене',
    ]);
    expect(wrapText('ABCDEFGHIJ', 4)).toEqual(['ABCD', 'EFGH', 'IJ']);
    expect(wrapText('  + сирене и маслини', 12)).toEqual(['  + сирене и', '  маслини']);
  });
});

describe('layoutTicket', () => {
  const doc: TicketDocument = {
    kind: 'ticket',
    lang: 'de',
    venue: 'Bistro',
    station: 'Bar',
    order_id: 42,
    order_type: 1,
    table: '7',
    room: null,
    requested_time: null,
    time: '03.03.2026 12:00',
    lines: [
      {
        quantity: 2,
        name: 'Bier',
        size: '0,5 l',
        required: [],
        added: ['Zitrone'],
        removed: [],
        comment: 'kalt',
      },
    ],
    comment: 'schnell',
    reprint: true,
  };
  test('in the venue language, the table large, every line of the station', () => {
    const lines = layoutTicket(doc, 32);
    const texts = lines.map((l) => ('rule' in l ? '---' : l.text));
    expect(texts).toContain('*** NACHDRUCK ***');
    expect(lines.find((l) => 'text' in l && l.text === 'Tisch 7')).toMatchObject({ size: 2, bold: true });
    expect(texts).toContain('Bestellung #42 · Am Tisch');
    expect(texts).toContain('2 x Bier (0,5 l)');
    expect(texts).toContain('  + Zitrone');
    expect(texts).toContain('  > kalt');
    expect(texts).toContain('Kommentar: schnell');
    for (const l of lines) if ('text' in l) expect(l.text.length).toBeLessThanOrEqual(l.size === 2 ? 16 : 32);
  });
  test('a future order (issue 24 #3) is headed PRE-ORDER with its time in double size', () => {
    const later = { ...doc, reprint: false, order_type: 3, table: null, requested_time: '2026-03-04 09:00' };
    const plain = layoutTicket(later, 32).map((l) => ('rule' in l ? '---' : l.text));
    expect(plain).not.toContain('*** VORBESTELLUNG ***');
    const lines = layoutTicket({ ...later, scheduled: true }, 32);
    const texts = lines.map((l) => ('rule' in l ? '---' : l.text));
    expect(texts.indexOf('*** VORBESTELLUNG ***')).toBeLessThan(texts.indexOf('Bestellung #42 · Abholung'));
    expect(lines.find((l) => 'text' in l && l.text === '2026-03-04 09:00')).toMatchObject({
      size: 2,
      bold: true,
    });
    expect(
      layoutTicket({ ...later, scheduled: true, lang: 'bg' }, 32).map((l) => ('text' in l ? l.text : '')),
    ).toContain('*** ПРЕДВАРИТЕЛНА ПОРЪЧКА ***');
  });
  test('a receipt lists totals in the currency', () => {
    const receipt = layoutTicket(
      {
        ...doc,
        kind: 'receipt',
        lang: 'bg',
        reprint: false,
        lines: [{ ...doc.lines[0]!, total: 700 }],
        totals: {
          subtotal: 700,
          discount: 70,
          delivery_fee: 0,
          box_fee: 0,
          cutlery_fee: 0,
          payment_fee: 0,
          total: 630,
          suffix: '€',
          payment_method: 'cash',
        },
      },
      32,
    ).map((l) => ('rule' in l ? '---' : l.text));
    expect(receipt).toContain(`2 x Bier (0,5 l)${' '.repeat(32 - 16 - 6)}7,00 €`);
    expect(receipt.some((l) => /^Отстъпка +-0,70 €$/.test(l))).toBe(true);
    expect(receipt.some((l) => /^ОБЩО +6,30 €$/.test(l))).toBe(true);
  });
  test('texts exist in the five languages', () => {
    for (const lang of ['bg', 'en', 'es', 'de', 'fr-CH']) expect(ticketText(lang, 'table')).not.toBe('table');
    expect(ticketText('xx', 'table')).toBe('Маса');
  });
});
