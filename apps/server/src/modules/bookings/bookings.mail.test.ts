/**
 * The booking e-mails as a guest reads them, in each of the five languages (spec §1; issue 10, issue 23 #5): the
 * confirmation and the request to confirm — subject with the venue, the date as DD.MM.YYYY and the start time, the
 * greeting with the guest's name, the sentence naming the venue, the reservation number, the time range, the people,
 * the hall and service lines only when the booking has them, the cancel or confirm link (also as the HTML `href`),
 * and the HTML alternative escaping what a guest or a venue typed (`<`, `&`, quotes: a tag in an e-mail client is
 * an injection). bookings.mail.routes.test.ts shows the mails arriving over SMTP after a real booking.
 */
import { describe, expect, test } from 'vitest';
import type { Language } from '@trapeza/domain/i18n';
import { bookingConfirmationMail, bookingConfirmRequestMail, type BookingMailData } from './bookings.mail.ts';

const LANGUAGES: readonly Language[] = ['bg', 'en', 'es', 'de', 'fr-CH'];

const base: BookingMailData = {
  to: 'maria@example.com',
  lang: 'bg',
  reservationId: 4711,
  guestName: 'Мария',
  placeName: 'Бистро Трапеза',
  date: '2026-03-13',
  time: '19:00',
  endTime: '21:00',
  people: 4,
  hallName: null,
  productName: null,
  cancelUrl: 'https://bistro.test/bistro/reservations?booking=4711&token=abc',
};

/** What a reader of each language sees: the words of both mails, with the venue P, date D, time T, name N. */
const READER: Record<
  Language,
  {
    subject: string;
    hello: string;
    intro: string;
    id: string;
    date: string;
    time: string;
    people: string;
    hall: string;
    product: string;
    cancel: string;
    bye: string;
    confirmSubject: string;
    confirmIntro: string;
    action: string;
    ignore: string;
  }
> = {
  bg: {
    subject: 'Резервацията ви в P за D T е потвърдена',
    hello: 'Здравейте, N,',
    intro: 'Резервацията ви в P е потвърдена.',
    id: 'Номер на резервацията',
    date: 'Дата',
    time: 'Час',
    people: 'Брой хора',
    hall: 'Зала',
    product: 'Услуга',
    cancel: 'Ако плановете ви се променят, можете да отмените резервацията от този линк:',
    bye: 'Очакваме ви!',
    confirmSubject: 'Потвърдете резервацията си в P за D T',
    confirmIntro: 'Получихме заявка за резервация в P. Тя още не е потвърдена.',
    action:
      'За да я потвърдите, отворете този линк и натиснете „Потвърди резервацията“ до U. Дотогава пазим масата за вас; след това тя се освобождава.',
    ignore: 'Ако не сте правили тази резервация, просто пренебрегнете това писмо.',
  },
  en: {
    subject: 'Your booking at P on D at T is confirmed',
    hello: 'Hello N,',
    intro: 'Your booking at P is confirmed.',
    id: 'Reservation number',
    date: 'Date',
    time: 'Time',
    people: 'People',
    hall: 'Hall',
    product: 'Service',
    cancel: 'If your plans change, you can cancel the booking with this link:',
    bye: 'We look forward to seeing you!',
    confirmSubject: 'Please confirm your booking at P on D at T',
    confirmIntro: 'We have received a booking request at P. It is not confirmed yet.',
    action:
      'To confirm it, open this link and press "Confirm the booking" by U. We hold the table for you until then; after that it is released.',
    ignore: 'If you did not make this booking, simply ignore this e-mail.',
  },
  es: {
    subject: 'Su reserva en P el D a las T está confirmada',
    hello: 'Hola, N:',
    intro: 'Su reserva en P está confirmada.',
    id: 'Número de reserva',
    date: 'Fecha',
    time: 'Hora',
    people: 'Personas',
    hall: 'Sala',
    product: 'Servicio',
    cancel: 'Si cambian sus planes, puede cancelar la reserva con este enlace:',
    bye: '¡Le esperamos!',
    confirmSubject: 'Confirme su reserva en P el D a las T',
    confirmIntro: 'Hemos recibido una solicitud de reserva en P. Todavía no está confirmada.',
    action:
      'Para confirmarla, abra este enlace y pulse «Confirmar la reserva» antes de las U. Hasta entonces le guardamos la mesa; después se libera.',
    ignore: 'Si usted no ha hecho esta reserva, ignore este correo.',
  },
  de: {
    subject: 'Ihre Reservierung im P am D um T ist bestätigt',
    hello: 'Hallo N,',
    intro: 'Ihre Reservierung im P ist bestätigt.',
    id: 'Reservierungsnummer',
    date: 'Datum',
    time: 'Uhrzeit',
    people: 'Personen',
    hall: 'Saal',
    product: 'Leistung',
    cancel: 'Falls sich Ihre Pläne ändern, können Sie die Reservierung über diesen Link stornieren:',
    bye: 'Wir freuen uns auf Ihren Besuch!',
    confirmSubject: 'Bitte bestätigen Sie Ihre Reservierung im P am D um T',
    confirmIntro: 'Wir haben eine Reservierungsanfrage im P erhalten. Sie ist noch nicht bestätigt.',
    action:
      'Um sie zu bestätigen, öffnen Sie diesen Link und klicken Sie bis U auf „Reservierung bestätigen“. Bis dahin halten wir den Tisch für Sie frei; danach wird er freigegeben.',
    ignore: 'Falls Sie diese Reservierung nicht vorgenommen haben, ignorieren Sie diese E-Mail einfach.',
  },
  'fr-CH': {
    subject: 'Votre réservation chez P le D à T est confirmée',
    hello: 'Bonjour N,',
    intro: 'Votre réservation chez P est confirmée.',
    id: 'Numéro de réservation',
    date: 'Date',
    time: 'Heure',
    people: 'Personnes',
    hall: 'Salle',
    product: 'Prestation',
    cancel: 'Si vos projets changent, vous pouvez annuler la réservation avec ce lien :',
    bye: 'Au plaisir de vous accueillir !',
    confirmSubject: 'Veuillez confirmer votre réservation chez P le D à T',
    confirmIntro: 'Nous avons reçu une demande de réservation chez P. Elle n’est pas encore confirmée.',
    action:
      'Pour la confirmer, ouvrez ce lien et appuyez sur « Confirmer la réservation » avant U. Nous vous gardons la table jusque-là ; ensuite, elle est libérée.',
    ignore: 'Si vous n’avez pas fait cette réservation, ignorez simplement cet e-mail.',
  },
};

const fill = (s: string, v: { P?: string; D?: string; T?: string; N?: string; U?: string }) =>
  s
    .replace(/\bP\b/, v.P ?? 'P')
    .replace(/\bD\b/, v.D ?? 'D')
    .replace(/\bT\b/, v.T ?? 'T')
    .replace(/\bN\b/, v.N ?? 'N')
    .replace(/\bU\b/, v.U ?? 'U');

const CONFIRM_BY = '03.03.2026 10:30';
const CONFIRM_URL = 'https://bistro.test/bistro/reservations?booking=4711&token=xyz';

describe('booking confirmation e-mail', () => {
  for (const lang of LANGUAGES) {
    test(`${lang}: subject, greeting, venue, details and the cancel link, as text and HTML`, () => {
      const r = READER[lang];
      const mail = bookingConfirmationMail({ ...base, lang });
      expect(mail.to).toBe('maria@example.com');
      expect(mail.tag).toBe('booking_confirmation');
      expect(mail.subject).toBe(fill(r.subject, { P: 'Бистро Трапеза', D: '13.03.2026', T: '19:00' }));
      expect(mail.text).toBe(
        [
          fill(r.hello, { N: 'Мария' }),
          '',
          fill(r.intro, { P: 'Бистро Трапеза' }),
          '',
          `${r.id}: #4711`,
          `${r.date}: 13.03.2026`,
          `${r.time}: 19:00 – 21:00`,
          `${r.people}: 4`,
          '',
          r.cancel,
          base.cancelUrl,
          '',
          r.bye,
          'Бистро Трапеза',
          '',
        ].join('\n'),
      );
      const href = base.cancelUrl.replace('&', '&amp;');
      expect(mail.html).toBe(
        [
          `<p>${fill(r.hello, { N: 'Мария' })}</p>`,
          `<p>${fill(r.intro, { P: 'Бистро Трапеза' })}</p>`,
          '<table>',
          `<tr><th align="left">${r.id}</th><td>#4711</td></tr>`,
          `<tr><th align="left">${r.date}</th><td>13.03.2026</td></tr>`,
          `<tr><th align="left">${r.time}</th><td>19:00 – 21:00</td></tr>`,
          `<tr><th align="left">${r.people}</th><td>4</td></tr>`,
          '</table>',
          `<p>${r.cancel}<br><a href="${href}">${href}</a></p>`,
          `<p>${r.bye}<br>Бистро Трапеза</p>`,
        ].join('\n'),
      );
      expect(mail.text).not.toContain(`${r.hall}:`);
      expect(mail.text).not.toContain(`${r.product}:`);
    });

    test(`${lang}: the hall and the service lines when the booking has them`, () => {
      const r = READER[lang];
      const mail = bookingConfirmationMail({ ...base, lang, hallName: 'Тераса', productName: 'Дегустация' });
      expect(mail.text).toContain(
        `${r.people}: 4\n${r.hall}: Тераса\n${r.product}: Дегустация\n\n${r.cancel}`,
      );
      expect(mail.html).toContain(
        `<tr><th align="left">${r.hall}</th><td>Тераса</td></tr>\n<tr><th align="left">${r.product}</th><td>Дегустация</td></tr>\n</table>`,
      );
    });
  }

  test('a hall without a service, and a service without a hall, each show only their own line', () => {
    const hall = bookingConfirmationMail({ ...base, lang: 'en', hallName: 'Terrace' });
    expect(hall.text).toContain('People: 4\nHall: Terrace\n\nIf your plans');
    expect(hall.text).not.toContain('Service');
    const product = bookingConfirmationMail({ ...base, lang: 'en', productName: 'Tasting' });
    expect(product.text).toContain('People: 4\nService: Tasting\n\nIf your plans');
    expect(product.text).not.toContain('Hall');
  });

  test('a language without texts falls back to Bulgarian', () => {
    const mail = bookingConfirmationMail({ ...base, lang: 'xx' as Language });
    expect(mail.subject).toBe('Резервацията ви в Бистро Трапеза за 13.03.2026 19:00 е потвърдена');
  });
});

describe('booking request-to-confirm e-mail (double opt-in)', () => {
  const request = (over: Partial<BookingMailData> = {}) => {
    const { cancelUrl: _unused, ...rest } = { ...base, ...over };
    return bookingConfirmRequestMail({ ...rest, confirmUrl: CONFIRM_URL, confirmBy: CONFIRM_BY });
  };

  for (const lang of LANGUAGES) {
    test(`${lang}: subject, greeting, venue, details, the hold time and the confirm link, as text and HTML`, () => {
      const r = READER[lang];
      const mail = request({ lang });
      expect(mail.to).toBe('maria@example.com');
      expect(mail.tag).toBe('booking_confirm_request');
      expect(mail.subject).toBe(fill(r.confirmSubject, { P: 'Бистро Трапеза', D: '13.03.2026', T: '19:00' }));
      expect(mail.text).toBe(
        [
          fill(r.hello, { N: 'Мария' }),
          '',
          fill(r.confirmIntro, { P: 'Бистро Трапеза' }),
          '',
          `${r.id}: #4711`,
          `${r.date}: 13.03.2026`,
          `${r.time}: 19:00 – 21:00`,
          `${r.people}: 4`,
          '',
          fill(r.action, { U: CONFIRM_BY }),
          CONFIRM_URL,
          '',
          r.ignore,
          '',
          'Бистро Трапеза',
          '',
        ].join('\n'),
      );
      const href = CONFIRM_URL.replace('&', '&amp;');
      const action = fill(r.action, { U: CONFIRM_BY }).replace(/"/g, '&quot;');
      expect(mail.html).toBe(
        [
          `<p>${fill(r.hello, { N: 'Мария' })}</p>`,
          `<p>${fill(r.confirmIntro, { P: 'Бистро Трапеза' })}</p>`,
          '<table>',
          `<tr><th align="left">${r.id}</th><td>#4711</td></tr>`,
          `<tr><th align="left">${r.date}</th><td>13.03.2026</td></tr>`,
          `<tr><th align="left">${r.time}</th><td>19:00 – 21:00</td></tr>`,
          `<tr><th align="left">${r.people}</th><td>4</td></tr>`,
          '</table>',
          `<p>${action}<br><a href="${href}">${href}</a></p>`,
          `<p>${r.ignore.replace(/'/g, '&#39;')}</p>`,
          '<p>Бистро Трапеза</p>',
        ].join('\n'),
      );
    });

    test(`${lang}: the hall and the service lines when the booking has them`, () => {
      const r = READER[lang];
      const mail = request({ lang, hallName: 'Тераса', productName: 'Дегустация' });
      expect(mail.text).toContain(`${r.people}: 4\n${r.hall}: Тераса\n${r.product}: Дегустация\n\n`);
      expect(mail.html).toContain(
        `<tr><th align="left">${r.hall}</th><td>Тераса</td></tr>\n<tr><th align="left">${r.product}</th><td>Дегустация</td></tr>\n</table>`,
      );
    });
  }

  test('a hall without a service, and a service without a hall, each show only their own line', () => {
    const hall = request({ lang: 'en', hallName: 'Terrace' });
    expect(hall.text).toContain('People: 4\nHall: Terrace\n\nTo confirm');
    expect(hall.text).not.toContain('Service');
    const product = request({ lang: 'en', productName: 'Tasting' });
    expect(product.text).toContain('People: 4\nService: Tasting\n\nTo confirm');
    expect(product.text).not.toContain('Hall');
  });

  test('a language without texts falls back to Bulgarian', () => {
    const mail = request({ lang: 'xx' as Language });
    expect(mail.subject).toBe('Потвърдете резервацията си в Бистро Трапеза за 13.03.2026 19:00');
    expect(mail.text).toContain('Брой хора: 4');
  });
});

describe('the HTML part escapes what guests and venues typed', () => {
  const guestName = `<img src=x onerror="alert('x')"> Tom & Jerry`;
  const placeName = `Bob's "Grill" <b>&</b>`;
  const escapedGuest = '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; Tom &amp; Jerry';
  const escapedPlace = 'Bob&#39;s &quot;Grill&quot; &lt;b&gt;&amp;&lt;/b&gt;';

  test('confirmation: guest name, venue, hall, service and link escaped; no raw tag survives', () => {
    const mail = bookingConfirmationMail({
      ...base,
      lang: 'en',
      guestName,
      placeName,
      hallName: '<i>Hall</i>',
      productName: 'Wine & "cheese"',
    });
    expect(mail.html).toContain(`<p>Hello ${escapedGuest},</p>`);
    expect(mail.html).toContain(`<p>Your booking at ${escapedPlace} is confirmed.</p>`);
    expect(mail.html).toContain('<td>&lt;i&gt;Hall&lt;/i&gt;</td>');
    expect(mail.html).toContain('<td>Wine &amp; &quot;cheese&quot;</td>');
    expect(mail.html).toContain(`<br>${escapedPlace}</p>`);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('<i>');
    // The text part is plain text: as typed.
    expect(mail.text).toContain(`Hello ${guestName},`);
    expect(mail.subject).toBe(`Your booking at ${placeName} on 13.03.2026 at 19:00 is confirmed`);
  });

  test('request to confirm: guest name, venue and link escaped', () => {
    const mail = bookingConfirmRequestMail({
      ...base,
      lang: 'en',
      guestName,
      placeName,
      confirmUrl: 'https://bistro.test/r?booking=1&token="><script>',
      confirmBy: CONFIRM_BY,
    });
    expect(mail.html).toContain(`<p>Hello ${escapedGuest},</p>`);
    expect(mail.html).toContain(
      `<p>We have received a booking request at ${escapedPlace}. It is not confirmed yet.</p>`,
    );
    expect(mail.html).toContain(
      '<a href="https://bistro.test/r?booking=1&amp;token=&quot;&gt;&lt;script&gt;">https://bistro.test/r?booking=1&amp;token=&quot;&gt;&lt;script&gt;</a>',
    );
    expect(mail.html).toContain(`<p>${escapedPlace}</p>`);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script');
  });
});
