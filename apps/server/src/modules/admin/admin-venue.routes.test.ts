/**
 * Venue configuration through the admin API on SQLite and PostgreSQL: settings checked per type and visible in GET
 * settings, secrets masked, modules and languages; order types with polygons checked and shown by GET place; promo
 * codes and nth-order discounts, a promo then used by a real pickup order; the sales report against real orders.
 */
import { beforeAll, expect } from 'vitest';
import { SETTINGS_CATALOGUE } from '@trapeza/domain/settings-catalogue';
import { describeEachDatabase } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from './admin.fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Tuesday 2026-11-24 12:00 in Sofia: the demo bistro is open. */
const OPEN_AT = new Date('2026-11-24T10:00:00Z');

describeEachDatabase(
  'admin venue configuration',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);

    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
    });

    ctx.test(
      'settings: every catalogue key grouped with its default; typed writes reach GET settings',
      async () => {
        const before = (await as.get('/api/admin/settings')).json() as Json;
        expect(before.settings.map((s: Json) => s.key)).toEqual(SETTINGS_CATALOGUE.map((d) => d.key));
        const design = before.settings.find((s: Json) => s.key === 'subcategories_design');
        expect(design).toMatchObject({
          group: 'layout',
          type: 'enum',
          default: '2',
          value: '3',
          effective: '3',
        });
        expect(design.options.map((o: Json) => o.value)).toEqual(['1', '2', '3']);

        const put = await as.put('/api/admin/settings', {
          subcategories_design: 1,
          primary_color: '#1A2B3C',
          orders_allowed: false,
          working_hours: { 1: '-', 2: ['08:00-11:00', '11:30-23:00'], 3: '09:00-23:00' },
          welcome_banner_text_translations: { en: 'Welcome!' },
        });
        expect(put.statusCode, put.body).toBe(200);
        const guest = (await ctx.get('/api/settings')).json() as Record<string, { value: string }>;
        expect(guest.subcategories_design?.value).toBe('1');
        expect(guest.primary_color?.value).toBe('#1a2b3c');
        expect(guest.orders_allowed?.value).toBe('0');
        expect(JSON.parse(guest.working_hours!.value)).toEqual({
          1: '-',
          2: '08:00-11:00,11:30-23:00',
          3: '09:00-23:00',
        });
        expect(guest.working_hours_2?.value).toBe('08:00-11:00,11:30-23:00');
        expect(guest.working_hours_4?.value).toBe('-');
        const banner = (put.json() as Json).settings.find((s: Json) => s.key === 'welcome_banner_text');
        expect(banner.translations).toMatchObject({ en: 'Welcome!' });

        // Back to the default with null; all-or-nothing on errors.
        await as.put('/api/admin/settings', { orders_allowed: null });
        expect(((await ctx.get('/api/settings')).json() as Json).orders_allowed).toBeUndefined();
        const bad = await as.put('/api/admin/settings', {
          booking_interval: 'often',
          primary_color: 'red',
          no_such_setting: 1,
          working_hours: { 1: '08:00-09:00,10:00-11:00,12:00-13:00' },
          subcategories_design: 2,
        });
        expect(bad.statusCode).toBe(400);
        expect(
          bad
            .json()
            .details.map((d: Json) => d.path)
            .sort(),
        ).toEqual(['booking_interval', 'no_such_setting', 'primary_color', 'working_hours'].sort());
        expect(((await ctx.get('/api/settings')).json() as Json).subcategories_design.value).toBe('1');
        await as.put('/api/admin/settings', { subcategories_design: 3, orders_allowed: 1 });
      },
    );

    ctx.test('settings: secrets are never shown in clear', async () => {
      await setSetting(ctx.db, await ctx.placeId('bistro'), 'epay_secret', 'sk_live_abcdefgh1234');
      const other = ((await as.get('/api/admin/settings')).json() as Json).other as Json[];
      expect(other.find((o) => o.key === 'epay_secret')).toEqual({
        key: 'epay_secret',
        value: '••••1234',
        masked: true,
      });
      expect(JSON.stringify((await as.get('/api/admin/settings')).json())).not.toContain('abcdefgh');
    });

    ctx.test('modules and languages', async () => {
      const mods = await as.put('/api/admin/modules', { functionality_modules: ['booking', 'payments'] });
      expect(mods.statusCode, mods.body).toBe(200);
      expect((await ctx.get('/api/place')).json().functionality_modules).toEqual(['booking', 'payments']);
      expect((await as.put('/api/admin/modules', { functionality_modules: ['teleport'] })).statusCode).toBe(
        400,
      );
      const langs = await as.put('/api/admin/languages', [
        { code: 'bg', name: 'Български', is_default: 1 },
        { code: 'en', name: 'English', is_default: 0 },
      ]);
      expect(langs.statusCode, langs.body).toBe(200);
      expect(((await ctx.get('/api/languages')).json() as Json[]).map((l) => l.code)).toEqual(['bg', 'en']);
      const twoDefaults = await as.put('/api/admin/languages', [
        { code: 'bg', name: 'Български', is_default: 1 },
        { code: 'en', name: 'English', is_default: 1 },
      ]);
      expect(twoDefaults.statusCode).toBe(400);
    });

    ctx.test('order types: tiers, radiuses and polygons (checked, closed) shown by GET place', async () => {
      const types = (await as.get('/api/admin/order-types')).json() as Json[];
      const delivery = types.find((t) => t.type === 2)!;
      const pickup = types.find((t) => t.type === 3)!;
      const ring = [
        [42.69, 23.31],
        [42.69, 23.33],
        [42.7, 23.33],
        [42.7, 23.31],
      ];
      const shape = await as.post(`/api/admin/order-types/${delivery.id}/shapes`, {
        name: 'Тест зона',
        delivery_price: 300,
        coordinates: ring,
        active_time_from: '10:00',
        active_time_to: '22:00',
        required_order_price_for_free_delivery: 4000,
      });
      expect(shape.statusCode, shape.body).toBe(201);
      const stored = (shape.json() as Json).delivery_shapes.find((s: Json) => s.name === 'Тест зона');
      expect(stored.coordinates).toEqual([...ring, ring[0]]);
      const place = (await ctx.get('/api/place')).json() as Json;
      expect(
        place.ordertypes.find((t: Json) => t.type === 2).delivery_shapes.map((s: Json) => s.id),
      ).toContain(stored.id);

      const bowTie = await as.post(`/api/admin/order-types/${delivery.id}/shapes`, {
        delivery_price: 300,
        coordinates: [ring[0], ring[2], ring[1], ring[3]],
      });
      expect(bowTie.statusCode).toBe(400);
      expect(bowTie.json()).toMatchObject({
        code: 'invalid_polygon',
        details: [{ code: 'self_intersecting' }],
      });
      const two = await as.post(`/api/admin/order-types/${delivery.id}/shapes`, {
        delivery_price: 1,
        coordinates: ring.slice(0, 2),
      });
      expect(two.statusCode).toBe(400);
      const halfWindow = await as.post(`/api/admin/order-types/${delivery.id}/shapes`, {
        delivery_price: 1,
        coordinates: ring,
        active_time_from: '10:00',
      });
      expect(halfWindow.statusCode).toBe(400);
      const onPickup = await as.post(`/api/admin/order-types/${pickup.id}/shapes`, {
        delivery_price: 1,
        coordinates: ring,
      });
      expect(onPickup.json().code).toBe('not_a_delivery_type');
      const radius = await as.post(`/api/admin/order-types/${delivery.id}/radiuses`, {
        radius_start: 5,
        radius_end: 3,
        delivery_price: 100,
      });
      expect(radius.statusCode).toBe(400);

      const prices = await as.put(`/api/admin/order-types/${pickup.id}/prices`, [
        { price_over: 0, price: 100 },
        { price_over: 3000, price: 0 },
      ]);
      expect(prices.json().prices).toEqual([
        { price_over: 0, price: 100 },
        { price_over: 3000, price: 0 },
      ]);
      // Zone names in the other languages (issue 24): stored, shown to guests, kept by a change that leaves them out.
      expect(stored.translations).toEqual({});
      const named = await as.put(`/api/admin/shapes/${stored.id}`, {
        name: 'Тест зона',
        translations: { en: { name: 'Test zone' }, de: { name: 'Testzone' } },
        delivery_price: 300,
        coordinates: ring,
      });
      expect(named.statusCode, named.body).toBe(200);
      const guestShape = async () =>
        ((await ctx.get('/api/place')).json() as Json).ordertypes
          .find((t: Json) => t.type === 2)
          .delivery_shapes.find((s: Json) => s.id === stored.id);
      expect((await guestShape()).translations).toEqual({
        en: { name: 'Test zone' },
        de: { name: 'Testzone' },
      });
      expect(
        (await as.put(`/api/admin/shapes/${stored.id}`, { delivery_price: 350, coordinates: ring }))
          .statusCode,
      ).toBe(200);
      expect(await guestShape()).toMatchObject({
        delivery_price: 3.5,
        translations: { en: { name: 'Test zone' }, de: { name: 'Testzone' } },
      });
      const listed = ((await as.get('/api/admin/order-types')).json() as Json)
        .find((t: Json) => t.type === 2)
        .delivery_shapes.find((s: Json) => s.id === stored.id);
      expect(listed.translations.en).toEqual({ name: 'Test zone' });
      const badLanguage = await as.put(`/api/admin/shapes/${stored.id}`, {
        translations: { xx: { name: 'x' } },
        delivery_price: 350,
        coordinates: ring,
      });
      expect(badLanguage.statusCode).toBe(400);
      expect(badLanguage.json().code).toBe('validation_error');
      expect((await as.del(`/api/admin/shapes/${stored.id}`)).statusCode).toBe(200);
      expect((await as.del(`/api/admin/shapes/${stored.id}`)).statusCode).toBe(404);
      // Another place's zone is out of reach.
      expect(
        (await as.put(`/api/admin/order-types/${delivery.id}/prices`, [], { place: 'hotel' })).statusCode,
      ).toBe(404);
      expect((await as.post('/api/admin/order-types', { type: 2 })).statusCode).toBe(409);
      const region = await as.post('/api/admin/regions', { name: 'Център', delivery_price: 200 });
      expect(region.statusCode).toBe(201);
    });

    ctx.test(
      'a promo code made here is taken by a pickup order; the sales report counts the orders',
      async () => {
        ctx.clock.setOverride(OPEN_AT);
        // Staff tokens live 12 hours: sign them at the moved clock.
        tokens = await signRoleTokens(ctx);
        try {
          const cat = (await as.post('/api/admin/categories', { name: 'Отчет' })).json() as Json;
          const product = (
            await as.post('/api/admin/products', {
              name: 'Отчетна пица',
              catHierarchyIds: [cat.id],
              product_variants: [{ price: 1000 }],
            })
          ).json() as Json;
          const promo = await as.post('/api/admin/promo-codes', {
            code: 'admin15',
            discount_type: 'percent',
            discount_value: 15,
            max_uses: 1,
            valid_from: '2026-11-01T00:00:00Z',
            valid_to: '2026-12-31T23:59:59+02:00',
            eligible_product_ids: [product.id],
          });
          expect(promo.statusCode, promo.body).toBe(201);
          expect(promo.json()).toMatchObject({
            code: 'ADMIN15',
            used_count: 0,
            valid_to: '2026-12-31T21:59:59.000Z',
          });
          expect(
            (
              await as.post('/api/admin/promo-codes', {
                code: 'Admin15',
                discount_type: 'money',
                discount_value: 100,
              })
            ).statusCode,
          ).toBe(409);
          expect(
            (
              await as.post('/api/admin/promo-codes', {
                code: 'BAD150',
                discount_type: 'percent',
                discount_value: 150,
              })
            ).statusCode,
          ).toBe(400);
          expect(
            (
              await as.post('/api/admin/promo-codes', {
                code: 'NOPROD',
                discount_type: 'percent',
                discount_value: 5,
                eligible_product_ids: [999_999],
              })
            ).statusCode,
          ).toBe(400);

          const bistroId = await ctx.placeId('bistro');
          const line = {
            product_variant_id: product.product_variants[0].id,
            product_id: product.id,
            quantity: 2,
            ingredients: { required: 0, addable: [], removable: [] },
          };
          const preorder = (promo_code: string | null, quantity = 2) =>
            ctx.post('/api/orders/preorder', {
              client_name: 'Мария Иванова',
              client_phone: '+359 888 123 456',
              client_email: 'maria@example.com',
              payment_method: 'cash',
              cutlery: 0,
              products: [{ ...line, quantity }],
              token: null,
              order_comment: null,
              pickup_time: '24.11 18:30',
              exact_time_selected: 1,
              promo_code,
              order_text_comment: null,
              subscribe_for_lunch_menu: 0,
              free_product: null,
              // Client demo has several pickup places (accounts fixtures): name this one.
              pickupPlaceId: bistroId,
              count_cutlery: 0,
              accumulatedOrderAmountUsed: 0,
            });
          const first = await preorder('admin15');
          expect(first.statusCode, first.body).toBe(201);
          const order = await ctx.db
            .selectFrom('orders')
            .select(['promo_code', 'discount_total', 'subtotal'])
            .where('key', '=', first.json().key)
            .executeTakeFirstOrThrow();
          expect(order).toMatchObject({ promo_code: 'ADMIN15', subtotal: 2000 });
          expect(Number(order.discount_total)).toBeGreaterThanOrEqual(300);
          const used = ((await as.get('/api/admin/promo-codes')).json() as Json[]).find(
            (p) => p.code === 'ADMIN15',
          );
          expect(used?.used_count).toBe(1);
          const spent = await preorder('admin15');
          expect(spent.statusCode).toBe(400);
          // Different lines: the same order twice within seconds is refused as a duplicate.
          const second = await preorder(null, 1);
          expect(second.statusCode, second.body).toBe(201);

          const report = await as.get('/api/admin/reports/sales?from=2026-11-24&to=2026-11-24');
          expect(report.statusCode, report.body).toBe(200);
          const r = report.json() as Json;
          const bistro = await ctx.placeId('bistro');
          const truth = await ctx.db
            .selectFrom('orders')
            .select(['total', 'type', 'created_at'])
            .where('place_id', '=', bistro)
            .where('status', '!=', 'rejected')
            .where('created_at', '>=', '2026-11-23T22:00:00.000Z')
            .where('created_at', '<', '2026-11-24T22:00:00.000Z')
            .execute();
          const revenue = truth.reduce((s, o) => s + Number(o.total), 0);
          expect(truth.length).toBeGreaterThanOrEqual(2);
          expect(r).toMatchObject({
            from: '2026-11-24',
            to: '2026-11-24',
            time_zone: 'Europe/Sofia',
            orders: truth.length,
            revenue,
          });
          expect(r.average).toBe(Math.round(revenue / truth.length));
          expect(r.by_day).toEqual([
            { date: '2026-11-24', orders: truth.length, revenue, average: r.average },
          ]);
          expect(r.by_order_type.find((t: Json) => t.type === 3).orders).toBe(
            truth.filter((o) => o.type === 3).length,
          );
          // (The demo's past orders of that day, if it is among the last 60, sit at other hours too.)
          expect(r.by_hour.find((h: Json) => h.hour === 12)?.orders).toBe(
            truth.filter((o) => new Date(o.created_at).getUTCHours() === 10).length,
          );
          expect(r.top_products).toContainEqual(
            expect.objectContaining({ product_id: product.id, name: 'Отчетна пица', quantity: 3 }),
          );
          const csv = await as.get('/api/admin/reports/sales.csv?from=2026-11-24&to=2026-11-24');
          expect(csv.headers['content-type']).toContain('text/csv');
          expect(csv.body.split('\r\n')[0]).toBe('date,orders,revenue,average');
          expect(csv.body).toContain(`2026-11-24,${truth.length},${(revenue / 100).toFixed(2)},`);
          const orders = await as.get(
            '/api/admin/reports/sales.csv?from=2026-11-24&to=2026-11-24&kind=orders',
          );
          // The orders CSV lists the day's cancelled orders too (the demo's past orders have a few).
          const everyOrder = await ctx.db
            .selectFrom('orders')
            .select('id')
            .where('place_id', '=', bistro)
            .where('created_at', '>=', '2026-11-23T22:00:00.000Z')
            .where('created_at', '<', '2026-11-24T22:00:00.000Z')
            .execute();
          expect(orders.body.trim().split('\r\n')).toHaveLength(everyOrder.length + 1);
          // Tenant-scoped: the hotel's report does not see the bistro's orders.
          const hotel = (
            await as.get('/api/admin/reports/sales?from=2026-11-24&to=2026-11-24', undefined, {
              place: 'hotel',
            })
          ).json();
          expect(hotel.top_products.some((p: Json) => p.product_id === product.id)).toBe(false);
          expect((await as.get('/api/admin/reports/sales?from=2026-11-25&to=2026-11-24')).statusCode).toBe(
            400,
          );
        } finally {
          ctx.clock.setOverride(null);
          tokens = await signRoleTokens(ctx);
        }
      },
    );

    ctx.test('registered-user discounts: one active per order number', async () => {
      const a = await as.post('/api/admin/user-discounts', {
        on_order_number: 3,
        discount_type: 'percent',
        discount_amount: 10,
      });
      expect(a.statusCode, a.body).toBe(201);
      const b = await as.post('/api/admin/user-discounts', {
        on_order_number: 3,
        discount_type: 'money',
        discount_amount: 500,
      });
      expect(b.statusCode).toBe(409);
      expect((await as.put(`/api/admin/user-discounts/${a.json().id}`, { active: 0 })).json().active).toBe(0);
      expect(
        (
          await as.post('/api/admin/user-discounts', {
            on_order_number: 3,
            discount_type: 'money',
            discount_amount: 500,
          })
        ).statusCode,
      ).toBe(201);
    });
  },
  { setup: seedAccounts },
);
