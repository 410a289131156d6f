/**
 * The new-order e-mail in each of the venue's five languages (`default_lang`: bg, en, es, de, fr-CH), over real SMTP
 * on SQLite and PostgreSQL, as the venue reads it: the subject and the intro, each order type's name (table,
 * delivery, pickup, room service, served on the spot), each payment method's (cash, card, card on delivery, ePay,
 * online, Bizum, the room bill), and every label of the summary (order, type, table, room, the address with its
 * entrance, floor, apartment and bell, the requested time or "as soon as possible", the customer, the items with
 * the left-out and added ingredients and the line's comment, the order comment, subtotal, discount, fees, the
 * accumulated amount used, total, the link to the staff board). Orders are stored as the order calls store them and
 * announced through the app's staff notifier (what the orders module calls after its commit). And the one-line SMS
 * (no gateway: the outbox) of a table, a room-kind table, a room number and a pickup order, with no e-mail sent when
 * only notification_sms_phone is set.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { setSetting } from '../../../test/fixtures.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import type { DialectName } from '../../db/database.ts';
import { seedStaffFixture, type StaffFixture } from './staff.fixtures.ts';

const sink = await startSmtpSink();
afterAll(() => sink.close());
const fixtures = new Map<DialectName, StaffFixture & { ingredients: { cheese: number; onion: number } }>();

type Lang = 'bg' | 'en' | 'es' | 'de' | 'fr-CH';

/** What the venue reads, language by language (the e-mail's own tables, written out). */
interface Words {
  subject: string;
  intro: (place: string) => string;
  types: Record<1 | 2 | 3 | 6 | 7, string>;
  order: string;
  type: string;
  table: string;
  room: string;
  address: string;
  floor: string;
  apartment: string;
  bell: string;
  entrance: string;
  time: string;
  asap: string;
  customer: string;
  items: string;
  comment: string;
  without: string;
  subtotal: string;
  discount: string;
  fees: string;
  accumulated: string;
  total: string;
  payment: string;
  payments: Record<'cash' | 'card' | 'card_on_delivery' | 'epay' | 'online' | 'bizum' | 'room_bill', string>;
  board: string;
}

const WORDS: Record<Lang, Words> = {
  bg: {
    subject: 'Нова поръчка',
    intro: (p) => `В ${p} има нова поръчка.`,
    types: { 1: 'на маса', 2: 'доставка', 3: 'вземане', 6: 'рум сървис', 7: 'сервиране на място' },
    order: 'Поръчка',
    type: 'Вид',
    table: 'Маса',
    room: 'Стая',
    address: 'Адрес',
    floor: 'ет.',
    apartment: 'ап.',
    bell: 'звънец',
    entrance: 'вх.',
    time: 'За час',
    asap: 'възможно най-скоро',
    customer: 'Клиент',
    items: 'Продукти',
    comment: 'Коментар',
    without: 'без',
    subtotal: 'Междинна сума',
    discount: 'Отстъпка',
    fees: 'Такси',
    accumulated: 'Използвана натрупана сума',
    total: 'Общо',
    payment: 'Плащане',
    payments: {
      cash: 'в брой',
      card: 'с карта',
      card_on_delivery: 'с карта при доставка',
      epay: 'онлайн (ePay)',
      online: 'онлайн',
      bizum: 'Bizum',
      room_bill: 'към сметката на стаята',
    },
    board: 'Поръчки на персонала',
  },
  en: {
    subject: 'New order',
    intro: (p) => `A new order has arrived at ${p}.`,
    types: { 1: 'table', 2: 'delivery', 3: 'pickup', 6: 'room service', 7: 'served on the spot' },
    order: 'Order',
    type: 'Type',
    table: 'Table',
    room: 'Room',
    address: 'Address',
    floor: 'floor',
    apartment: 'apt.',
    bell: 'bell',
    entrance: 'entrance',
    time: 'Requested time',
    asap: 'as soon as possible',
    customer: 'Customer',
    items: 'Items',
    comment: 'Comment',
    without: 'without',
    subtotal: 'Subtotal',
    discount: 'Discount',
    fees: 'Fees',
    accumulated: 'Accumulated amount used',
    total: 'Total',
    payment: 'Payment',
    payments: {
      cash: 'cash',
      card: 'card',
      card_on_delivery: 'card on delivery',
      epay: 'online (ePay)',
      online: 'online',
      bizum: 'Bizum',
      room_bill: 'on the room bill',
    },
    board: 'Staff orders',
  },
  es: {
    subject: 'Nuevo pedido',
    intro: (p) => `Ha llegado un nuevo pedido a ${p}.`,
    types: {
      1: 'en mesa',
      2: 'a domicilio',
      3: 'para recoger',
      6: 'servicio de habitaciones',
      7: 'servido en el local',
    },
    order: 'Pedido',
    type: 'Tipo',
    table: 'Mesa',
    room: 'Habitación',
    address: 'Dirección',
    floor: 'piso',
    apartment: 'puerta',
    bell: 'timbre',
    entrance: 'portal',
    time: 'Hora solicitada',
    asap: 'lo antes posible',
    customer: 'Cliente',
    items: 'Productos',
    comment: 'Comentario',
    without: 'sin',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    fees: 'Recargos',
    accumulated: 'Saldo acumulado usado',
    total: 'Total',
    payment: 'Pago',
    payments: {
      cash: 'efectivo',
      card: 'tarjeta',
      card_on_delivery: 'tarjeta a la entrega',
      epay: 'en línea (ePay)',
      online: 'en línea',
      bizum: 'Bizum',
      room_bill: 'a la cuenta de la habitación',
    },
    board: 'Pedidos del personal',
  },
  de: {
    subject: 'Neue Bestellung',
    intro: (p) => `Bei ${p} ist eine neue Bestellung eingegangen.`,
    types: { 1: 'am Tisch', 2: 'Lieferung', 3: 'Abholung', 6: 'Zimmerservice', 7: 'vor Ort serviert' },
    order: 'Bestellung',
    type: 'Art',
    table: 'Tisch',
    room: 'Zimmer',
    address: 'Adresse',
    floor: 'Stock',
    apartment: 'Whg.',
    bell: 'Klingel',
    entrance: 'Eingang',
    time: 'Gewünschte Zeit',
    asap: 'so bald wie möglich',
    customer: 'Kunde',
    items: 'Artikel',
    comment: 'Kommentar',
    without: 'ohne',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    fees: 'Gebühren',
    accumulated: 'Eingelöstes Guthaben',
    total: 'Gesamt',
    payment: 'Zahlung',
    payments: {
      cash: 'bar',
      card: 'Karte',
      card_on_delivery: 'Karte bei Lieferung',
      epay: 'online (ePay)',
      online: 'online',
      bizum: 'Bizum',
      room_bill: 'auf die Zimmerrechnung',
    },
    board: 'Bestellungen des Personals',
  },
  'fr-CH': {
    subject: 'Nouvelle commande',
    intro: (p) => `Une nouvelle commande est arrivée chez ${p}.`,
    types: { 1: 'à table', 2: 'livraison', 3: 'à emporter', 6: 'service en chambre', 7: 'servi sur place' },
    order: 'Commande',
    type: 'Type',
    table: 'Table',
    room: 'Chambre',
    address: 'Adresse',
    floor: 'étage',
    apartment: 'app.',
    bell: 'sonnette',
    entrance: 'entrée',
    time: 'Heure souhaitée',
    asap: 'dès que possible',
    customer: 'Client',
    items: 'Articles',
    comment: 'Commentaire',
    without: 'sans',
    subtotal: 'Sous-total',
    discount: 'Rabais',
    fees: 'Frais',
    accumulated: 'Montant cumulé utilisé',
    total: 'Total',
    payment: 'Paiement',
    payments: {
      cash: 'espèces',
      card: 'carte',
      card_on_delivery: 'carte à la livraison',
      epay: 'en ligne (ePay)',
      online: 'en ligne',
      bizum: 'Bizum',
      room_bill: 'sur la note de la chambre',
    },
    board: 'Commandes du personnel',
  },
};

const NOTIFY = (dialect: string) => `languages-${dialect}@cafe.test`;
let nextNumber = 100;

interface Stored {
  type: 1 | 2 | 3 | 6 | 7;
  payment: keyof Words['payments'];
  number: number;
}

/** An order row as the order calls store it, with its line (and that line's ingredients). */
async function storeOrder(
  ctx: TestContext,
  f: StaffFixture,
  values: {
    type: Stored['type'];
    payment: Stored['payment'];
    table?: number | null;
    room?: string | null;
    contact?: [string | null, string | null, string | null];
    address?: Partial<Record<'address' | 'street' | 'floor' | 'ap' | 'bell' | 'entrance' | 'postal', string>>;
    time?: string | null;
    comment?: string | null;
    sums?: Partial<Record<'discount' | 'delivery' | 'box' | 'cutlery' | 'payment' | 'accumulated', number>>;
    line?: { comment: string; removable: number; addable: number };
  },
): Promise<Stored> {
  const number = nextNumber++;
  const now = '2026-11-27T10:00:00.000Z';
  const s = values.sums ?? {};
  const [name, phone, email] = values.contact ?? [null, null, null];
  const a = values.address ?? {};
  const fees = (s.delivery ?? 0) + (s.box ?? 0) + (s.cutlery ?? 0) + (s.payment ?? 0);
  const order = await ctx.db
    .insertInto('orders')
    .values({
      place_id: f.cafe,
      key: `lang-${ctx.dialect}-${number}`,
      token: `lang-tok-${ctx.dialect}-${number}`,
      number,
      number_day: '2026-11-27',
      type: values.type,
      status: 'ordered',
      table_id: values.table ?? null,
      room_number: values.room ?? null,
      user_id: null,
      client_name: name,
      client_phone: phone,
      client_email: email,
      client_address: a.address ?? null,
      street_number: a.street ?? null,
      floor_number: a.floor ?? null,
      ap_number: a.ap ?? null,
      bell_number: a.bell ?? null,
      entrance_number: a.entrance ?? null,
      postal_code: a.postal ?? null,
      region_id: null,
      delivery_radius_id: null,
      delivery_shape_id: null,
      lat: null,
      lng: null,
      requested_time: values.time ?? null,
      exact_time_selected: values.time ? 1 : 0,
      payment_method: values.payment,
      payment_status: 'none',
      cutlery: 0,
      count_cutlery: 0,
      additional_order_type: null,
      pickup_place_id: null,
      promo_code: null,
      order_comment: values.comment ?? null,
      subtotal: 900,
      discount_total: s.discount ?? 0,
      delivery_fee: s.delivery ?? 0,
      box_fee: s.box ?? 0,
      cutlery_fee: s.cutlery ?? 0,
      payment_fee: s.payment ?? 0,
      accumulated_amount_used: s.accumulated ?? 0,
      total: 900 - (s.discount ?? 0) + fees - (s.accumulated ?? 0),
      currency: 'BGN',
      breakdown: '{}',
      bill_wanted: 0,
      bill_payment_method: null,
      device_id: null,
      dedupe_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const line = await ctx.db
    .insertInto('order_lines')
    .values({
      order_id: order.id,
      product_id: f.product.id,
      variant_id: f.product.variant,
      name: 'Лимонада',
      size: '300 г',
      quantity: 2,
      unit_price: 450,
      box_fee: 0,
      discount: 0,
      line_total: 900,
      comment: values.line?.comment ?? null,
      category_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.line) {
    await ctx.db
      .insertInto('order_line_ingredients')
      .values([
        {
          order_line_id: line.id,
          ingredient_id: values.line.addable,
          type: 'addable',
          name: 'Мента',
          price: 0,
        },
        {
          order_line_id: line.id,
          ingredient_id: values.line.removable,
          type: 'removable',
          name: 'Лед',
          price: 0,
        },
      ])
      .execute();
  }
  ctx.app.staffNotifier!.orderCreated(f.cafe, order.id);
  return { type: values.type, payment: values.payment, number };
}

describeEachDatabase(
  'new-order e-mail in the five languages',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    beforeAll(async () => {
      await setSetting(ctx.db, fx().cafe, 'notification_email', NOTIFY(ctx.dialect));
    });
    const mailOf = (number: number) =>
      sink.waitFor(
        (m) => m.rcptTo.includes(NOTIFY(ctx.dialect)) && m.subject.includes(`#${number} `),
        10_000,
      );

    for (const lang of Object.keys(WORDS) as Lang[]) {
      ctx.test(`default_lang ${lang}: every order type, payment method and label`, async () => {
        const f = fx();
        const w = WORDS[lang];
        await setSetting(ctx.db, f.cafe, 'default_lang', lang);
        const place = lang === 'en' ? 'cafe (en)' : 'Кафе Трапеза';
        const board = `${ctx.config.publicUrl}/cafe/staff`;
        const item = `- 2 × Лимонада (300 г) — 9.00 BGN`;

        /** The text part: intro, rows, items, (comment), sums, the board's link. */
        const text = (rows: string[], sums: string[], extra: string[] = []) =>
          [
            w.intro(place),
            '',
            ...rows,
            '',
            `${w.items}:`,
            item,
            ...extra,
            '',
            ...sums,
            '',
            `${w.board}: ${board}`,
          ].join('\n');
        const plainSums = [`${w.subtotal}: 9.00 BGN`, `${w.total}: 9.00 BGN`];
        const expectMail = async (stored: Stored, body: string) => {
          const mail = await mailOf(stored.number);
          expect(mail.subject).toBe(`${w.subject} #${stored.number} (${w.types[stored.type]}) — ${place}`);
          expect(mail.text.trimEnd(), `${lang} #${stored.number}`).toBe(body);
          return mail;
        };

        // A table order, cash: no time (the table is served as it comes), customer, address, comment or fees.
        const table = await storeOrder(ctx, f, { type: 1, payment: 'cash', table: f.tables['1'] });
        const tableMail = await expectMail(
          table,
          text(
            [
              `${w.order}: #${table.number}`,
              `${w.type}: ${w.types[1]}`,
              `${w.table}: 1`,
              `${w.payment}: ${w.payments.cash}`,
            ],
            plainSums,
          ),
        );
        const row = (k: string, v: string, bold = false) =>
          `<tr><th align="left">${k}</th><td${bold ? ' style="font-weight:bold"' : ''}>${v}</td></tr>`;
        expect(tableMail.html).toBe(
          [
            `<p>${w.intro(place)}</p>`,
            '<table>',
            row(w.order, `#${table.number}`),
            row(w.type, w.types[1]),
            row(w.table, '1'),
            row(w.payment, w.payments.cash),
            '</table>',
            `<h3>${w.items}</h3>`,
            '<table>',
            '<tr><td>2 × Лимонада (300 г)</td><td align="right">9.00 BGN</td></tr>',
            '</table>',
            '<table>',
            row(w.subtotal, '9.00 BGN'),
            row(w.total, '9.00 BGN', true),
            '</table>',
            `<p><a href="${board}">${w.board}</a></p>`,
          ].join(''),
        );

        // A delivery with everything: the full address, a time, the customer, ingredients, comments and every sum.
        const delivery = await storeOrder(ctx, f, {
          type: 2,
          payment: 'card_on_delivery',
          contact: ['Мария', '+359888123456', 'maria@example.com'],
          address: {
            address: 'ул. Шипка',
            street: '12',
            entrance: 'А',
            floor: '3',
            ap: '7',
            bell: 'Иванова',
            postal: '1000',
          },
          time: '19:30',
          comment: 'Звънете два пъти',
          sums: { discount: 90, delivery: 250, box: 30, cutlery: 20, payment: 5, accumulated: 100 },
          line: { comment: 'без захар', removable: f.ingredients.onion, addable: f.ingredients.cheese },
        });
        await expectMail(
          delivery,
          [
            w.intro(place),
            '',
            `${w.order}: #${delivery.number}`,
            `${w.type}: ${w.types[2]}`,
            `${w.address}: ул. Шипка 12, ${w.entrance} А, ${w.floor} 3, ${w.apartment} 7, ${w.bell} Иванова, 1000`,
            `${w.time}: 19:30`,
            `${w.customer}: Мария, +359888123456, maria@example.com`,
            `${w.payment}: ${w.payments.card_on_delivery}`,
            '',
            `${w.items}:`,
            item,
            `    + Мента; ${w.without} Лед; "без захар"`,
            '',
            `${w.comment}: Звънете два пъти`,
            '',
            `${w.subtotal}: 9.00 BGN`,
            `${w.discount}: -0.90 BGN`,
            `${w.fees}: 3.05 BGN`,
            `${w.accumulated}: -1.00 BGN`,
            `${w.total}: 10.15 BGN`,
            '',
            `${w.board}: ${board}`,
          ].join('\n'),
        );

        // A delivery with the street alone and a phone: no empty parts in the address or the customer.
        const street = await storeOrder(ctx, f, {
          type: 2,
          payment: 'online',
          contact: [null, '+359888000111', null],
          address: { address: 'ул. Раковски' },
        });
        await expectMail(
          street,
          text(
            [
              `${w.order}: #${street.number}`,
              `${w.type}: ${w.types[2]}`,
              `${w.address}: ул. Раковски`,
              `${w.time}: ${w.asap}`,
              `${w.customer}: +359888000111`,
              `${w.payment}: ${w.payments.online}`,
            ],
            plainSums,
          ),
        );

        // Pickup by card without a name, phone or e-mail: no customer row.
        const pickup = await storeOrder(ctx, f, { type: 3, payment: 'card', time: '12:15' });
        await expectMail(
          pickup,
          text(
            [
              `${w.order}: #${pickup.number}`,
              `${w.type}: ${w.types[3]}`,
              `${w.time}: 12:15`,
              `${w.payment}: ${w.payments.card}`,
            ],
            plainSums,
          ),
        );

        // Room service to the room bill: the room by its number (no table), the guest's e-mail.
        const room = await storeOrder(ctx, f, {
          type: 6,
          payment: 'room_bill',
          room: '101',
          contact: [null, null, 'guest@example.com'],
        });
        await expectMail(
          room,
          text(
            [
              `${w.order}: #${room.number}`,
              `${w.type}: ${w.types[6]}`,
              `${w.room}: 101`,
              `${w.time}: ${w.asap}`,
              `${w.customer}: guest@example.com`,
              `${w.payment}: ${w.payments.room_bill}`,
            ],
            plainSums,
          ),
        );

        // Served on the spot at a room (a table of kind room), paid with ePay, as soon as possible.
        const spot = await storeOrder(ctx, f, { type: 7, payment: 'epay', table: f.tables['101'] });
        await expectMail(
          spot,
          text(
            [
              `${w.order}: #${spot.number}`,
              `${w.type}: ${w.types[7]}`,
              `${w.room}: 101`,
              `${w.time}: ${w.asap}`,
              `${w.payment}: ${w.payments.epay}`,
            ],
            plainSums,
          ),
        );

        // A table order paid with Bizum, with a comment for the kitchen.
        const bizum = await storeOrder(ctx, f, {
          type: 1,
          payment: 'bizum',
          table: f.tables['2'],
          comment: 'Бързо',
        });
        await expectMail(
          bizum,
          text(
            [
              `${w.order}: #${bizum.number}`,
              `${w.type}: ${w.types[1]}`,
              `${w.table}: 2`,
              `${w.payment}: ${w.payments.bizum}`,
            ],
            plainSums,
            ['', `${w.comment}: Бързо`],
          ),
        );
      });
    }
  },
  {
    env: { SMTP_URL: sink.url },
    setup: async (db, dialect) => {
      const f = await seedStaffFixture(db);
      const ingredient = async (name: string) =>
        (
          await db
            .insertInto('ingredients')
            .values({ place_id: f.cafe, name, translations: '{}', price: 0, active: 1, priority: 0 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      fixtures.set(dialect, {
        ...f,
        ingredients: { cheese: await ingredient('Мента'), onion: await ingredient('Лед') },
      });
    },
  },
);

const smsFixtures = new Map<DialectName, StaffFixture>();
const PHONE = '+359 888 555 666';

describeEachDatabase(
  'new-order SMS: where the order is served, and no e-mail without notification_email',
  (ctx: TestContext) => {
    const fx = () => smsFixtures.get(ctx.dialect)!;
    beforeAll(async () => {
      await setSetting(ctx.db, fx().cafe, 'notification_sms_phone', PHONE);
      await setSetting(ctx.db, fx().cafe, 'default_lang', 'en');
    });
    /** The SMS of an order, once the outbox (no gateway set) has it. */
    const smsOf = async (number: number) => {
      let text: string | undefined;
      await expect
        .poll(
          async () => {
            const res = await ctx.get(`/api/__test/sms?to=${encodeURIComponent(PHONE)}&limit=50`);
            text = (res.json() as { text: string }[]).find((m) => m.text.includes(`#${number} `))?.text;
            return text;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBeDefined();
      return text!;
    };

    ctx.test(
      'one line each: the type, the table or room when there is one, the total, the board',
      async () => {
        const f = fx();
        const board = `${ctx.config.publicUrl}/cafe/staff`;
        const orders = [
          [await storeOrder(ctx, f, { type: 1, payment: 'cash', table: f.tables['2'] }), 'table, Table 2'],
          [
            await storeOrder(ctx, f, { type: 7, payment: 'card', table: f.tables['101'] }),
            'served on the spot, Room 101',
          ],
          [
            await storeOrder(ctx, f, { type: 6, payment: 'room_bill', room: '101' }),
            'room service, Room 101',
          ],
          [await storeOrder(ctx, f, { type: 3, payment: 'card' }), 'pickup'],
        ] as const;
        for (const [stored, served] of orders) {
          expect(await smsOf(stored.number)).toBe(
            `New order #${stored.number} (${served}) — cafe (en): 9.00 BGN. ${board}`,
          );
        }
        // Each order's e-mail would have gone before its SMS: with no notification_email, none went.
        const mails = await ctx.get('/api/__test/outbox?limit=200');
        expect(mails.statusCode, mails.body).toBe(200);
        for (const [stored] of orders)
          expect(
            (mails.json() as { subject: string }[]).filter((m) => m.subject.includes(`#${stored.number} `)),
          ).toEqual([]);
      },
    );
  },
  { setup: async (db, dialect) => void smsFixtures.set(dialect, await seedStaffFixture(db)) },
);
