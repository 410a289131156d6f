/**
 * The booking e-mails in the five languages (spec §1; issue 10: date, time, people, place and a cancel link):
 * - the confirmation (`bookingConfirmationMail`), sent when a booking is confirmed: at once (e-mail confirmation
 *   off), after the guest confirmed from the link, after the deposit is paid, or when staff confirm;
 * - the request to confirm (`bookingConfirmRequestMail`, issue 23 #5 double opt-in), sent when a booking is made
 *   with booking_email_confirmation on: its link opens the page with the "Confirm the booking" button, and the
 *   table is held only until `confirmBy`.
 */
import type { Language } from '@trapeza/domain/i18n';
import type { MailMessage } from '../../lib/mailer.ts';

export interface BookingMailData {
  to: string;
  lang: Language;
  reservationId: number;
  guestName: string;
  placeName: string;
  /** 'YYYY-MM-DD' */
  date: string;
  time: string;
  endTime: string;
  people: number;
  hallName: string | null;
  productName: string | null;
  cancelUrl: string;
}

interface ConfirmTexts {
  subject: (place: string, date: string, time: string) => string;
  intro: (place: string) => string;
  action: (until: string) => string;
  ignore: string;
}

const CONFIRM_TEXTS: Record<Language, ConfirmTexts> = {
  bg: {
    subject: (p, d, t) => `Потвърдете резервацията си в ${p} за ${d} ${t}`,
    intro: (p) => `Получихме заявка за резервация в ${p}. Тя още не е потвърдена.`,
    action: (u) =>
      `За да я потвърдите, отворете този линк и натиснете „Потвърди резервацията“ до ${u}. Дотогава пазим масата за вас; след това тя се освобождава.`,
    ignore: 'Ако не сте правили тази резервация, просто пренебрегнете това писмо.',
  },
  en: {
    subject: (p, d, t) => `Please confirm your booking at ${p} on ${d} at ${t}`,
    intro: (p) => `We have received a booking request at ${p}. It is not confirmed yet.`,
    action: (u) =>
      `To confirm it, open this link and press "Confirm the booking" by ${u}. We hold the table for you until then; after that it is released.`,
    ignore: 'If you did not make this booking, simply ignore this e-mail.',
  },
  es: {
    subject: (p, d, t) => `Confirme su reserva en ${p} el ${d} a las ${t}`,
    intro: (p) => `Hemos recibido una solicitud de reserva en ${p}. Todavía no está confirmada.`,
    action: (u) =>
      `Para confirmarla, abra este enlace y pulse «Confirmar la reserva» antes de las ${u}. Hasta entonces le guardamos la mesa; después se libera.`,
    ignore: 'Si usted no ha hecho esta reserva, ignore este correo.',
  },
  de: {
    subject: (p, d, t) => `Bitte bestätigen Sie Ihre Reservierung im ${p} am ${d} um ${t}`,
    intro: (p) => `Wir haben eine Reservierungsanfrage im ${p} erhalten. Sie ist noch nicht bestätigt.`,
    action: (u) =>
      `Um sie zu bestätigen, öffnen Sie diesen Link und klicken Sie bis ${u} auf „Reservierung bestätigen“. Bis dahin halten wir den Tisch für Sie frei; danach wird er freigegeben.`,
    ignore: 'Falls Sie diese Reservierung nicht vorgenommen haben, ignorieren Sie diese E-Mail einfach.',
  },
  'fr-CH': {
    subject: (p, d, t) => `Veuillez confirmer votre réservation chez ${p} le ${d} à ${t}`,
    intro: (p) => `Nous avons reçu une demande de réservation chez ${p}. Elle n’est pas encore confirmée.`,
    action: (u) =>
      `Pour la confirmer, ouvrez ce lien et appuyez sur « Confirmer la réservation » avant ${u}. Nous vous gardons la table jusque-là ; ensuite, elle est libérée.`,
    ignore: 'Si vous n’avez pas fait cette réservation, ignorez simplement cet e-mail.',
  },
};

interface Texts {
  subject: (place: string, date: string, time: string) => string;
  hello: (name: string) => string;
  intro: (place: string) => string;
  id: string;
  date: string;
  time: string;
  people: string;
  hall: string;
  product: string;
  cancel: string;
  bye: string;
}

const TEXTS: Record<Language, Texts> = {
  bg: {
    subject: (p, d, t) => `Резервацията ви в ${p} за ${d} ${t} е потвърдена`,
    hello: (n) => `Здравейте, ${n},`,
    intro: (p) => `Резервацията ви в ${p} е потвърдена.`,
    id: 'Номер на резервацията',
    date: 'Дата',
    time: 'Час',
    people: 'Брой хора',
    hall: 'Зала',
    product: 'Услуга',
    cancel: 'Ако плановете ви се променят, можете да отмените резервацията от този линк:',
    bye: 'Очакваме ви!',
  },
  en: {
    subject: (p, d, t) => `Your booking at ${p} on ${d} at ${t} is confirmed`,
    hello: (n) => `Hello ${n},`,
    intro: (p) => `Your booking at ${p} is confirmed.`,
    id: 'Reservation number',
    date: 'Date',
    time: 'Time',
    people: 'People',
    hall: 'Hall',
    product: 'Service',
    cancel: 'If your plans change, you can cancel the booking with this link:',
    bye: 'We look forward to seeing you!',
  },
  es: {
    subject: (p, d, t) => `Su reserva en ${p} el ${d} a las ${t} está confirmada`,
    hello: (n) => `Hola, ${n}:`,
    intro: (p) => `Su reserva en ${p} está confirmada.`,
    id: 'Número de reserva',
    date: 'Fecha',
    time: 'Hora',
    people: 'Personas',
    hall: 'Sala',
    product: 'Servicio',
    cancel: 'Si cambian sus planes, puede cancelar la reserva con este enlace:',
    bye: '¡Le esperamos!',
  },
  de: {
    subject: (p, d, t) => `Ihre Reservierung im ${p} am ${d} um ${t} ist bestätigt`,
    hello: (n) => `Hallo ${n},`,
    intro: (p) => `Ihre Reservierung im ${p} ist bestätigt.`,
    id: 'Reservierungsnummer',
    date: 'Datum',
    time: 'Uhrzeit',
    people: 'Personen',
    hall: 'Saal',
    product: 'Leistung',
    cancel: 'Falls sich Ihre Pläne ändern, können Sie die Reservierung über diesen Link stornieren:',
    bye: 'Wir freuen uns auf Ihren Besuch!',
  },
  'fr-CH': {
    subject: (p, d, t) => `Votre réservation chez ${p} le ${d} à ${t} est confirmée`,
    hello: (n) => `Bonjour ${n},`,
    intro: (p) => `Votre réservation chez ${p} est confirmée.`,
    id: 'Numéro de réservation',
    date: 'Date',
    time: 'Heure',
    people: 'Personnes',
    hall: 'Salle',
    product: 'Prestation',
    cancel: 'Si vos projets changent, vous pouvez annuler la réservation avec ce lien :',
    bye: 'Au plaisir de vous accueillir !',
  },
};

/** 'YYYY-MM-DD' as the guest reads it: DD.MM.YYYY (the five languages all accept it). */
function displayDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The confirmation message (text and HTML) with tag 'booking_confirmation'. */
export function bookingConfirmationMail(data: BookingMailData): MailMessage {
  const t = TEXTS[data.lang] ?? TEXTS.bg;
  const date = displayDate(data.date);
  const rows: [string, string][] = [
    [t.id, `#${data.reservationId}`],
    [t.date, date],
    [t.time, `${data.time} – ${data.endTime}`],
    [t.people, String(data.people)],
  ];
  if (data.hallName) rows.push([t.hall, data.hallName]);
  if (data.productName) rows.push([t.product, data.productName]);
  const text = [
    t.hello(data.guestName),
    '',
    t.intro(data.placeName),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    t.cancel,
    data.cancelUrl,
    '',
    t.bye,
    data.placeName,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.hello(data.guestName))}</p>`,
    `<p>${escapeHtml(t.intro(data.placeName))}</p>`,
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(t.cancel)}<br><a href="${escapeHtml(data.cancelUrl)}">${escapeHtml(data.cancelUrl)}</a></p>`,
    `<p>${escapeHtml(t.bye)}<br>${escapeHtml(data.placeName)}</p>`,
  ].join('\n');
  return {
    to: data.to,
    subject: t.subject(data.placeName, date, data.time),
    text,
    html,
    tag: 'booking_confirmation',
  };
}

/** The request to confirm (double opt-in): tag 'booking_confirm_request'; `confirmBy` as the guest reads it. */
export function bookingConfirmRequestMail(
  data: Omit<BookingMailData, 'cancelUrl'> & { confirmUrl: string; confirmBy: string },
): MailMessage {
  const t = TEXTS[data.lang] ?? TEXTS.bg;
  const c = CONFIRM_TEXTS[data.lang] ?? CONFIRM_TEXTS.bg;
  const date = displayDate(data.date);
  const rows: [string, string][] = [
    [t.id, `#${data.reservationId}`],
    [t.date, date],
    [t.time, `${data.time} – ${data.endTime}`],
    [t.people, String(data.people)],
  ];
  if (data.hallName) rows.push([t.hall, data.hallName]);
  if (data.productName) rows.push([t.product, data.productName]);
  const text = [
    t.hello(data.guestName),
    '',
    c.intro(data.placeName),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    c.action(data.confirmBy),
    data.confirmUrl,
    '',
    c.ignore,
    '',
    data.placeName,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.hello(data.guestName))}</p>`,
    `<p>${escapeHtml(c.intro(data.placeName))}</p>`,
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(c.action(data.confirmBy))}<br><a href="${escapeHtml(data.confirmUrl)}">${escapeHtml(data.confirmUrl)}</a></p>`,
    `<p>${escapeHtml(c.ignore)}</p>`,
    `<p>${escapeHtml(data.placeName)}</p>`,
  ].join('\n');
  return {
    to: data.to,
    subject: c.subject(data.placeName, date, data.time),
    text,
    html,
    tag: 'booking_confirm_request',
  };
}
