/**
 * Menu editor and images through the real app on SQLite and PostgreSQL: what an admin creates, changes and deletes
 * is what GET /api/products and GET /api/categoriesHierarchy answer next; validation answers 400 with the fields;
 * conflicts 409; uploads are resized by sharp for real and served from /uploads.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { translateField, type Translations } from '@trapeza/domain/i18n';
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { insertPlace } from '../../../test/fixtures.ts';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from './admin.fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----trapezaTestBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeEachDatabase(
  'admin menu editor',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);
    let allergenId: number;

    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
      const demo = await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('slug', '=', 'demo')
        .executeTakeFirstOrThrow();
      allergenId = (
        await ctx.db
          .selectFrom('allergens')
          .select('id')
          .where('client_id', '=', demo.id)
          .executeTakeFirstOrThrow()
      ).id;
    });

    const upload = (type: string, data: Buffer, place = 'bistro') => {
      const m = multipart('file', 'photo', type, data);
      return ctx.request('POST', '/api/admin/images', {
        place,
        body: m.body,
        headers: { ...m.headers, authorization: `Bearer ${tokens.get('PLACE_ADMIN')}` },
      });
    };

    ctx.test('a category and a product created in bg and en appear in the guest menu at once', async () => {
      const cat = await as.post('/api/admin/categories', {
        name: 'Сезонни предложения',
        translations: { en: { name: 'Seasonal' } },
        description: 'Само този месец',
      });
      expect(cat.statusCode, cat.body).toBe(201);
      expect(cat.json()).toMatchObject({
        slug: 'sezonni-predlozheniya',
        order_allowed: 1,
        active: 1,
        hierarchyLevel: 1,
      });
      const ing = await as.post('/api/admin/ingredients', {
        name: 'Пармезан',
        price: 120,
        translations: { en: { name: 'Parmesan' } },
      });
      expect(ing.statusCode, ing.body).toBe(201);

      const img = await upload(
        'image/png',
        await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
          .png()
          .toBuffer(),
      );
      expect(img.statusCode, img.body).toBe(201);

      const res = await as.post('/api/admin/products', {
        name: 'Тиквена супа',
        translations: { en: { name: 'Pumpkin soup', description: 'Creamy' } },
        description: 'Кремообразна',
        catHierarchyIds: [cat.json().id],
        product_variants: [
          { price: 650, size: '300 мл', translations: { en: { size: '300 ml' } } },
          { price: 950, size: '500 мл', additional_price: 30 },
        ],
        product_ingredients: [{ ingredientId: ing.json().id, type: 'addable' }],
        max_count_addable_ingredients: 1,
        allergens: [allergenId],
        product_images: [{ path: img.json().path, width: img.json().width, height: img.json().height }],
        image_position_y: 30,
        image_scale: 1.2,
        time_based_discount_enabled: 1,
        time_based_discount_days: [1, 2],
        time_based_discount_start_hour: 15,
        time_based_discount_end_hour: 17,
        time_based_discount_percent: 10,
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as Json;
      expect(created).toMatchObject({
        slug: 'tikvena-supa',
        catHierarchyId: cat.json().id,
        image_position_y: 30,
        active: 1,
      });

      const store = (await ctx.get('/api/products?active=1')).json() as Json[];
      const guest = store.find((p) => p.id === created.id);
      expect(guest).toMatchObject({
        name: 'Тиквена супа',
        translations: { en: { name: 'Pumpkin soup', description: 'Creamy' } },
        catHierarchyIds: [cat.json().id],
        product_ingredients: [{ ingredientId: ing.json().id, type: 'addable' }],
        allergens: [expect.objectContaining({ id: allergenId })],
        product_images: [{ path: img.json().path, width: 800, height: 600 }],
        time_based_discount_days: [1, 2],
        time_based_discount_percent: 10,
      });
      expect(guest!.product_variants.map((v: Json) => [v.price, v.additional_price, v.size])).toEqual([
        // The admin API is in minor units, the guest API in the venue currency (issue 25 #1).
        [6.5, 0, '300 мл'],
        [9.5, 0.3, '500 мл'],
      ]);
      const tree = (await ctx.get('/api/categoriesHierarchy?active=1')).json() as Json[];
      expect(tree.find((c) => c.id === cat.json().id)?.translations).toEqual({ en: { name: 'Seasonal' } });

      // Update: keep the first variant (same id), drop the second, re-price; the guest sees it next call.
      const firstVariant = guest!.product_variants[0].id;
      const upd = await as.put(`/api/admin/products/${created.id}`, {
        product_variants: [{ id: firstVariant, price: 700, size: '300 мл' }],
        label: 'Ново',
      });
      expect(upd.statusCode, upd.body).toBe(200);
      const after = ((await ctx.get('/api/products')).json() as Json[]).find((p) => p.id === created.id)!;
      expect(after.product_variants).toEqual([expect.objectContaining({ id: firstVariant, price: 7 })]);
      expect(after.label).toBe('Ново');

      // Deleting the category while it holds the product is refused clearly.
      const del = await as.del(`/api/admin/categories/${cat.json().id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json()).toMatchObject({ code: 'category_has_products', products: 1 });
      // The ingredient is in use too.
      expect((await as.del(`/api/admin/ingredients/${ing.json().id}`)).json().code).toBe('ingredient_in_use');

      // A product never ordered can be deleted; then the category can.
      expect((await as.del(`/api/admin/products/${created.id}`)).statusCode).toBe(200);
      expect(((await ctx.get('/api/products')).json() as Json[]).some((p) => p.id === created.id)).toBe(
        false,
      );
      expect((await as.del(`/api/admin/categories/${cat.json().id}`)).statusCode).toBe(200);

      const audit = (await as.get('/api/admin/audit?limit=20')).json() as Json[];
      expect(audit.map((a) => `${a.action} ${a.entity}`)).toEqual(
        expect.arrayContaining([
          'create category',
          'create product',
          'update product',
          'delete product',
          'upload image',
        ]),
      );
      expect(audit[0]).toMatchObject({ user_email: 'role-client_admin@accounts.test' });
    });

    ctx.test(
      'a variant size in the five languages: saved, answered to admins and guests, replaced',
      async () => {
        const sizes = {
          en: { size: '300 ml' },
          es: { size: '300 ml' },
          de: { size: '0,3 l' },
          'fr-CH': { size: '3 dl' },
        };
        const res = await as.post('/api/admin/products', {
          name: 'Лимонада',
          product_variants: [
            { price: 450, size: '300 мл', translations: sizes },
            // A blank size and a language without one are dropped: those guests see the Bulgarian size.
            {
              price: 700,
              size: '500 мл',
              translations: { en: { size: '500 ml' }, de: { size: '  ' }, es: {} },
            },
          ],
        });
        expect(res.statusCode, res.body).toBe(201);
        const created = res.json() as Json;
        const expected = [
          { size: '300 мл', translations: sizes },
          { size: '500 мл', translations: { en: { size: '500 ml' } } },
        ];
        expect(created.product_variants).toMatchObject(expected);
        const admin = ((await as.get('/api/admin/products')).json() as Json[]).find(
          (p) => p.id === created.id,
        )!;
        expect(admin.product_variants).toMatchObject(expected);
        const guest = ((await ctx.get('/api/products?active=1')).json() as Json[]).find(
          (p) => p.id === created.id,
        )!;
        expect(guest.product_variants).toMatchObject(expected);
        // What a guest reads in each language (spec §4: missing translations fall back to Bulgarian).
        const shown = (lang: string) =>
          guest.product_variants.map((v: { size: string; translations: Translations<{ size: string }> }) =>
            translateField(v, 'size', lang),
          );
        expect(shown('bg')).toEqual(['300 мл', '500 мл']);
        expect(shown('en')).toEqual(['300 ml', '500 ml']);
        expect(shown('de')).toEqual(['0,3 l', '500 мл']);
        expect(shown('fr-CH')).toEqual(['3 dl', '500 мл']);

        // The variants list replaces the stored one: the kept variant gets its new sizes, one language removed.
        const [first, second] = created.product_variants as Json[];
        const upd = await as.put(`/api/admin/products/${created.id}`, {
          product_variants: [
            { id: first!.id, price: 450, size: '330 мл', translations: { en: { size: '330 ml' } } },
            { id: second!.id, price: 700, size: '500 мл', translations: second!.translations },
          ],
        });
        expect(upd.statusCode, upd.body).toBe(200);
        const after = ((await ctx.get('/api/products')).json() as Json[]).find((p) => p.id === created.id)!;
        expect(after.product_variants).toMatchObject([
          { id: first!.id, size: '330 мл', translations: { en: { size: '330 ml' } } },
          { id: second!.id, size: '500 мл', translations: { en: { size: '500 ml' } } },
        ]);
        expect(after.product_variants[0].translations).toEqual({ en: { size: '330 ml' } });

        // The same schema refuses: Bulgarian in translations, another field, an unknown language, too long a size.
        for (const translations of [
          { bg: { size: '300 мл' } },
          { en: { size: '300 ml', name: 'Lemonade' } },
          { it: { size: '300 ml' } },
          { en: { size: 'x'.repeat(101) } },
          { en: { size: 300 } },
        ]) {
          const bad = await as.put(`/api/admin/products/${created.id}`, {
            product_variants: [{ id: first!.id, price: 450, size: '330 мл', translations }],
          });
          expect(bad.statusCode, JSON.stringify(translations)).toBe(400);
          expect(bad.json().code).toBe('validation_error');
          expect(JSON.stringify(bad.json().details)).toContain('product_variants');
        }
        const longBase = await as.put(`/api/admin/products/${created.id}`, {
          product_variants: [{ id: first!.id, price: 450, size: 'x'.repeat(101) }],
        });
        expect(longBase.statusCode).toBe(400);
        const unchanged = ((await ctx.get('/api/products')).json() as Json[]).find(
          (p) => p.id === created.id,
        )!;
        expect(unchanged.product_variants[0].translations).toEqual({ en: { size: '330 ml' } });
      },
    );

    ctx.test('bad bodies answer 400 with the fields', async () => {
      const noVariants = await as.post('/api/admin/products', { name: 'X' });
      expect(noVariants.statusCode).toBe(400);
      expect(noVariants.json().code).toBe('validation_error');
      expect(JSON.stringify(noVariants.json().details)).toContain('product_variants');
      const negative = await as.post('/api/admin/products', { name: 'X', product_variants: [{ price: -1 }] });
      expect(negative.statusCode).toBe(400);
      const fractional = await as.post('/api/admin/products', {
        name: 'X',
        product_variants: [{ price: 1.5 }],
      });
      expect(fractional.statusCode).toBe(400);
      const tooMany = await as.post('/api/admin/products', {
        name: 'X',
        product_variants: [{ price: 100 }],
        related_products: [1, 2, 3, 4, 5],
      });
      expect(tooMany.statusCode).toBe(400);
      const unknownField = await as.post('/api/admin/products', {
        name: 'X',
        product_variants: [{ price: 100 }],
        colour: 1,
      });
      expect(unknownField.statusCode).toBe(400);
      const unknownIngredient = await as.post('/api/admin/products', {
        name: 'X',
        product_variants: [{ price: 100 }],
        product_ingredients: [{ ingredientId: 999_999, type: 'addable' }],
      });
      expect(unknownIngredient.statusCode).toBe(400);
      expect(unknownIngredient.json().details[0]).toMatchObject({
        path: 'product_ingredients',
        ids: [999_999],
      });
      const minMax = await as.post('/api/admin/products', {
        name: 'X',
        product_variants: [{ price: 100 }],
        min_count_addable_ingredients: 3,
        max_count_addable_ingredients: 2,
      });
      expect(minMax.statusCode).toBe(400);
      const link = await as.post('/api/admin/categories', { name: 'Линк', type: 'link' });
      expect(link.statusCode).toBe(400);
      const bg = await as.post('/api/admin/categories', { name: 'X', translations: { bg: { name: 'X' } } });
      expect(bg.statusCode).toBe(400);
    });

    ctx.test('reorder re-parents in one call and refuses cycles', async () => {
      const a = (await as.post('/api/admin/categories', { name: 'Ред А' })).json() as Json;
      const b = (await as.post('/api/admin/categories', { name: 'Ред Б' })).json() as Json;
      const c = (await as.post('/api/admin/categories', { name: 'Ред В', parentId: b.id })).json() as Json;
      expect(c.hierarchyLevel).toBe(2);
      const move = await as.put('/api/admin/categories/order', [
        { id: b.id, parentId: a.id, priority: 5 },
        { id: a.id, parentId: null, priority: 0 },
      ]);
      expect(move.statusCode, move.body).toBe(200);
      const tree = move.json() as Json[];
      const nodeA = tree.find((x) => x.id === a.id)!;
      expect(nodeA.children[0]).toMatchObject({ id: b.id, hierarchyLevel: 2, priority: 5 });
      expect(nodeA.children[0].children[0]).toMatchObject({ id: c.id, hierarchyLevel: 3 });

      const cycle = await as.put('/api/admin/categories/order', [{ id: a.id, parentId: c.id, priority: 0 }]);
      expect(cycle.statusCode).toBe(409);
      expect(cycle.json().code).toBe('category_cycle');
      const self = await as.put(`/api/admin/categories/${a.id}`, { parentId: a.id });
      expect(self.statusCode).toBe(409);
      const foreign = await as.put('/api/admin/categories/order', [
        { id: a.id, parentId: 999_999, priority: 0 },
      ]);
      expect(foreign.statusCode).toBe(404);
      expect((await as.del(`/api/admin/categories/${a.id}`)).json().code).toBe('category_has_children');
      // Unchanged after the refusals.
      const guest = (await ctx.get('/api/categoriesHierarchy')).json() as Json[];
      expect(guest.find((x) => x.id === a.id)?.children[0]?.id).toBe(b.id);
    });

    ctx.test(
      'an image over 40 megapixels is refused from its header (413 image_too_large, as over 8 MB), nothing stored',
      async () => {
        // A 1 × 1 PNG whose header claims 10 000 × 5 000 (a few bytes that would decode to 200 MB).
        const png = Buffer.from(
          await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
        );
        png.writeUInt32BE(10_000, 16);
        png.writeUInt32BE(5_000, 20);
        png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
        const res = await upload('image/png', png);
        expect(res.statusCode, res.body).toBe(413);
        expect(res.json().code).toBe('image_too_large');
      },
    );

    ctx.test(
      'images: real resize to 320/640/1024 in WebP, AVIF and JPEG, served with a long cache',
      async () => {
        const png = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: '#2a6' } })
          .png()
          .toBuffer();
        const res = await upload('image/png', png);
        expect(res.statusCode, res.body).toBe(201);
        const body = res.json() as Json;
        expect(body).toMatchObject({
          width: 1024,
          height: 512,
          original: { format: 'png', width: 2000, height: 1000 },
        });
        const bistroId = await ctx.placeId('bistro');
        const demoId = (
          await ctx.db
            .selectFrom('places')
            .select('client_id')
            .where('id', '=', bistroId)
            .executeTakeFirstOrThrow()
        ).client_id;
        // Per client and place id (issue "Security hardening" #12), never per slug.
        expect(body.path).toMatch(new RegExp(`^/uploads/${demoId}/${bistroId}/[0-9a-f]{20}-1024\\.jpg$`));
        const files = body.files as Json[];
        expect(files.map((f) => `${f.format}@${f.width}x${f.height}`).sort()).toEqual(
          [320, 640, 1024].flatMap((w) => ['avif', 'jpeg', 'webp'].map((f) => `${f}@${w}x${w / 2}`)).sort(),
        );
        for (const f of files) {
          // Every rendition is served (from the database on PostgreSQL, from DATA_DIR/uploads on SQLite).
          const res = await ctx.get(f.path as string, { client: null, place: null });
          expect(res.statusCode, f.path as string).toBe(200);
          expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          const meta = await sharp(res.rawPayload).metadata();
          expect(meta.format).toBe(f.format === 'avif' ? 'heif' : f.format);
          expect([meta.width, meta.height]).toEqual([f.width, f.height]);
          expect(existsSync(join(ctx.dataDir, f.path as string)), 'on disk only on SQLite').toBe(
            ctx.dialect === 'sqlite',
          );
        }
        const served = await ctx.get(body.path, { client: null, place: null });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/jpeg');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

        const small = await upload(
          'image/webp',
          await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000' } })
            .webp()
            .toBuffer(),
        );
        expect(small.statusCode).toBe(201);
        expect((small.json().files as Json[]).map((f) => f.width)).toEqual([200, 200, 200]);
      },
    );

    ctx.test('images: two brands whose places share a slug store apart (client and place ids)', async () => {
      const other = await ctx.db
        .selectFrom('clients')
        .select('id')
        .where('slug', '=', 'other')
        .executeTakeFirstOrThrow();
      const otherBistro = await insertPlace(ctx.db, other.id, 'bistro', { name: 'Other bistro' });
      const bistroId = await ctx.placeId('bistro');
      const image = (background: string) =>
        sharp({ create: { width: 400, height: 200, channels: 3, background } })
          .jpeg()
          .toBuffer();
      const ours = await upload('image/jpeg', await image('#c00'));
      expect(ours.statusCode, ours.body).toBe(201);
      // The other brand's super admin uploads the same picture and another one to its own "bistro".
      const as = (data: Buffer) => {
        const m = multipart('file', 'photo', 'image/jpeg', data);
        return ctx.request('POST', '/api/admin/images', {
          client: 'other',
          place: 'bistro',
          body: m.body,
          headers: { ...m.headers, authorization: `Bearer ${tokens.get('SUPER_ADMIN')}` },
        });
      };
      const same = await as(await image('#c00'));
      const theirs = await as(await image('#00c'));
      expect(same.statusCode, same.body).toBe(201);
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect(ours.json().path).toContain(`/${bistroId}/`);
      expect(same.json().path).toBe(
        ours.json().path.replace(/^\/uploads\/\d+\/\d+\//, `/uploads/${other.id}/${otherBistro}/`),
      );
      expect(theirs.json().path.startsWith(`/uploads/${other.id}/${otherBistro}/`)).toBe(true);
      for (const path of [ours.json().path, same.json().path, theirs.json().path] as string[]) {
        const res = await ctx.get(path, { client: null, place: null });
        expect(res.statusCode, path).toBe(200);
        const [r, , b] = (await sharp(res.rawPayload).stats()).channels.map((c) => Math.round(c.mean));
        expect(path === theirs.json().path ? b! > r! : r! > b!, path).toBe(true);
      }
      if (ctx.dialect === 'postgres') {
        // The same bytes are stored once, whoever uploaded them.
        const blobs = await ctx.db
          .selectFrom('uploads')
          .select((eb) => [eb.fn.count('path').as('paths'), eb.fn.count('sha256').distinct().as('blobs')])
          .where('path', 'in', [ours.json().path, same.json().path])
          .executeTakeFirstOrThrow();
        expect([Number(blobs.paths), Number(blobs.blobs)]).toEqual([2, 1]);
      }
    });

    ctx.test('images: wrong type 415, over 8 MB 413, not multipart 415', async () => {
      const text = await upload('text/plain', Buffer.from('hello'));
      expect(text.statusCode).toBe(415);
      expect(text.json().code).toBe('unsupported_media_type');
      const fake = await upload('image/png', Buffer.from('not really a png'));
      expect(fake.statusCode).toBe(415);
      const gif = await upload(
        'image/png',
        await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
      );
      expect(gif.statusCode).toBe(415);
      const big = await upload('image/jpeg', Buffer.alloc(8 * 1024 * 1024 + 10, 1));
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe('image_too_large');
      const json = await as.post('/api/admin/images', { file: 'x' });
      expect(json.statusCode).toBe(415);
      const waiter = await ctx.request('POST', '/api/admin/images', {
        ...multipart('file', 'a', 'image/png', Buffer.from('x')),
        headers: {
          ...multipart('file', 'a', 'image/png', Buffer.from('x')).headers,
          authorization: `Bearer ${tokens.get('WAITER')}`,
        },
      });
      expect(waiter.statusCode).toBe(403);
    });
  },
  { setup: seedAccounts },
);
