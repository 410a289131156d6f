/**
 * The QR files as a browser saves them, through the real app on SQLite and PostgreSQL: the printable sheet's name
 * (`qr-{place}-all.pdf`, or the one table's label with anything but letters and digits folded into a hyphen), shown
 * inline and never cached (the codes are the tables' secrets), like each table's SVG; which tables it prints (every
 * active one, or the ids asked for even when deactivated); the go-live checklist's "QR sheet downloaded", ticked at
 * the server's time by a full sheet of a venue with tables only; and the cards' words in Bulgarian (the default) and
 * Swiss French.
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { insertTable } from '../../../test/fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import { readPdf } from './pdf-reader.fixtures.ts';
import {
  CLIENT,
  PLACE,
  seedStaffFixture,
  staffTokens,
  type Account,
  type StaffFixture,
} from './staff.fixtures.ts';

const seeds = new Map<DialectName, StaffFixture & { odd: number; retired: number }>();
const ODD_NUMBER = 'Terrace #4 / A';
const PINNED = new Date('2026-11-27T08:15:00.000Z');

describeEachDatabase(
  'staff QR files: names, caching, which tables, the checklist, the words',
  (ctx: TestContext) => {
    const fx = () => seeds.get(ctx.dialect)!;
    let tokens: Record<Account, string>;
    beforeAll(async () => {
      tokens = await staffTokens(ctx.app, fx());
    });
    afterEach(() => ctx.clock.setOverride(null));
    const get = (url: string, account: Account = 'placeAdmin', place = PLACE) =>
      ctx.get(url, { client: CLIENT, place, headers: { authorization: `Bearer ${tokens[account]}` } });
    async function sheet(query: string, account: Account = 'placeAdmin', place = PLACE) {
      const res = await get(`/api/staff/tables/qr-sheet.pdf${query}`, account, place);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      return { disposition: res.headers['content-disposition'], pdf: readPdf(res.rawPayload) };
    }
    const downloadedAt = async (placeId: number) =>
      (
        await ctx.db
          .selectFrom('places')
          .select('qr_sheet_downloaded_at')
          .where('id', '=', placeId)
          .executeTakeFirstOrThrow()
      ).qr_sheet_downloaded_at;

    ctx.test('the sheet is named after the venue and its one table, or "all"; never cached', async () => {
      const f = fx();
      const all = await sheet('?lang=en');
      expect(all.disposition).toBe(`inline; filename="qr-${PLACE}-all.pdf"`);
      const room = await sheet(`?lang=en&ids=${f.tables['101']}`);
      expect(room.disposition).toBe(`inline; filename="qr-${PLACE}-Room-101.pdf"`);
      expect(room.pdf.outline).toEqual(['Room 101']);
      // The label is English whatever the sheet's language; spaces, '#' and '/' fold into one hyphen each run.
      const odd = await sheet(`?lang=de&ids=${f.odd}`);
      expect(odd.disposition).toBe(`inline; filename="qr-${PLACE}-Table-Terrace-4-A.pdf"`);
      expect(odd.pdf.outline).toEqual([`Tisch ${ODD_NUMBER}`]);
      const two = await sheet(`?lang=en&ids=${f.tables['1']},${f.tables['2']}`);
      expect(two.disposition).toBe(`inline; filename="qr-${PLACE}-all.pdf"`);
      expect(two.pdf.outline).toEqual(['Table 1', 'Table 2']);

      const svg = await get(`/api/staff/tables/${f.tables['1']}/qr.svg`);
      expect(svg.statusCode, svg.body).toBe(200);
      expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(svg.headers['cache-control']).toBe('private, no-store');
    });

    ctx.test('every active table without ids; the ids asked for, a deactivated one too', async () => {
      const f = fx();
      const all = await sheet('?lang=en');
      // Rooms first, then tables, each by number (as GET /api/staff/tables lists them).
      expect(all.pdf.outline).toEqual(['Room 101', 'Table 1', 'Table 2', 'Table 3', `Table ${ODD_NUMBER}`]);
      expect(all.pdf.outline).not.toContain('Table Retired');
      const retired = await sheet(`?lang=en&ids=${f.retired},${f.tables['3']}`);
      expect(retired.pdf.outline).toEqual(['Table 3', 'Table Retired']);
    });

    ctx.test(
      "the go-live checklist: ticked at the server's time by the full sheet of a venue with tables, not by some tables or an empty venue",
      async () => {
        const f = fx();
        ctx.clock.setOverride(PINNED);
        await ctx.db.updateTable('places').set({ qr_sheet_downloaded_at: null }).execute();
        await sheet(`?ids=${f.tables['1']}`);
        expect(await downloadedAt(f.cafe)).toBeNull();
        // cafe2 has no tables: its sheet is the venue's name alone and ticks nothing.
        const empty = await sheet('', 'waiterCafe2', 'cafe2');
        expect(empty.pdf.outline).toEqual([]);
        expect(empty.disposition).toBe('inline; filename="qr-cafe2-all.pdf"');
        expect(await downloadedAt(f.cafe2)).toBeNull();
        expect(await downloadedAt(f.cafe)).toBeNull();
        await sheet('', 'waiter');
        expect(await downloadedAt(f.cafe)).toBe(PINNED.toISOString());
        expect(await downloadedAt(f.cafe2)).toBeNull();
      },
    );

    ctx.test('the cards in Bulgarian (the default) and Swiss French: table, room and the hint', async () => {
      const f = fx();
      const ids = `ids=${f.tables['1']},${f.tables['101']}`;
      const words = (pdf: ReturnType<typeof readPdf>) => pdf.pages.flatMap((p) => p.texts.map((t) => t.text));
      const bg = await sheet(`?${ids}`);
      expect(bg.pdf.outline).toEqual(['Стая 101', 'Маса 1']);
      expect(words(bg.pdf).filter((t) => t.startsWith('Скан'))).toEqual([
        'Сканирайте, за да поръчате',
        'Сканирайте, за да поръчате',
      ]);
      const fr = await sheet(`?lang=fr-CH&${ids}`);
      expect(fr.pdf.outline).toEqual(['Chambre 101', 'Table 1']);
      expect(words(fr.pdf)).toEqual([
        'Кафе Трапеза',
        'Chambre 101',
        'Scannez pour commander',
        'Кафе Трапеза',
        'Table 1',
        'Scannez pour commander',
      ]);
    });
  },
  {
    setup: async (db, dialect) => {
      const f = await seedStaffFixture(db);
      const odd = await insertTable(db, f.cafe, ODD_NUMBER, 'stf-odd');
      const retired = await insertTable(db, f.cafe, 'Retired', 'stf-retired');
      await db.updateTable('tables').set({ active: 0 }).where('id', '=', retired).execute();
      seeds.set(dialect, { ...f, odd, retired });
    },
  },
);
