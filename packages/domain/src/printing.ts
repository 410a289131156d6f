/**
 * Kitchen and bar tickets (issue "Kitchen and bar tickets on real receipt printers"): which printer (station) a line
 * goes to, what a ticket or a customer receipt says, and how it is laid out in lines of a paper width. One layout
 * feeds both the ESC/POS encoding on the server and the browser's 80 mm print page, so both print the same.
 */
import { formatMoney, type Minor } from './money.ts';
import { isLanguage, type Language } from './i18n.ts';

/** Paper widths (mm) and the characters per line of font A on them. */
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const COLUMNS_BY_PAPER: Record<PaperWidth, number> = { 58: 32, 80: 48 };

/** Character sets a printer may use for Cyrillic: ESC/POS code pages CP866 (DOS) or WPC1251 (Windows). */
export const PRINTER_CHARSETS = ['cp866', 'wpc1251'] as const;
export type PrinterCharset = (typeof PRINTER_CHARSETS)[number];

/** Default raw TCP port of network receipt printers ("JetDirect" / AppSocket). */
export const DEFAULT_PRINTER_PORT = 9100;

/** When a venue's orders print: once accepted (online payments: once paid), or as soon as they are created. */
export const PRINT_MOMENTS = ['accepted', 'created'] as const;
export type PrintMoment = (typeof PRINT_MOMENTS)[number];
export const PRINT_MOMENT_SETTING = 'print_tickets_on';

/** A waiting job shows the staff board's printer alert once it failed an attempt or waited this long. */
export const PRINT_ALERT_AFTER_MS = 20_000;

/**
 * The printer (station) of a product: the one of its nearest category that has a printer — the category itself,
 * then its parent, and so on up — else the venue's default printer, else none (the line is not printed).
 */
export function stationOf(
  categoryId: number | null,
  parentOf: ReadonlyMap<number, number | null>,
  printerOfCategory: ReadonlyMap<number, number>,
  defaultPrinterId: number | null,
): number | null {
  const seen = new Set<number>();
  for (let c = categoryId; c !== null && c !== undefined && !seen.has(c); c = parentOf.get(c) ?? null) {
    seen.add(c);
    const printer = printerOfCategory.get(c);
    if (printer !== undefined) return printer;
  }
  return defaultPrinterId;
}

export interface TicketLine {
  quantity: number;
  name: string;
  size: string | null;
  /** The chosen required ingredient(s), added and removed ones, by name. */
  required: string[];
  added: string[];
  removed: string[];
  comment: string | null;
  /** Receipts only: the line's total after its discount (minor units). */
  total?: Minor;
}

export interface TicketTotals {
  subtotal: Minor;
  discount: Minor;
  delivery_fee: Minor;
  box_fee: Minor;
  cutlery_fee: Minor;
  payment_fee: Minor;
  total: Minor;
  /** Currency suffix as shown, e.g. '€' or 'лв.'. */
  suffix: string;
  payment_method: string | null;
}

/** What a ticket, a receipt or a test page says; stored with the print job and laid out for each printer. */
export interface TicketDocument {
  kind: 'ticket' | 'receipt' | 'test';
  lang: Language;
  venue: string;
  /** The printer's name (station), shown at the top of kitchen tickets. */
  station: string | null;
  order_id: number | null;
  /** The short number of the venue's day (issue 24 #8); absent on tickets stored before. */
  order_number?: number | null;
  order_type: number | null;
  table: string | null;
  room: string | null;
  /** Requested time (pickup, delivery, room) as the guest chose it. */
  requested_time: string | null;
  /** A future order (issue 24 #3: asked for later than now plus the preparation): its time heads the ticket. */
  scheduled?: boolean;
  /** When the order was placed, venue-local 'dd.mm.yyyy HH:MM'. */
  time: string;
  lines: TicketLine[];
  comment: string | null;
  reprint: boolean;
  customer?: { name: string | null; phone: string | null; address: string | null };
  totals?: TicketTotals;
}

/** One line of a laid-out ticket. `size` 2 is double width and height (the table number). */
export type PrintLine =
  { text: string; size?: 1 | 2; bold?: boolean; align?: 'left' | 'center' | 'right' } | { rule: true };

/**
 * Text as it may go to a printer: control characters (ESC, GS, BEL … and C1) would be printer commands, so each
 * becomes '?'; tabs and line breaks become spaces. What the code page cannot print (emoji) the encoder prints as '?'.
 */
export function printableText(value: string): string {
  return (
    value
      .normalize('NFC')
      .replace(/[\t\n\r\v\f]/g, ' ')
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?')
  );
}

/** Ticket texts in the five languages. */
const TEXTS: Record<Language, Record<string, string>> = {
  bg: {
    order: 'Поръчка',
    table: 'Маса',
    room: 'Стая',
    time: 'Час',
    requested: 'За',
    preorder: 'ПРЕДВАРИТЕЛНА ПОРЪЧКА',
    comment: 'Коментар',
    reprint: 'ПОВТОРНО',
    receipt: 'Сметка',
    subtotal: 'Сума',
    discount: 'Отстъпка',
    delivery_fee: 'Доставка',
    box_fee: 'Опаковка',
    cutlery_fee: 'Прибори',
    payment_fee: 'Такса плащане',
    total: 'ОБЩО',
    payment: 'Плащане',
    test: 'Тестов печат',
    test_body: 'Принтерът работи. Кирилица: АБВГДЕЖЗИЙ абвгдежзий',
    'type.1': 'На маса',
    'type.2': 'Доставка',
    'type.3': 'Вземане',
    'type.4': 'Разглеждане',
    'type.6': 'Рум сървис',
    'type.7': 'На място',
  },
  en: {
    order: 'Order',
    table: 'Table',
    room: 'Room',
    time: 'Time',
    requested: 'For',
    preorder: 'PRE-ORDER',
    comment: 'Comment',
    reprint: 'REPRINT',
    receipt: 'Receipt',
    subtotal: 'Subtotal',
    discount: 'Discount',
    delivery_fee: 'Delivery',
    box_fee: 'Packaging',
    cutlery_fee: 'Cutlery',
    payment_fee: 'Payment fee',
    total: 'TOTAL',
    payment: 'Payment',
    test: 'Test print',
    test_body: 'The printer works. Cyrillic: АБВГДЕЖЗИЙ абвгдежзий',
    'type.1': 'Table',
    'type.2': 'Delivery',
    'type.3': 'Pickup',
    'type.4': 'Browse',
    'type.6': 'Room service',
    'type.7': 'Served on the spot',
  },
  es: {
    order: 'Pedido',
    table: 'Mesa',
    room: 'Habitación',
    time: 'Hora',
    requested: 'Para',
    preorder: 'PEDIDO PROGRAMADO',
    comment: 'Comentario',
    reprint: 'REIMPRESIÓN',
    receipt: 'Recibo',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    delivery_fee: 'Entrega',
    box_fee: 'Envase',
    cutlery_fee: 'Cubiertos',
    payment_fee: 'Comisión de pago',
    total: 'TOTAL',
    payment: 'Pago',
    test: 'Impresión de prueba',
    test_body: 'La impresora funciona. Cirílico: АБВГДЕЖЗИЙ абвгдежзий',
    'type.1': 'Mesa',
    'type.2': 'A domicilio',
    'type.3': 'Para recoger',
    'type.4': 'Consulta',
    'type.6': 'Servicio de habitaciones',
    'type.7': 'Servido en el local',
  },
  de: {
    order: 'Bestellung',
    table: 'Tisch',
    room: 'Zimmer',
    time: 'Zeit',
    requested: 'Für',
    preorder: 'VORBESTELLUNG',
    comment: 'Kommentar',
    reprint: 'NACHDRUCK',
    receipt: 'Beleg',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    delivery_fee: 'Lieferung',
    box_fee: 'Verpackung',
    cutlery_fee: 'Besteck',
    payment_fee: 'Zahlungsgebühr',
    total: 'SUMME',
    payment: 'Zahlung',
    test: 'Testdruck',
    test_body: 'Der Drucker funktioniert. Kyrillisch: АБВГДЕЖЗИЙ абвгдежзий',
    'type.1': 'Am Tisch',
    'type.2': 'Lieferung',
    'type.3': 'Abholung',
    'type.4': 'Ansehen',
    'type.6': 'Zimmerservice',
    'type.7': 'Vor Ort serviert',
  },
  'fr-CH': {
    order: 'Commande',
    table: 'Table',
    room: 'Chambre',
    time: 'Heure',
    requested: 'Pour',
    preorder: 'PRÉCOMMANDE',
    comment: 'Commentaire',
    reprint: 'RÉIMPRESSION',
    receipt: 'Quittance',
    subtotal: 'Sous-total',
    discount: 'Rabais',
    delivery_fee: 'Livraison',
    box_fee: 'Emballage',
    cutlery_fee: 'Couverts',
    payment_fee: 'Frais de paiement',
    total: 'TOTAL',
    payment: 'Paiement',
    test: "Impression d'essai",
    test_body: "L'imprimante fonctionne. Cyrillique: АБВГДЕЖЗИЙ абвгдежзий",
    'type.1': 'À table',
    'type.2': 'Livraison',
    'type.3': 'À emporter',
    'type.4': 'Consultation',
    'type.6': "Service d'étage",
    'type.7': 'Servi sur place',
  },
};

/** A ticket text in the language (Bulgarian when the language is unknown). */
export function ticketText(lang: string, key: string): string {
  const texts = TEXTS[isLanguage(lang) ? lang : 'bg'];
  return texts[key] ?? TEXTS.en[key] ?? key;
}

/** Word-wraps text to `width` characters (words longer than a line are cut; leading indentation is kept). */
export function wrapText(text: string, width: number): string[] {
  const indent = /^ */.exec(text)![0].slice(0, Math.max(0, width - 1));
  const room = width - indent.length;
  const out: string[] = [];
  let line = '';
  for (const word of text.trim().split(/ +/)) {
    let w = word;
    while (w.length > room) {
      if (line) {
        out.push(line);
        line = '';
      }
      out.push(w.slice(0, room));
      w = w.slice(room);
    }
    if (!line) line = w;
    else if (line.length + 1 + w.length <= room) line += ` ${w}`;
    else {
      out.push(line);
      line = w;
    }
  }
  if (line || out.length === 0) out.push(line);
  return out.map((l) => indent + l);
}

/** `left …… right` in one line of `width` (the left part wrapped when both do not fit). */
function spread(left: string, right: string, width: number): string[] {
  if (left.length + 1 + right.length <= width) {
    return [left + ' '.repeat(width - left.length - right.length) + right];
  }
  const lines = wrapText(left, width);
  return [...lines, ' '.repeat(Math.max(0, width - right.length)) + right];
}

/**
 * Lays a ticket, receipt or test page out in lines of `columns` characters (32 on 58 mm, 48 on 80 mm). Every text
 * that came from people (names, comments) passes through `printableText`.
 */
export function layoutTicket(doc: TicketDocument, columns: number): PrintLine[] {
  const t = (key: string) => ticketText(doc.lang, key);
  const p = (value: string) => printableText(value);
  const out: PrintLine[] = [];
  type Style = { size?: 1 | 2; bold?: boolean; align?: 'left' | 'center' | 'right' };
  const push = (text: string, style: Style = {}) => {
    const width = style.size === 2 ? Math.floor(columns / 2) : columns;
    for (const line of wrapText(p(text), width)) out.push({ text: line, ...style });
  };
  const rule = () => out.push({ rule: true });

  if (doc.reprint) push(`*** ${t('reprint')} ***`, { align: 'center', bold: true });
  if (doc.kind === 'test') {
    push(t('test'), { align: 'center', bold: true, size: 2 });
    push(doc.venue, { align: 'center' });
    if (doc.station) push(doc.station, { align: 'center' });
    rule();
    push(t('test_body'));
    push(doc.time);
    return out;
  }
  push(doc.venue, { align: 'center', bold: doc.kind === 'receipt' });
  if (doc.kind === 'ticket' && doc.station) push(doc.station, { align: 'center' });
  if (doc.kind === 'receipt') push(t('receipt'), { align: 'center' });
  rule();
  if (doc.scheduled && doc.requested_time) {
    // Prominent, so the kitchen does not cook it now: "PRE-ORDER" and the requested time, double size.
    push(`*** ${t('preorder')} ***`, { align: 'center', bold: true });
    push(doc.requested_time, { size: 2, bold: true, align: 'center' });
  }
  if (doc.table) push(`${t('table')} ${doc.table}`, { size: 2, bold: true, align: 'center' });
  else if (doc.room) push(`${t('room')} ${doc.room}`, { size: 2, bold: true, align: 'center' });
  const type = doc.order_type !== null ? t(`type.${doc.order_type}`) : '';
  if (doc.order_id !== null)
    push(`${t('order')} #${doc.order_number ?? doc.order_id}${type ? ` · ${type}` : ''}`, { bold: true });
  push(`${t('time')}: ${doc.time}`);
  if (doc.requested_time) push(`${t('requested')}: ${doc.requested_time}`, { bold: true });
  if (doc.customer) {
    for (const part of [doc.customer.name, doc.customer.phone, doc.customer.address]) if (part) push(part);
  }
  rule();
  for (const line of doc.lines) {
    const head = `${line.quantity} x ${line.name}${line.size ? ` (${line.size})` : ''}`;
    if (doc.kind === 'receipt' && doc.totals && line.total !== undefined) {
      for (const l of spread(p(head), formatMoney(line.total, doc.totals.suffix, doc.lang), columns)) {
        out.push({ text: l });
      }
    } else push(head, { bold: true });
    for (const r of line.required) push(`  ${r}`);
    for (const a of line.added) push(`  + ${a}`);
    for (const r of line.removed) push(`  - ${r}`);
    if (line.comment) push(`  > ${line.comment}`, { bold: doc.kind === 'ticket' });
  }
  if (doc.comment) {
    rule();
    push(`${t('comment')}: ${doc.comment}`, { bold: true });
  }
  if (doc.kind === 'receipt' && doc.totals) {
    const s = doc.totals;
    rule();
    const money = (amount: Minor) => formatMoney(amount, s.suffix, doc.lang);
    const row = (key: string, amount: Minor, style: { bold?: boolean } = {}) => {
      for (const l of spread(t(key), money(amount), columns)) out.push({ text: l, ...style });
    };
    row('subtotal', s.subtotal);
    if (s.discount) row('discount', -Math.abs(s.discount));
    if (s.delivery_fee) row('delivery_fee', s.delivery_fee);
    if (s.box_fee) row('box_fee', s.box_fee);
    if (s.cutlery_fee) row('cutlery_fee', s.cutlery_fee);
    if (s.payment_fee) row('payment_fee', s.payment_fee);
    row('total', s.total, { bold: true });
    if (s.payment_method) push(`${t('payment')}: ${s.payment_method}`);
  }
  return out;
}
