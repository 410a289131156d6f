/**
 * Menu import and export (issue 16 item 1) through the real app on SQLite and PostgreSQL: the template (CSV and
 * XLSX) imported into a venue, the preview with every problem by row and column, re-import updating by SKU, the
 * export → import round trip changing nothing, and the bad files (not CSV/XLSX, over 5 MB, 20 000 rows, formulas,
 * hidden sheets, CSV injection). PLACE_ADMIN and up, scoped to the admin's venue.
 */
import ExcelJS from 'exceljs';
import { beforeAll, expect } from 'vitest';
import type { MenuImportPreview } from '@trapeza/domain/contracts/menu-import';
import { describeEachDatabase } from '../../../test/harness.ts';
import { seedAccounts, signRoleTokens, type AdminTokens } from './admin.fixtures.ts';
import type { Role } from '@trapeza/domain/roles';

function multipart(filename: string, data: Buffer) {
  const boundary = '----trapezaImportBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const HEADER =
  'id,sku,category,name_bg,name_en,name_es,name_de,name_fr-CH,description_bg,description_en,description_es,description_de,description_fr-CH,price,variants,allergens,label,in_stock';
const csvFile = (...lines: string[]) => Buffer.from([HEADER, ...lines].join('\r\n') + '\r\n', 'utf8');

async function xlsxFile(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describeEachDatabase(
  'admin menu import and export',
  (ctx) => {
    let tokens: AdminTokens;
    const auth = (role: Role = 'PLACE_ADMIN') => ({ authorization: `Bearer ${tokens.get(role)}` });
    const send = (path: 'preview' | 'import', name: string, data: Buffer, place = 'bistro', role?: Role) => {
      const m = multipart(name, data);
      role ??= place === 'bistro' ? 'PLACE_ADMIN' : 'CLIENT_ADMIN';
      return ctx.request('POST', `/api/admin/menu/import${path === 'preview' ? '/preview' : ''}`, {
        place,
        body: m.body,
        headers: { ...m.headers, ...auth(role) },
      });
    };
    const download = async (url: string, place = 'bistro') => {
      const res = await ctx.request('GET', url, {
        place,
        headers: auth(place === 'bistro' ? 'PLACE_ADMIN' : 'CLIENT_ADMIN'),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload;
    };
    const productBySku = async (place: string, sku: string) => {
      const placeId = await ctx.placeId(place);
      return ctx.db
        .selectFrom('products')
        .selectAll()
        .where('place_id', '=', placeId)
        .where('sku', '=', sku)
        .executeTakeFirst();
    };
    const variantsOf = (productId: number) =>
      ctx.db
        .selectFrom('product_variants')
        .select(['id', 'size', 'price'])
        .where('product_id', '=', productId)
        .where('active', '=', 1)
        .orderBy('position')
        .execute();
    /** Everything the import may touch, of a place (to show that nothing changed). */
    const snapshot = async (place: string) => {
      const placeId = await ctx.placeId(place);
      const products = await ctx.db
        .selectFrom('products')
        .select(['id', 'sku', 'name', 'description', 'translations', 'label', 'in_stock', 'slug'])
        .where('place_id', '=', placeId)
        .orderBy('id')
        .execute();
      const ids = products.map((p) => p.id);
      const variants = await ctx.db
        .selectFrom('product_variants')
        .select(['id', 'product_id', 'size', 'price', 'active', 'translations'])
        .where('product_id', 'in', ids)
        .orderBy('id')
        .execute();
      const links = await ctx.db
        .selectFrom('product_categories')
        .selectAll()
        .where('product_id', 'in', ids)
        .orderBy('product_id')
        .orderBy('category_id')
        .execute();
      const allergens = await ctx.db
        .selectFrom('product_allergens')
        .selectAll()
        .where('product_id', 'in', ids)
        .orderBy('product_id')
        .orderBy('allergen_id')
        .execute();
      const categories = await ctx.db
        .selectFrom('categories')
        .select(['id', 'name', 'parent_id'])
        .where('place_id', '=', placeId)
        .orderBy('id')
        .execute();
      return {
        products,
        variants: variants.map((v) => ({ ...v, price: Number(v.price) })),
        links,
        allergens,
        categories,
      };
    };

    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
    });

    ctx.test(
      'the CSV template imports: categories by path, five languages, prices, sizes, allergens, stock, SKU; again: no duplicate',
      async () => {
        const template = await download('/api/admin/menu/import/template?format=csv');
        expect(template.toString('utf8')).toContain('Храна > Супи');
        const preview = await send('preview', 'menu-template.csv', template);
        expect(preview.statusCode, preview.body).toBe(200);
        const p = preview.json() as MenuImportPreview;
        expect(p.problems).toEqual([]);
        expect(p).toMatchObject({ format: 'csv', rows: 3, create: 3, update: 0, unchanged: 0 });
        // Only paths the venue does not have yet (the demo bistro has some of them).
        expect(p.new_categories.length).toBeGreaterThan(0);
        for (const c of p.new_categories)
          expect(['Храна', 'Храна > Супи', 'Храна > Скара', 'Напитки']).toContain(c);
        // Preview writes nothing.
        expect(await productBySku('bistro', 'SOUP-01')).toBeUndefined();

        const done = await send('import', 'menu-template.csv', template);
        expect(done.statusCode, done.body).toBe(200);
        expect(done.json()).toMatchObject({ imported: true, create: 3 });
        const soup = (await productBySku('bistro', 'SOUP-01'))!;
        expect(soup.name).toBe('Таратор');
        expect(JSON.parse(soup.translations)).toMatchObject({
          en: { name: 'Tarator', description: 'Cold soup of yoghurt, cucumber and walnuts' },
          'fr-CH': { name: 'Tarator' },
        });
        expect(soup.label).toBe('Ново');
        expect((await variantsOf(soup.id)).map((v) => [v.size, Number(v.price)])).toEqual([[null, 450]]);
        const kebap = (await productBySku('bistro', 'GRILL-01'))!;
        expect((await variantsOf(kebap.id)).map((v) => [v.size, Number(v.price)])).toEqual([
          ['3 бр.', 690],
          ['5 бр.', 1050],
        ]);
        expect((await productBySku('bistro', 'DRINK-01'))!.in_stock).toBe(0);
        const allergens = await ctx.db
          .selectFrom('product_allergens as pa')
          .innerJoin('allergens as a', 'a.id', 'pa.allergen_id')
          .select('a.name')
          .where('pa.product_id', '=', soup.id)
          .orderBy('a.name')
          .execute();
        expect(allergens.map((a) => a.name)).toEqual(['Мляко', 'Ядки']);
        // The category path: "Супи" under "Храна", and the guest menu shows the product there.
        const link = await ctx.db
          .selectFrom('product_categories as pc')
          .innerJoin('categories as c', 'c.id', 'pc.category_id')
          .innerJoin('categories as parent', 'parent.id', 'c.parent_id')
          .select(['c.name', 'parent.name as parent_name', 'c.hierarchy_level'])
          .where('pc.product_id', '=', soup.id)
          .executeTakeFirstOrThrow();
        expect(link).toEqual({ name: 'Супи', parent_name: 'Храна', hierarchy_level: 2 });

        // The same file again: nothing created, nothing changed.
        const before = await snapshot('bistro');
        const again = await send('import', 'menu-template.csv', template);
        expect(again.json()).toMatchObject({ create: 0, update: 0, unchanged: 3 });
        expect(await snapshot('bistro')).toEqual(before);

        // A price changed in the file: that product is updated by its SKU, the variant keeps its id.
        const changed = Buffer.from(template.toString('utf8').replace(',4.50,', ',4.90,'), 'utf8');
        const upd = await send('import', 'menu-template.csv', changed);
        expect(upd.json()).toMatchObject({ create: 0, update: 1, unchanged: 2 });
        const [variant] = await variantsOf(soup.id);
        expect(Number(variant!.price)).toBe(490);
        expect(variant!.id).toBe((await variantsOf(soup.id))[0]!.id);
        expect(before.variants.some((v) => v.id === variant!.id)).toBe(true);

        // Sizes changed: the size kept keeps its variant id, the one dropped goes, the new one is added.
        const [three] = await variantsOf(kebap.id);
        const resized = Buffer.from(
          template.toString('utf8').replace('3 бр.: 6.90; 5 бр.: 10.50', '3 бр.: 7.20; 10 бр.: 19.00'),
          'utf8',
        );
        const res = await send('import', 'menu-template.csv', resized);
        expect(res.json()).toMatchObject({ create: 0, update: 2 });
        const after = await variantsOf(kebap.id);
        expect(after.map((v) => [v.size, Number(v.price)])).toEqual([
          ['3 бр.', 720],
          ['10 бр.', 1900],
        ]);
        expect(after[0]!.id).toBe(three!.id);
      },
    );

    ctx.test('the XLSX template imports the same into another venue (SKUs are per venue)', async () => {
      const template = await download('/api/admin/menu/import/template?format=xlsx', 'hotel');
      expect(template.subarray(0, 2).toString()).toBe('PK');
      const res = await send('import', 'menu-template.xlsx', template, 'hotel');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ format: 'xlsx', create: 3, update: 0 });
      const kebap = (await productBySku('hotel', 'GRILL-01'))!;
      expect((await variantsOf(kebap.id)).map((v) => [v.size, Number(v.price)])).toEqual([
        ['3 бр.', 690],
        ['5 бр.', 1050],
      ]);
      const again = await send('preview', 'menu-template.xlsx', template, 'hotel');
      expect(again.json()).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    });

    ctx.test(
      'the preview names every problem by row and column; the import then writes nothing (422)',
      async () => {
        const file = csvFile(
          ',ERR-1,Храна > Супи,Боб чорба,,,,,,,,,,abc,,,,yes',
          ',ERR-2,Храна > Супи,Леща,,,,,,,,,,3.20,,Пясък,,yes',
          ',ERR-3,Храна > Супи,,,,,,,,,,,3.20,,,,yes',
          ',ERR-2,Храна > Супи,Леща 2,,,,,,,,,,3.20,,,,yes',
          ',ERR-5,,Без категория,,,,,,,,,,3.20,,,,maybe',
          ',ERR-6,Храна,Добра,,,,,,,,,,,"300 г: 8.50; 450 г",,,',
          ',ERR-7,Храна,Добра 2,,,,,,,,,,,,,,',
        );
        const res = await send('preview', 'bad.csv', file);
        expect(res.statusCode, res.body).toBe(200);
        const p = res.json() as MenuImportPreview;
        const got = p.problems.map((x) => [x.row, x.column, x.code, x.value ?? null]);
        expect(got).toEqual([
          [2, 'price', 'price_not_number', 'abc'],
          [3, 'allergens', 'unknown_allergen', 'Пясък'],
          [4, 'name_bg', 'name_required', null],
          [5, 'sku', 'duplicate_sku', 'ERR-2'],
          [6, 'category', 'category_required', null],
          [6, 'in_stock', 'stock_invalid', 'maybe'],
          [7, 'variants', 'variants_invalid', '300 г: 8.50; 450 г'],
          [8, 'price', 'price_or_variants_required', null],
        ]);
        expect(p.problems.every((x) => x.message.length > 0)).toBe(true);
        const before = await snapshot('bistro');
        const refused = await send('import', 'bad.csv', file);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().code).toBe('import_invalid');
        expect(refused.json().preview.problems).toHaveLength(8);
        expect(await snapshot('bistro')).toEqual(before);

        // An unknown column, a required one missing: the header row is the problem.
        const header = Buffer.from('sku,name_bg,prise\r\nX,Y,1\r\n');
        const h = (await send('preview', 'h.csv', header)).json() as MenuImportPreview;
        expect(h.problems.map((x) => [x.row, x.column, x.code])).toEqual(
          expect.arrayContaining([
            [1, 'prise', 'unknown_column'],
            [1, 'category', 'missing_column'],
          ]),
        );
      },
    );

    ctx.test('export → import changes nothing (XLSX and CSV), products without SKU included', async () => {
      for (const format of ['xlsx', 'csv'] as const) {
        const exported = await download(`/api/admin/menu/export?format=${format}`);
        const before = await snapshot('bistro');
        expect(before.products.length).toBeGreaterThan(10);
        const preview = (await send('preview', `menu.${format}`, exported)).json() as MenuImportPreview;
        expect(preview.problems).toEqual([]);
        expect(preview).toMatchObject({ create: 0, update: 0, unchanged: before.products.length });
        const res = await send('import', `menu.${format}`, exported);
        expect(res.statusCode, res.body).toBe(200);
        expect(await snapshot('bistro')).toEqual(before);
      }
    });

    ctx.test(
      'bad files: not CSV/XLSX, over 5 MB, 20 000 rows, formulas, hidden sheets, CSV injection',
      async () => {
        const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
        for (const [name, data] of [
          ['photo.png', png],
          ['menu.csv', png],
          ['menu.xlsx', Buffer.from('sku,name\r\n')],
          ['menu.xls', Buffer.from('d0cf11e0a1b11ae1', 'hex')],
        ] as const) {
          const res = await send('preview', name, data);
          expect(res.statusCode, name).toBe(415);
          expect(res.json().code).toBe('unsupported_file_type');
        }
        const big = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');
        const tooBig = await send('preview', 'big.csv', big);
        expect(tooBig.statusCode).toBe(413);
        expect(tooBig.json().code).toBe('file_too_large');

        const many = csvFile(
          ...Array.from({ length: 20_000 }, (_, i) => `,S${i},Храна,Ред ${i},,,,,,,,,,1.00,,,,yes`),
        );
        const rows = await send('preview', 'many.csv', many);
        expect(rows.statusCode).toBe(400);
        expect(rows.json().code).toBe('too_many_rows');

        const formula = await xlsxFile((wb) => {
          const ws = wb.addWorksheet('Menu');
          ws.addRow(['sku', 'category', 'name_bg', 'price']);
          ws.addRow(['F-1', 'Храна', 'Пица', { formula: '2+2', result: 4 }]);
          ws.addRow(['F-2', 'Храна', { formula: 'HYPERLINK("http://x.test","клик")', result: 'клик' }, '5']);
        });
        const f = (await send('preview', 'f.xlsx', formula)).json() as MenuImportPreview;
        expect(f.problems.map((x) => [x.row, x.column, x.code])).toEqual([
          [2, 'price', 'formula_not_allowed'],
          [3, 'name_bg', 'formula_not_allowed'],
        ]);
        expect((await send('import', 'f.xlsx', formula)).statusCode).toBe(422);

        const hidden = await xlsxFile((wb) => {
          const ws = wb.addWorksheet('Menu');
          ws.addRow(['sku', 'category', 'name_bg', 'price']);
          ws.addRow(['H-1', 'Храна', 'Пица', '5']);
          wb.addWorksheet('Secret', { state: 'hidden' }).addRow(['x']);
        });
        const h = await send('preview', 'h.xlsx', hidden);
        expect(h.statusCode).toBe(400);
        expect(h.json().code).toBe('hidden_sheets');

        // CSV injection typed into cells: stored as plain text (a note says so); the export prefixes it.
        const inject = csvFile(
          ',INJ-1,Храна,"=HYPERLINK(""http://evil.test"",""click"")",,,,,+cmd|/C calc,,,,,2.00,,,@SUM(1),yes',
        );
        const pv = (await send('preview', 'inject.csv', inject)).json() as MenuImportPreview;
        expect(pv.problems).toEqual([]);
        expect(pv.notes.map((n) => [n.row, n.column, n.code])).toEqual([
          [2, 'name_bg', 'plain_text'],
          [2, 'description_bg', 'plain_text'],
          [2, 'label', 'plain_text'],
        ]);
        expect((await send('import', 'inject.csv', inject)).statusCode).toBe(200);
        const stored = (await productBySku('bistro', 'INJ-1'))!;
        expect(stored.name).toBe('=HYPERLINK("http://evil.test","click")');
        expect(stored.description).toBe('+cmd|/C calc');
        const csv = (await download('/api/admin/menu/export?format=csv')).toString('utf8');
        const line = csv.split('\r\n').find((l) => l.includes('INJ-1'))!;
        expect(line).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
        expect(line).toContain(`"'+cmd|/C calc"`);
        expect(line).not.toMatch(/,[=+@]/);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load((await download('/api/admin/menu/export?format=xlsx')) as unknown as ArrayBuffer);
        const sheet = wb.worksheets[0]!;
        let names: string[] = [];
        sheet.eachRow((row) => names.push(String(row.getCell(4).value)));
        names = names.filter((n) => n.includes('HYPERLINK'));
        expect(names).toEqual([`'=HYPERLINK("http://evil.test","click")`]);
        let formulas = 0;
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            if (cell.type === ExcelJS.ValueType.Formula) formulas += 1;
          }),
        );
        expect(formulas).toBe(0);
      },
    );

    ctx.test('PLACE_ADMIN and up; another venue’s product id is unknown here', async () => {
      const template = await download('/api/admin/menu/import/template?format=csv');
      expect((await send('preview', 't.csv', template, 'bistro', 'WAITER')).statusCode).toBe(403);
      expect(
        (await ctx.request('GET', '/api/admin/menu/export', { place: 'bistro', headers: auth('WAITER') }))
          .statusCode,
      ).toBe(403);
      const hotelProduct = await ctx.db
        .selectFrom('products')
        .select('id')
        .where('place_id', '=', await ctx.placeId('hotel'))
        .executeTakeFirstOrThrow();
      const foreign = csvFile(`${hotelProduct.id},,Храна,Чужд,,,,,,,,,,1.00,,,,yes`);
      const p = (await send('preview', 'foreign.csv', foreign)).json() as MenuImportPreview;
      expect(p.problems.map((x) => [x.row, x.column, x.code])).toEqual([[2, 'id', 'unknown_product_id']]);
    });
  },
  { setup: seedAccounts },
);
