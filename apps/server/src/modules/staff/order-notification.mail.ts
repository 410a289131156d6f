/**
 * The new-order e-mail to the venue (spec §1 settings "notification e-mail … for new orders"; issue 6 E-mail):
 * when an order is stored, the place's `notification_email` setting (if set) receives the order summary — number,
 * type, table / room / address, requested time, customer, lines with add-ons and comments, fees, total, payment —
 * in the venue's default language (`default_lang`, else Bulgarian).
 *
 * The place's `notification_sms_phone` (if set and a valid phone) gets a one-line SMS per order (number, type,
 * table / room, total, the board's address) through the installation's SMS transport (lib/sms.ts).
 *
 * Sent by the staff notifier after the commit, fire and forget: a failed send is logged
 * (`new-order e-mail failed`, `new-order SMS failed`) and never touches the order or the guest's answer.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeLanguage, translateField, type Language } from '@trapeza/domain/i18n';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { isValidEmail, isValidPhone } from '@trapeza/domain/validation';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import type { SmsMessage, SmsSender } from '../../lib/sms.ts';
import { parseTranslations } from '../menu/menu.mapping.ts';
import type { StaffRepository } from './staff.repository.ts';

interface Texts {
  subject: (no: string, type: string, place: string) => string;
  intro: (place: string) => string;
  types: Record<number, string>;
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
  payments: Record<string, string>;
  board: string;
}

const TEXTS: Record<Language, Texts> = {
  bg: {
    subject: (n, t, p) => `Нова поръчка #${n} (${t}) — ${p}`,
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
    subject: (n, t, p) => `New order #${n} (${t}) — ${p}`,
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
    subject: (n, t, p) => `Nuevo pedido #${n} (${t}) — ${p}`,
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
    subject: (n, t, p) => `Neue Bestellung #${n} (${t}) — ${p}`,
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
    subject: (n, t, p) => `Nouvelle commande #${n} (${t}) — ${p}`,
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

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

interface NewOrderMailInput {
  to: string;
  lang: Language;
  placeName: string;
  /** Link to the staff board, e.g. https://menu.example.com/bistro/staff */
  boardUrl: string;
  order: StaffOrder;
}

/** The new-order e-mail: a plain-text summary and the same as a simple HTML table. */
function newOrderMail(input: NewOrderMailInput): MailMessage {
  const t = TEXTS[input.lang];
  const o = input.order;
  const cur = o.price.currency;
  const typeName = t.types[o.type] ?? String(o.type);
  const rows: [string, string][] = [
    [t.order, orderNumberLabel(o.number, o.key)],
    [t.type, typeName],
  ];
  if (o.table) rows.push([o.table.kind === 'room' ? t.room : t.table, o.table.number]);
  else if (o.room_number) rows.push([t.room, o.room_number]);
  if (o.address?.address) {
    const a = o.address;
    const parts = [
      [a.address, a.street_number].filter(Boolean).join(' '),
      a.entrance ? `${t.entrance} ${a.entrance}` : null,
      a.floor ? `${t.floor} ${a.floor}` : null,
      a.apartment ? `${t.apartment} ${a.apartment}` : null,
      a.bell ? `${t.bell} ${a.bell}` : null,
      a.postal_code,
    ].filter(Boolean);
    rows.push([t.address, parts.join(', ')]);
  }
  if (o.type !== ORDER_TYPES.SPOT) rows.push([t.time, o.requested_time ?? t.asap]);
  const c = o.customer;
  if (c && (c.name || c.phone || c.email)) {
    rows.push([t.customer, [c.name, c.phone, c.email].filter(Boolean).join(', ')]);
  }
  if (o.payment_method) rows.push([t.payment, t.payments[o.payment_method] ?? o.payment_method]);

  const lineTexts = o.lines.map((l) => {
    const name = l.size ? `${l.name} (${l.size})` : l.name;
    const extras = l.ingredients.map((i) =>
      i.type === 'removable' ? `${t.without} ${i.name}` : `+ ${i.name}`,
    );
    const detail = [...extras, l.comment ? `"${l.comment}"` : null].filter(Boolean).join('; ');
    return { head: `${l.quantity} × ${name}`, detail, amount: money(l.line_total, cur) };
  });
  const p = o.price;
  const fees = p.delivery_fee + p.box_fee + p.cutlery_fee + p.payment_fee;
  const sums: [string, string][] = [[t.subtotal, money(p.subtotal, cur)]];
  if (p.discount_total) sums.push([t.discount, `-${money(p.discount_total, cur)}`]);
  if (fees) sums.push([t.fees, money(fees, cur)]);
  if (p.accumulated_amount_used) sums.push([t.accumulated, `-${money(p.accumulated_amount_used, cur)}`]);
  sums.push([t.total, money(p.total, cur)]);

  const text = [
    t.intro(input.placeName),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `${t.items}:`,
    ...lineTexts.flatMap((l) => [`- ${l.head} — ${l.amount}`, ...(l.detail ? [`    ${l.detail}`] : [])]),
    ...(o.comment ? ['', `${t.comment}: ${o.comment}`] : []),
    '',
    ...sums.map(([k, v]) => `${k}: ${v}`),
    '',
    `${t.board}: ${input.boardUrl}`,
    '',
  ].join('\n');
  const tr = (k: string, v: string, bold = false) =>
    `<tr><th align="left">${esc(k)}</th><td${bold ? ' style="font-weight:bold"' : ''}>${esc(v)}</td></tr>`;
  const html = [
    `<p>${esc(t.intro(input.placeName))}</p>`,
    `<table>${rows.map(([k, v]) => tr(k, v)).join('')}</table>`,
    `<h3>${esc(t.items)}</h3>`,
    '<table>',
    ...lineTexts.map(
      (l) =>
        `<tr><td>${esc(l.head)}${l.detail ? `<br><small>${esc(l.detail)}</small>` : ''}</td>` +
        `<td align="right">${esc(l.amount)}</td></tr>`,
    ),
    '</table>',
    o.comment ? `<p><b>${esc(t.comment)}:</b> ${esc(o.comment)}</p>` : '',
    `<table>${sums.map(([k, v], i) => tr(k, v, i === sums.length - 1)).join('')}</table>`,
    `<p><a href="${esc(input.boardUrl)}">${esc(t.board)}</a></p>`,
  ].join('');
  return {
    to: input.to,
    subject: t.subject(String(o.number ?? o.id), typeName, input.placeName),
    text,
    html,
    tag: 'order_new',
  };
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The one-line SMS of a new order: `Нова поръчка #12 (на маса, Маса 5) — Бистро: 26.60 EUR. https://…/staff`. */
function newOrderSms(input: {
  to: string;
  lang: Language;
  placeName: string;
  boardUrl: string;
  order: StaffOrder;
}): SmsMessage {
  const t = TEXTS[input.lang];
  const o = input.order;
  const where = o.table
    ? `${o.table.kind === 'room' ? t.room : t.table} ${o.table.number}`
    : o.room_number
      ? `${t.room} ${o.room_number}`
      : null;
  const type = [t.types[o.type] ?? String(o.type), where].filter(Boolean).join(', ');
  return {
    to: input.to,
    text: `${t.subject(String(o.number ?? o.id), type, input.placeName)}: ${money(o.price.total, o.price.currency)}. ${input.boardUrl}`,
    tag: 'order_new',
  };
}

export interface OrderMailDeps {
  repo: StaffRepository;
  mailer: Mailer;
  /** The installation's SMS transport; absent: no SMS. */
  sms?: SmsSender | undefined;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Tells the venue of each stored order (as the board shows it): an e-mail to notification_email and an SMS to
 * notification_sms_phone, each if set and valid. Never throws; a failure is logged per order and channel. Orders
 * stored in the same commit arrive together and share the lookups. Resolves when every attempt is over (tests await
 * it; the notifier does not).
 */
export async function sendNewOrderMails(
  deps: OrderMailDeps,
  placeId: number,
  orders: StaffOrder[],
): Promise<void> {
  if (orders.length === 0) return;
  let to: string | undefined;
  let phone: string | undefined;
  let lang: Language;
  let place: Awaited<ReturnType<StaffRepository['getPlace']>>;
  try {
    // One read of the three settings per burst of new orders (was one query each).
    const settings = await deps.repo.getSettings(placeId, [
      'notification_email',
      'notification_sms_phone',
      'default_lang',
    ]);
    to = settings.notification_email?.trim();
    if (!to || !isValidEmail(to)) to = undefined;
    phone = deps.sms ? settings.notification_sms_phone?.trim() : undefined;
    if (!phone || !isValidPhone(phone)) phone = undefined;
    if (!to && !phone) return;
    lang = normalizeLanguage(settings.default_lang ?? undefined);
    place = await deps.repo.getPlace(placeId);
  } catch (err) {
    deps.log.error({ err, placeId, orderIds: orders.map((o) => o.id) }, 'new-order e-mail failed');
    return;
  }
  const placeName = translateField(
    { name: place.name, translations: parseTranslations(place.translations) },
    'name',
    lang,
  );
  const boardUrl = `${deps.publicUrl}/${encodeURIComponent(place.slug)}/staff`;
  for (const order of orders) {
    if (to) {
      try {
        await deps.mailer.send(newOrderMail({ to, lang, placeName, boardUrl, order }));
      } catch (err) {
        deps.log.error({ err, placeId, orderId: order.id }, 'new-order e-mail failed');
      }
    }
    if (phone && deps.sms) {
      try {
        await deps.sms.send(newOrderSms({ to: phone, lang, placeName, boardUrl, order }));
      } catch (err) {
        deps.log.error({ err, placeId, orderId: order.id }, 'new-order SMS failed');
      }
    }
  }
}
