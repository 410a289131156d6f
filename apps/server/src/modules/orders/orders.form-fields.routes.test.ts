/**
 * Every validation code the order form answers points at its own payload field (order-form.ts FIELD_OF), through the
 * real order routes on SQLite and PostgreSQL: one order per code, valid but for one field, answered 400
 * invalid_order_data with exactly that field and code in `errors` (the field list StoreOrderError names; the
 * answer's schema leaves out the generic `details`).
 *
 * Codes the order routes can never answer (so not listed here): `invalid_password` (no order payload carries one),
 * `terms_not_accepted`, `privacy_not_accepted`, `terms_and_privacy_not_accepted`, `required_checkbox_not_ticked` (the
 * §7 payloads carry no agreements: the form validates with every agreement off) and `online_payment_requires_login`
 * (card and online payment without a login are refused before the form, 403 card_payment_requires_login).
 *
 * Also: a delivery pin given by one coordinate only is no pin, so a region is not asked for then either.
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import {
  GUEST_CONTACT,
  PIN_IN_SHAPE,
  cartLine,
  guestOrderCalls,
  insertInn,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';

interface FormFixture extends OrderFixture {
  /** A second venue of the client offering pickup, its pickup order type off unless a test turns it on. */
  inn: number;
}

const fixtures = new Map<DialectName, FormFixture>();

type Route = 'delivery' | 'preorder' | 'room';

interface FieldCase {
  code: string;
  route: Route;
  /** Replaces fields of the route's valid order. */
  change: Record<string, unknown>;
  /** The field(s) answered, in order, each with `code` unless given as [field, code]. */
  fields: (string | [string, string])[];
  /** Settings of the ordering venue for this case (put back afterwards). */
  settings?: Record<string, [on: string, off: string]>;
  /** Makes the inn a second pickup venue for this case. */
  secondPickupVenue?: boolean;
}

const CASES: FieldCase[] = [
  { code: 'invalid_name', route: 'preorder', change: { client_name: 'Ан' }, fields: ['client_name'] },
  { code: 'invalid_phone', route: 'preorder', change: { client_phone: '12' }, fields: ['client_phone'] },
  {
    code: 'invalid_email',
    route: 'preorder',
    change: { client_email: 'maria@' },
    fields: ['client_email'],
  },
  { code: 'invalid_address', route: 'delivery', change: { client_address: ' ' }, fields: ['client_address'] },
  {
    code: 'street_number_required',
    route: 'delivery',
    change: { street_number: '' },
    fields: ['street_number'],
  },
  {
    code: 'street_number_too_long',
    route: 'delivery',
    change: { street_number: '1'.repeat(11) },
    fields: ['street_number'],
  },
  { code: 'floor_required', route: 'delivery', change: { floor_number: null }, fields: ['floor_number'] },
  {
    code: 'floor_too_long',
    route: 'delivery',
    change: { floor_number: '3'.repeat(21) },
    fields: ['floor_number'],
  },
  { code: 'apartment_required', route: 'delivery', change: { ap_number: '' }, fields: ['ap_number'] },
  {
    code: 'apartment_too_long',
    route: 'delivery',
    change: { ap_number: '7'.repeat(21) },
    fields: ['ap_number'],
  },
  { code: 'bell_required', route: 'delivery', change: { bell_number: '' }, fields: ['bell_number'] },
  {
    code: 'bell_too_long',
    route: 'delivery',
    change: { bell_number: 'И'.repeat(21) },
    fields: ['bell_number'],
  },
  {
    code: 'entrance_required',
    route: 'delivery',
    change: { entrance_number: '' },
    fields: ['entrance_number'],
  },
  {
    code: 'entrance_too_long',
    route: 'delivery',
    change: { entrance_number: 'А'.repeat(21) },
    fields: ['entrance_number'],
  },
  {
    // The venue delivers by region (it has an active one) and the order gives no pin: a region is required.
    code: 'region_required',
    route: 'delivery',
    change: { delivery_address_lat: null, delivery_address_lng: null },
    fields: ['regionId'],
  },
  {
    code: 'order_date_required',
    route: 'preorder',
    change: { pickup_time: '' },
    fields: ['pickup_time', ['pickup_time', 'order_time_required']],
    settings: { required_delivery_pickup_times: ['1', '0'] },
  },
  {
    // A day without a time: only the time is missing, on the delivery's own time field.
    code: 'order_time_required',
    route: 'delivery',
    change: { delivery_time: '25.11' },
    fields: ['delivery_time'],
    settings: { required_delivery_pickup_times: ['1', '0'] },
  },
  { code: 'room_number_required', route: 'room', change: { room_number: null }, fields: ['room_number'] },
  {
    code: 'payment_method_required',
    route: 'preorder',
    change: { payment_method: '' },
    fields: ['payment_method'],
  },
  {
    code: 'cutlery_required',
    route: 'delivery',
    change: { cutlery: null },
    fields: ['cutlery'],
    settings: { cutlery_option_delivery: ['1', '0'] },
  },
  {
    code: 'order_type_required',
    route: 'room',
    change: { additional_order_type: 'dinner' },
    fields: ['additional_order_type'],
    settings: { room_additional_order_types: ['breakfast,lunch', ''] },
  },
  {
    code: 'pickup_place_required',
    route: 'preorder',
    change: { pickupPlaceId: null },
    fields: ['pickupPlaceId'],
    secondPickupVenue: true,
  },
  {
    code: 'comment_too_long',
    route: 'preorder',
    change: { order_text_comment: 'я'.repeat(501) },
    fields: ['order_text_comment'],
  },
];

describeEachDatabase(
  'the order form: each validation code on its own field',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    ownMinuteEachTest(ctx);
    const { post } = guestOrderCalls(ctx);

    /** A valid order of each route: the bistro's pickup and delivery, the hotel's room service. */
    const order = (route: Route, change: Record<string, unknown>) => {
      const f = fx();
      const guest = { ...GUEST_CONTACT, token: null, order_comment: null, order_text_comment: '' };
      if (route === 'room') {
        const body = {
          ...guest,
          products: [cartLine(f.club.id, f.club.variant)],
          room_number: '12',
          pickup_time: '',
          ...change,
        };
        return { placeId: f.hotel, res: post('/api/orders/room', body, 'hotel') };
      }
      const products = [cartLine(f.salad.id, f.salad.variant, 2)];
      const body =
        route === 'delivery'
          ? {
              ...guest,
              products,
              client_address: 'ул. Шипка',
              street_number: '12',
              floor_number: '3',
              ap_number: '7',
              bell_number: 'Иванова',
              entrance_number: 'А',
              delivery_time: '',
              delivery_address_lat: PIN_IN_SHAPE.lat,
              delivery_address_lng: PIN_IN_SHAPE.lng,
              ...change,
            }
          : { ...guest, products, pickup_time: '', pickupPlaceId: f.bistro, promo_code: null, ...change };
      return { placeId: f.bistro, res: post(`/api/orders/${route}`, body) };
    };

    ctx.test('the valid order of each route is taken (each case below changes one field of it)', async () => {
      for (const route of ['delivery', 'preorder', 'room'] as const) {
        const res = await order(route, {}).res;
        expect(res.statusCode, `${route}: ${res.body}`).toBe(201);
      }
    });

    for (const c of CASES)
      ctx.test(
        `${c.code} → ${c.fields.map((x) => (typeof x === 'string' ? x : x[0])).join(', ')}`,
        async () => {
          const f = fx();
          const placeId = c.route === 'room' ? f.hotel : f.bistro;
          const settings = Object.entries(c.settings ?? {});
          for (const [key, [on]] of settings) await setSetting(ctx.db, placeId, key, on);
          if (c.secondPickupVenue) await pickupAtInn(1);
          try {
            const res = await order(c.route, c.change).res;
            expect(res.statusCode, res.body).toBe(400);
            const expected = c.fields.map((x) =>
              typeof x === 'string' ? { field: x, code: c.code } : { field: x[0], code: x[1] },
            );
            const body = res.json();
            expect(body.message).toBe('invalid_order_data');
            expect(body.errors).toEqual(expected);
            // The answer's own shape (contract StoreOrderError) names the failing fields in `errors`.
            expect(body.details).toBeUndefined();
          } finally {
            for (const [key, [, off]] of settings) await setSetting(ctx.db, placeId, key, off);
            if (c.secondPickupVenue) await pickupAtInn(0);
          }
        },
      );

    ctx.test(
      'a delivery pin of one coordinate is no pin, yet no region is asked for: the zone check refuses it',
      async () => {
        for (const half of [
          { delivery_address_lat: PIN_IN_SHAPE.lat },
          { delivery_address_lng: PIN_IN_SHAPE.lng },
        ]) {
          const res = await order('delivery', {
            delivery_address_lat: null,
            delivery_address_lng: null,
            ...half,
          }).res;
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().message, JSON.stringify(half)).toBe('invalid_delivery_shape');
        }
      },
    );

    const pickupAtInn = (active: 0 | 1) =>
      ctx.db
        .updateTable('order_types')
        .set({ active })
        .where('place_id', '=', fx().inn)
        .where('type', '=', 3)
        .execute();
  },
  {
    setup: async (db, dialect) => {
      const f = await seedOrderFixture(db);
      await setSetting(db, f.hotel, 'room_additional_order_types', '');
      const { inn } = await insertInn(db, [3], []);
      await db.updateTable('order_types').set({ active: 0 }).where('place_id', '=', inn).execute();
      fixtures.set(dialect, { ...f, inn });
    },
  },
);
