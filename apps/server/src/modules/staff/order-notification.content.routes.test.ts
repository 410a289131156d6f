/**
 * The new-order e-mail's content over real SMTP on SQLite and PostgreSQL, for a delivery order with everything a
 * venue reads before cooking: the guest, the address with entrance, floor, apartment, bell and postal code, the
 * requested time, the payment, each line with its add-ons and left-out ingredients, the order comment, and the sums
 * (subtotal, discount, fees, total) as stored; the same in the HTML part, escaped, with the total in bold.
 */
import { afterAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import type { DialectName } from '../../db/database.ts';
import {
  CLIENT,
  PIN_IN_SHAPE,
  cartLine,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from '../orders/orders.fixtures.ts';

const sink = await startSmtpSink();
afterAll(() => sink.close());
const fixtures = new Map<DialectName, OrderFixture>();
const NOTIFY = (dialect: string) => `kitchen-${dialect}@bistro.test`;

describeEachDatabase(
  'new-order e-mail content',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    ownMinuteEachTest(ctx);
    const post = (url: string, body: unknown) => ctx.post(url, body, { client: CLIENT, place: 'bistro' });

    ctx.test(
      'a delivery order: guest, address, time, payment, lines with ingredients, comment and sums',
      async () => {
        const f = fx();
        await setSetting(ctx.db, f.bistro, 'notification_email', NOTIFY(ctx.dialect));
        await setSetting(ctx.db, f.bistro, 'default_lang', 'en');
        const res = await post(`/api/orders/delivery`, {
          client_name: 'Мария <Иванова>',
          client_phone: '+359 888 123 456',
          client_email: 'maria@example.com',
          payment_method: 'card_on_delivery',
          exact_time_selected: 0,
          cutlery: 0,
          client_address: 'ул. Шипка',
          street_number: '12',
          floor_number: '3',
          ap_number: '7',
          bell_number: 'Иванова',
          entrance_number: 'А',
          delivery_postal_code: '1000',
          products: [
            cartLine(f.soup.id, f.soup.variant, 1, {
              required: f.soup.bread,
              addable: [f.soup.cheese],
              removable: [f.soup.onion],
            }),
            cartLine(f.salad.id, f.salad.variant, 2),
          ],
          token: null,
          order_comment: [],
          delivery_time: '',
          regionId: null,
          deliveryRadiusId: null,
          deliveryShapeId: null,
          cartId: null,
          promo_code: 'welcome10',
          order_text_comment: 'Ring twice & wait',
          subscribe_for_lunch_menu: 0,
          lat: PIN_IN_SHAPE.lat,
          lng: PIN_IN_SHAPE.lng,
          delivery_address_lat: PIN_IN_SHAPE.lat,
          delivery_address_lng: PIN_IN_SHAPE.lng,
          free_product: null,
          count_cutlery: 0,
          userDeviceData: null,
          accumulatedOrderAmountUsed: 0,
        });
        expect(res.statusCode, res.body).toBe(201);
        const order = await ctx.db
          .selectFrom('orders')
          .selectAll()
          .where('key', '=', res.json().key)
          .executeTakeFirstOrThrow();
        const mail = await sink.waitFor(
          (m) => m.rcptTo.includes(NOTIFY(ctx.dialect)) && m.subject.includes(`#${order.number} `),
        );
        const money = (minor: number) => `${(minor / 100).toFixed(2)} BGN`;
        // The sums are the stored order's: 22.50 of items, 3.69 off (salad 10 %, WELCOME10), 2.50 delivery.
        expect([order.subtotal, order.discount_total, order.delivery_fee, order.total]).toEqual([
          2250, 369, 250, 2131,
        ]);
        const board = `${ctx.config.publicUrl}/bistro/staff`;
        expect(mail.subject).toBe(`New order #${order.number} (delivery) — bistro (en)`);
        expect(mail.headers.get('x-trapeza-tag')).toBe('order_new');
        expect(mail.text.trimEnd()).toBe(
          [
            'A new order has arrived at bistro (en).',
            '',
            `Order: #${order.number}`,
            'Type: delivery',
            'Address: ул. Шипка 12, entrance А, floor 3, apt. 7, bell Иванова, 1000',
            'Requested time: as soon as possible',
            'Customer: Мария <Иванова>, +359 888 123 456, maria@example.com',
            'Payment: card on delivery',
            '',
            'Items:',
            '- 1 × Супа (300 г) — 6.50 BGN',
            '    + Хляб; + Сирене; without Лук',
            '- 2 × Салата (300 г) — 14.40 BGN',
            '',
            'Comment: Ring twice & wait',
            '',
            `Subtotal: ${money(order.subtotal)}`,
            `Discount: -${money(order.discount_total)}`,
            `Fees: ${money(order.delivery_fee)}`,
            `Total: ${money(order.total)}`,
            '',
            `Staff orders: ${board}`,
          ].join('\n'),
        );
        const row = (k: string, v: string, bold = false) =>
          `<tr><th align="left">${k}</th><td${bold ? ' style="font-weight:bold"' : ''}>${v}</td></tr>`;
        expect(mail.html).toBe(
          [
            '<p>A new order has arrived at bistro (en).</p>',
            '<table>',
            row('Order', `#${order.number}`),
            row('Type', 'delivery'),
            row('Address', 'ул. Шипка 12, entrance А, floor 3, apt. 7, bell Иванова, 1000'),
            row('Requested time', 'as soon as possible'),
            // The guest's text is escaped: a name with angle brackets cannot inject markup into the venue's mail.
            row('Customer', 'Мария &#60;Иванова&#62;, +359 888 123 456, maria@example.com'),
            row('Payment', 'card on delivery'),
            '</table>',
            '<h3>Items</h3>',
            '<table>',
            '<tr><td>1 × Супа (300 г)<br><small>+ Хляб; + Сирене; without Лук</small></td><td align="right">6.50 BGN</td></tr>',
            '<tr><td>2 × Салата (300 г)</td><td align="right">14.40 BGN</td></tr>',
            '</table>',
            '<p><b>Comment:</b> Ring twice &#38; wait</p>',
            '<table>',
            row('Subtotal', '22.50 BGN'),
            row('Discount', '-3.69 BGN'),
            row('Fees', '2.50 BGN'),
            row('Total', '21.31 BGN', true),
            '</table>',
            `<p><a href="${board}">Staff orders</a></p>`,
          ].join(''),
        );
      },
    );
  },
  {
    env: { SMTP_URL: sink.url },
    setup: async (db, dialect) => void fixtures.set(dialect, await seedOrderFixture(db)),
  },
);
