/**
 * The printable QR sheet (GET /api/staff/tables/qr-sheet.pdf) through the real app on SQLite and PostgreSQL, read
 * back page by page (pdf-reader.fixtures.ts): A4 pages of six cards in a 2 × 3 grid with light dashed cut lines;
 * on each card the venue's name, the table's label and the hint, each on one centred line, and a black QR code whose
 * modules are exactly the table's URL (`{origin}/{place}/t/{token}` as GET /api/staff/tables lists it) with a quiet
 * zone around it. Long labels and venue names shrink, then end in an ellipsis, and keep their baseline; a sheet with
 * no tables is a page with the venue's name; the document is titled after the venue.
 */
import { beforeAll, expect } from 'vitest';
import QRCode from 'qrcode';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { insertTable } from '../../../test/fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import { readPdf, type PdfPage, type PdfRect, type PdfText } from './pdf-reader.fixtures.ts';
import {
  CLIENT,
  PLACE,
  seedStaffFixture,
  staffTokens,
  type Account,
  type StaffFixture,
} from './staff.fixtures.ts';

const seeds = new Map<DialectName, StaffFixture>();
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const CARD = { w: (A4.width - MARGIN * 2) / 2, h: (A4.height - MARGIN * 2) / 3 };
/** The text column of a card: 20 pt in from each side. */
const INNER = CARD.w - 40;
const LONG_VENUE = 'Ресторант „Трапеза“ край морето, Созопол';
const MEDIUM_NUMBER = 'Terrace 12345678';
const LONG_NUMBER = 'PRESIDENTIAL-WING-MM';

interface ListedTable {
  id: number;
  number: string;
  kind: string;
  token: string;
  qr_url: string;
}

interface Card {
  cut: PdfRect;
  texts: PdfText[];
  qr: PdfRect[];
}

const close = (a: number, b: number, eps = 0.05) => Math.abs(a - b) <= eps;

/** The cards of a page: each cut line with the text and the filled squares inside it, texts top to bottom. */
function cardsOf(page: PdfPage): Card[] {
  const inside = (c: PdfRect, x: number, y: number) =>
    x >= c.x && x <= c.x + c.w && y >= c.y && y <= c.y + c.h;
  return page.rects
    .filter((r) => r.paint === 'stroke')
    .map((cut) => ({
      cut,
      texts: page.texts.filter((t) => inside(cut, t.x, t.baseline)).sort((a, b) => a.baseline - b.baseline),
      qr: page.rects.filter((r) => r.paint === 'fill' && inside(cut, r.x, r.y)),
    }));
}

/** Checks the card's QR code is the URL's (module for module), black, centred, with two clear modules around. */
function expectQrOf(card: Card, url: string): void {
  const expected = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
  const n = expected.size;
  expect(card.qr.length).toBeGreaterThan(0);
  const cell = card.qr[0]!.h;
  const left = Math.min(...card.qr.map((r) => r.x));
  const top = Math.min(...card.qr.map((r) => r.y));
  const right = Math.max(...card.qr.map((r) => r.x + r.w));
  const bottom = Math.max(...card.qr.map((r) => r.y + r.h));
  expect(right - left).toBeCloseTo(n * cell, 3);
  expect(bottom - top).toBeCloseTo(n * cell, 3);
  const dark = new Set<string>();
  for (const r of card.qr) {
    expect(r.color).toEqual([0, 0, 0]);
    expect(r.h).toBeCloseTo(cell, 6);
    const row = Math.round((r.y - top) / cell);
    const from = Math.round((r.x - left) / cell);
    const to = Math.round((r.x + r.w - left) / cell);
    for (let col = from; col < to; col++) dark.add(`${row}:${col}`);
  }
  const want = new Set<string>();
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++) if (expected.get(row, col)) want.add(`${row}:${col}`);
  expect([...dark].sort()).toEqual([...want].sort());
  // Big enough to scan from a table (over 4 cm) and centred on the card.
  expect(n * cell).toBeGreaterThan(113);
  expect((left + right) / 2).toBeCloseTo(card.cut.x + card.cut.w / 2, 3);
  // The quiet zone: two modules clear of the cut line, the label above and the hint below.
  const [, label, hint] = card.texts;
  expect(left - 2 * cell).toBeGreaterThanOrEqual(card.cut.x);
  expect(right + 2 * cell).toBeLessThanOrEqual(card.cut.x + card.cut.w);
  expect(label!.baseline).toBeLessThanOrEqual(top - 2 * cell);
  expect(hint!.baseline - hint!.size).toBeGreaterThanOrEqual(bottom + 2 * cell);
  expect(hint!.baseline).toBeLessThanOrEqual(card.cut.y + card.cut.h);
}

/** One centred line inside the card's text column. */
function expectOneCentredLine(card: Card, t: PdfText): void {
  expect(t.baseline - t.size).toBeGreaterThanOrEqual(card.cut.y);
  if (t.width === null) return; // a standard font (no system TrueType font): no widths in the PDF
  expect(t.width).toBeLessThanOrEqual(INNER + 0.01);
  expect(t.x + t.width / 2).toBeCloseTo(card.cut.x + card.cut.w / 2, 1);
}

describeEachDatabase(
  'staff QR sheet',
  (ctx: TestContext) => {
    let tokens: Record<Account, string>;
    const fx = () => seeds.get(ctx.dialect)!;
    beforeAll(async () => {
      tokens = await staffTokens(ctx.app, fx());
    });
    const get = (url: string, account: Account, place = PLACE) =>
      ctx.get(url, { client: CLIENT, place, headers: { authorization: `Bearer ${tokens[account]}` } });
    async function sheet(query: string, account: Account = 'placeAdmin', place = PLACE) {
      const res = await get(`/api/staff/tables/qr-sheet.pdf${query}`, account, place);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return readPdf(res.rawPayload);
    }

    ctx.test(
      'every active table: six cards to an A4 page in a 2 × 3 grid, each with the venue, the label, the QR code of the table URL and the hint',
      async () => {
        const listed = (await get('/api/staff/tables', 'placeAdmin')).json() as ListedTable[];
        expect(listed).toHaveLength(7);
        for (const t of listed)
          expect(t.qr_url).toMatch(new RegExp(`^https?://[^/]+/${PLACE}/t/${t.token}$`));
        const pdf = await sheet('?lang=en');
        expect(pdf.info.Title).toBe('Кафе Трапеза — QR');
        expect(pdf.info.Creator).toBe('Trapeza');
        const labels = listed.map((t) => `${t.kind === 'room' ? 'Room' : 'Table'} ${t.number}`);
        expect(pdf.outline).toEqual(labels);
        expect(pdf.pages).toHaveLength(2);
        const cards: Card[] = [];
        for (const page of pdf.pages) {
          expect(page.width).toBeCloseTo(A4.width, 2);
          expect(page.height).toBeCloseTo(A4.height, 2);
          cards.push(...cardsOf(page));
        }
        expect(cardsOf(pdf.pages[0]!)).toHaveLength(6);
        expect(cardsOf(pdf.pages[1]!)).toHaveLength(1);
        // The grid: two columns, three rows, filling the page inside a 28 pt margin, in reading order.
        cards.forEach((card, i) => {
          const slot = i % 6;
          const { cut } = card;
          expect(close(cut.x, MARGIN + (slot % 2) * CARD.w)).toBe(true);
          expect(close(cut.y, MARGIN + Math.floor(slot / 2) * CARD.h)).toBe(true);
          expect(close(cut.w, CARD.w) && close(cut.h, CARD.h)).toBe(true);
          // Cut lines: thin, dashed and light grey.
          expect(cut.dash).toEqual([4, 4]);
          expect(cut.color).toEqual([0.6, 0.6, 0.6]);
          expect(cut.lineWidth).toBe(0.5);

          expect(card.texts.map((t) => t.text)).toEqual(['Кафе Трапеза', labels[i], 'Scan to order']);
          const [venue, label, hint] = card.texts as [PdfText, PdfText, PdfText];
          expect([venue.size, label.size, hint.size]).toEqual([13, 26, 10]);
          expect(venue.color).toEqual([0.2, 0.2, 0.2]);
          expect(label.color).toEqual([0, 0, 0]);
          expect(hint.color.map((c) => c.toFixed(3))).toEqual(['0.333', '0.333', '0.333']);
          expect(label.font).toMatch(/Bold/);
          expect(venue.font).not.toMatch(/Bold/);
          expect(hint.font).toBe(venue.font);
          for (const t of card.texts) expectOneCentredLine(card, t);
          expectQrOf(card, listed[i]!.qr_url);
        });
        // Full-size labels share one baseline on every card.
        const offsets = cards.map((c) => c.texts[1]!.baseline - c.cut.y);
        for (const o of offsets) expect(o).toBeCloseTo(offsets[0]!, 3);
      },
    );

    ctx.test(
      'long labels and venue names shrink to fit one line, then end in an ellipsis, on the baseline of a full-size label',
      async () => {
        const listed = (await get('/api/staff/tables', 'clientAdmin', 'cafe2')).json() as ListedTable[];
        const pdf = await sheet('?lang=es', 'clientAdmin', 'cafe2');
        expect(pdf.pages).toHaveLength(1);
        const cards = cardsOf(pdf.pages[0]!);
        expect(cards).toHaveLength(listed.length);
        const byNumber = new Map(listed.map((t, i) => [t.number, cards[i]!]));
        const short = byNumber.get('1')!;
        const medium = byNumber.get(MEDIUM_NUMBER)!;
        const long = byNumber.get(LONG_NUMBER)!;
        for (const card of cards) {
          expect(card.texts).toHaveLength(3);
          for (const t of card.texts) expectOneCentredLine(card, t);
          const [venue, label] = card.texts as [PdfText, PdfText];
          // The long venue name fits at a smaller size, whole.
          expect(venue.text).toBe(LONG_VENUE);
          expect(venue.size).toBeLessThan(13);
          expect(venue.size).toBeGreaterThanOrEqual(9);
          // Shrunk text keeps the baseline of the full-size line.
          expect(label.baseline - card.cut.y).toBeCloseTo(short.texts[1]!.baseline - short.cut.y, 0);
          expect(
            Math.abs(label.baseline - card.cut.y - (short.texts[1]!.baseline - short.cut.y)),
          ).toBeLessThan(0.3);
          expect(card.texts[2]!.text).toBe('Escanee para pedir');
        }
        expect(short.texts[1]!.text).toBe('Mesa 1');
        expect(short.texts[1]!.size).toBe(26);
        expect(medium.texts[1]!.text).toBe(`Mesa ${MEDIUM_NUMBER}`);
        expect(medium.texts[1]!.size).toBeLessThan(26);
        expect(medium.texts[1]!.size).toBeGreaterThan(12);
        const longLabel = long.texts[1]!;
        expect(longLabel.size).toBe(12);
        expect(longLabel.text).toMatch(/…$/);
        expect(`Habitación ${LONG_NUMBER}`.startsWith(longLabel.text.slice(0, -1))).toBe(true);
        expect(longLabel.text.length).toBeGreaterThan(12);
        for (const card of cards) expectQrOf(card, listed[cards.indexOf(card)]!.qr_url);
      },
    );

    ctx.test(
      "some tables by id: their cards only; no table of this venue: one page with the venue's name",
      async () => {
        const f = fx();
        const one = await sheet(`?lang=de&ids=${f.tables['101']},${f.tables['1']}`);
        expect(one.pages).toHaveLength(1);
        const cards = cardsOf(one.pages[0]!);
        expect(
          cards.map((c) => c.texts.map((t) => t.text)).sort((a, b) => a[1]!.localeCompare(b[1]!)),
        ).toEqual([
          ['Кафе Трапеза', 'Tisch 1', 'Scannen und bestellen'],
          ['Кафе Трапеза', 'Zimmer 101', 'Scannen und bestellen'],
        ]);
        // Another venue's table is not printed: the sheet is the venue's name alone.
        const none = await sheet(`?ids=${f.farTable}`);
        expect(none.pages).toHaveLength(1);
        expect(none.pages[0]!.rects).toEqual([]);
        expect(none.pages[0]!.texts.map((t) => t.text)).toEqual(['Кафе Трапеза']);
        expect(none.pages[0]!.texts[0]!.size).toBe(14);
        expect(none.outline).toEqual([]);
      },
    );
  },
  {
    setup: async (db, dialect) => {
      const f = await seedStaffFixture(db);
      seeds.set(dialect, f);
      for (const n of ['4', '5', '6']) await insertTable(db, f.cafe, n, `stf-qr-t${n}`);
      await db.updateTable('places').set({ name: LONG_VENUE }).where('id', '=', f.cafe2).execute();
      await insertTable(db, f.cafe2, '1', 'stf-qr2-t1');
      await insertTable(db, f.cafe2, MEDIUM_NUMBER, 'stf-qr2-medium');
      await insertTable(db, f.cafe2, LONG_NUMBER, 'stf-qr2-long', 'room');
    },
  },
);
