/**
 * The go-live checklist and the live flag (issue 16 item 2) on SQLite and PostgreSQL: a new venue's checklist ticks
 * itself from its data (products, hours, order types, tables and the downloaded QR sheet, cash only, a waiter
 * account); "mark live" is audited; until then its guest pages answer the coming-soon page (503, no menu data) to
 * guests and to staff who are not its admins, while its admin previews the real page; guest orders are refused with
 * orders_not_allowed. The demo venues are live.
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import {
  insertCategory,
  insertProduct,
  insertPlace,
  insertTable,
  setSetting,
} from '../../../test/fixtures.ts';
import type { AppDatabase } from '../../db/database.ts';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from './admin.fixtures.ts';
import { cartLine } from '../orders/orders.fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIXTURE_DIST = new URL('../../../test/web-dist-fixture', import.meta.url).pathname;
/** Tuesday 2026-11-24 12:00 in Sofia: the demo bistro is open. */
const OPEN_AT = new Date('2026-11-24T10:00:00Z');

async function setup(db: AppDatabase): Promise<void> {
  await seedAccounts(db);
  const demo = await db
    .selectFrom('clients')
    .select('id')
    .where('slug', '=', 'demo')
    .executeTakeFirstOrThrow();
  const id = await insertPlace(db, demo.id, 'novo', { name: 'Ново място' });
  await db.updateTable('places').set({ live: 0 }).where('id', '=', id).execute();
  await setSetting(db, id, 'first_init_lang', 'en');
}

const page = (ctx: TestContext, url: string, cookies?: Record<string, string>) =>
  ctx.request('GET', url, { client: null, place: null, headers: { host: 'localhost' }, cookies });

describeEachDatabase(
  'go-live checklist',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);
    const novo = { place: 'novo' };
    const done = (answer: Json) =>
      Object.fromEntries((answer.items as Json[]).map((i) => [i.key, i.done])) as Record<string, boolean>;

    ctx.test('the demo venues are live; a venue not live shows guests the coming-soon page', async () => {
      tokens = await signRoleTokens(ctx);
      const bistro = (await as.get('/api/admin/go-live')).json() as Json;
      expect(bistro.live).toBe(true);
      expect((await page(ctx, '/bistro')).statusCode).toBe(200);
      expect((await page(ctx, '/hotel')).statusCode).toBe(200);

      for (const url of ['/novo', '/novo/about', '/novo/t/whatever', '/novo/some-category']) {
        const res = await page(ctx, url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('3600');
        expect(res.body, url).toContain('data-testid="coming-soon"');
        // In the venue's first-visit language (en), the venue's name, no app script and no menu data.
        expect(res.body, url).toContain('<html lang="en">');
        expect(res.body, url).toContain('Coming soon');
        expect(res.body, url).toContain('Ново място');
        expect(res.body, url).not.toContain('first-screen-data');
        expect(res.body, url).not.toMatch(/<script type="module"/);
      }
      // The guest's chosen language wins.
      expect((await page(ctx, '/novo', { language: 'de' })).body).toContain('Demnächst');
      // Its staff screens are not guest pages.
      expect((await page(ctx, '/novo/staff')).statusCode).toBe(200);
      // Its admin previews the real page; a waiter or a place admin of another venue does not.
      expect((await page(ctx, '/novo', { auth_token: tokens.get('CLIENT_ADMIN')! })).statusCode).toBe(200);
      expect((await page(ctx, '/novo', { auth_token: tokens.get('WAITER')! })).statusCode).toBe(503);
      expect((await page(ctx, '/novo', { auth_token: tokens.get('PLACE_ADMIN')! })).statusCode).toBe(503);
      expect((await page(ctx, '/novo', { auth_token: 'not.a.token' })).statusCode).toBe(503);
    });

    ctx.test('the checklist ticks itself from the data; access is the admin API’s', async () => {
      const empty = await as.get('/api/admin/go-live', undefined, novo);
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toMatchObject({ live: false, cash_only: false, qr_sheet_downloaded_at: null });
      expect(done(empty.json())).toEqual({
        menu: false,
        hours: false,
        order_types: false,
        tables: false,
        payments: false,
        staff: false,
      });
      expect((await as.get('/api/admin/go-live', undefined, { ...novo, role: 'WAITER' })).statusCode).toBe(
        403,
      );
      // The place admin of the fixtures is the bistro's, not this venue's.
      expect(
        (await as.get('/api/admin/go-live', undefined, { ...novo, role: 'PLACE_ADMIN' })).statusCode,
      ).toBe(403);
      expect((await ctx.get('/api/admin/go-live', novo)).statusCode).toBe(401);

      const placeId = await ctx.placeId('novo');
      const soups = await insertCategory(ctx.db, placeId, { slug: 'supi', name: 'Супи' });
      await insertProduct(
        ctx.db,
        placeId,
        { slug: 'supa', name: 'Супа' },
        { price: 450, categoryIds: [soups] },
      );
      await setSetting(ctx.db, placeId, 'working_hours', JSON.stringify({ 1: '-', 2: '10:00-22:00' }));
      await ctx.db.insertInto('order_types').values({ place_id: placeId, type: 3, active: 1 }).execute();
      await insertTable(ctx.db, placeId, '1', 'novo-t1');
      let now = done((await as.get('/api/admin/go-live', undefined, novo)).json());
      expect(now).toMatchObject({ menu: true, hours: true, order_types: true, tables: false });

      // One table's code does not count; the sheet of every table does.
      const tables = (await as.get('/api/staff/tables', undefined, novo)).json() as Json[];
      const one = await as.get(`/api/staff/tables/qr-sheet.pdf?ids=${tables[0]!.id}`, undefined, novo);
      expect(one.statusCode).toBe(200);
      expect(done((await as.get('/api/admin/go-live', undefined, novo)).json()).tables).toBe(false);
      const sheet = await as.get('/api/staff/tables/qr-sheet.pdf', undefined, novo);
      expect(sheet.statusCode).toBe(200);
      expect(sheet.headers['content-type']).toContain('application/pdf');
      const afterSheet = (await as.get('/api/admin/go-live', undefined, novo)).json() as Json;
      expect(afterSheet.qr_sheet_downloaded_at).toEqual(expect.any(String));
      expect(done(afterSheet).tables).toBe(true);

      // Payments: cash only, chosen on the checklist (and undone).
      const cash = await as.patch('/api/admin/go-live', { cash_only: true }, novo);
      expect(cash.statusCode, cash.body).toBe(200);
      expect(done(cash.json()).payments).toBe(true);
      expect(done((await as.patch('/api/admin/go-live', { cash_only: false }, novo)).json()).payments).toBe(
        false,
      );
      // … or an account whose test payment succeeded.
      await ctx.db
        .insertInto('payment_accounts')
        .values({
          place_id: placeId,
          provider: 'epay',
          fields: '{"min":"1"}',
          secret: 'x',
          secret_last4: 'xxxx',
          verified_at: null,
          updated_at: new Date().toISOString(),
        })
        .execute();
      expect(done((await as.get('/api/admin/go-live', undefined, novo)).json()).payments).toBe(false);
      await ctx.db
        .updateTable('payment_accounts')
        .set({ verified_at: new Date().toISOString() })
        .where('place_id', '=', placeId)
        .execute();
      expect(done((await as.get('/api/admin/go-live', undefined, novo)).json()).payments).toBe(true);

      // A waiter account of this venue, created in the admin.
      const waiter = await as.post(
        '/api/admin/users',
        {
          email: 'novo-waiter@demo.test',
          first_name: 'Нов',
          last_name: 'Сервитьор',
          role: 'WAITER',
          place_ids: [placeId],
          password: 'novo-waiter-password',
        },
        novo,
      );
      expect(waiter.statusCode, waiter.body).toBe(201);
      now = done((await as.get('/api/admin/go-live', undefined, novo)).json());
      expect(Object.values(now).every(Boolean), JSON.stringify(now)).toBe(true);
      // Bad bodies: 400, nothing changes.
      expect((await as.patch('/api/admin/go-live', {}, novo)).statusCode).toBe(400);
      expect((await as.patch('/api/admin/go-live', { live: 'yes' }, novo)).statusCode).toBe(400);
      expect((await as.patch('/api/admin/go-live', { live: true, extra: 1 }, novo)).statusCode).toBe(400);
      expect((await as.get('/api/admin/go-live', undefined, novo)).json().live).toBe(false);
    });

    ctx.test(
      'guest orders wait for the venue to go live; marking live is audited and opens the pages',
      async () => {
        ctx.clock.setOverride(OPEN_AT);
        try {
          const placeId = await ctx.placeId('novo');
          const product = await ctx.db
            .selectFrom('products')
            .innerJoin('product_variants', 'product_variants.product_id', 'products.id')
            .select(['products.id', 'product_variants.id as variant'])
            .where('products.place_id', '=', placeId)
            .executeTakeFirstOrThrow();
          const order = (opts: { role?: 'CLIENT_ADMIN' } = {}) =>
            (opts.role ? as.post : (url: string, body: unknown, o: Json) => ctx.post(url, body, o))(
              '/api/orders/preorder',
              {
                client_name: 'Мария Иванова',
                client_phone: '+359 888 123 456',
                client_email: 'maria@example.com',
                payment_method: 'cash',
                exact_time_selected: 0,
                cutlery: 0,
                products: [cartLine(product.id, product.variant, 1)],
                token: null,
                order_comment: null,
                pickup_time: '',
                promo_code: null,
                order_text_comment: '',
                subscribe_for_lunch_menu: 0,
                free_product: null,
                pickupPlaceId: placeId,
                count_cutlery: 0,
                accumulatedOrderAmountUsed: 0,
              },
              { ...novo, ...opts, headers: { 'accept-language': 'en' } },
            );
          const refused = await order();
          expect(refused.statusCode, refused.body).toBe(403);
          expect(refused.json().message).toBe('orders_not_allowed');
          // The venue's admin may try an order before going live.
          const preview = await order({ role: 'CLIENT_ADMIN' });
          expect(preview.statusCode, preview.body).toBe(201);

          // Ten minutes later (the same order again within seconds would be a duplicate).
          const later = new Date(OPEN_AT.getTime() + 10 * 60_000);
          ctx.clock.setOverride(later);
          const live = await as.patch('/api/admin/go-live', { live: true }, novo);
          expect(live.statusCode, live.body).toBe(200);
          expect(live.json()).toMatchObject({ live: true, live_at: later.toISOString() });
          expect((await page(ctx, '/novo')).statusCode).toBe(200);
          const placed = await order();
          expect(placed.statusCode, placed.body).toBe(201);
          const audit = (await as.get('/api/admin/audit?limit=20', undefined, novo)).json() as Json[];
          const entry = audit.find((a) => a.entity === 'go_live' && a.details?.live === true);
          expect(entry, JSON.stringify(audit)).toBeTruthy();
          // Back to coming soon.
          expect((await as.patch('/api/admin/go-live', { live: false }, novo)).json().live).toBe(false);
          expect((await page(ctx, '/novo')).statusCode).toBe(503);
        } finally {
          ctx.clock.setOverride(null);
        }
      },
    );
  },
  { env: { WEB_DIST_DIR: FIXTURE_DIST }, setup },
);
