/**
 * The account e-mails as a guest reads them, in each of the five languages (spec §1): the subject, the greeting
 * with the guest's first name (none when the profile has none), the sentence naming the venue, the link, the
 * lines about how long it works and what to do if it was not you — and the HTML alternative saying the same
 * paragraphs, with the link as its `href` and the venue's name escaped. Also the answer to a sign-in try during
 * the wait, in each language. Route tests (users.routes, users.smtp.routes) show the mails being sent; these read
 * every language's words.
 */
import { describe, expect, test } from 'vitest';
import type { Language } from '@trapeza/domain/i18n';
import type { MailMessage } from '../../lib/mailer.ts';
import {
  accountExistsMail,
  confirmEmailMail,
  loginSlowedMessage,
  passwordResetMail,
  welcomeMail,
} from './users.mail.ts';

const LANGUAGES: readonly Language[] = ['bg', 'en', 'es', 'de', 'fr-CH'];

/**
 * What a reader of each language looks for: the word for password, "1 hour" (the reset link's life), "24 hours"
 * (the confirmation link's), "ignore", "registered discounts" of the welcome mail, the "forgot password" hint of the
 * account-exists notice, and what a slowed sign-in says.
 */
const READER: Record<
  Language,
  {
    password: RegExp;
    hour: string;
    day: string;
    ignore: RegExp;
    discounts: RegExp;
    forgot: RegExp;
    register: RegExp;
    slowed: RegExp;
  }
> = {
  bg: {
    password: /парола/i,
    hour: '1 час',
    day: '24 часа',
    ignore: /игнорирайте/,
    discounts: /отстъпките/,
    forgot: /Забравена парола/,
    register: /регистрира/,
    slowed: /неуспешни опити за вход/,
  },
  en: {
    password: /password/i,
    hour: '1 hour',
    day: '24 hours',
    ignore: /ignore/,
    discounts: /discounts/,
    forgot: /Forgot your password\?/,
    register: /register/,
    slowed: /failed sign-ins/,
  },
  es: {
    password: /contraseña/i,
    hour: '1 hora',
    day: '24 horas',
    ignore: /ignora/,
    discounts: /descuentos/,
    forgot: /¿Olvidaste tu contraseña\?/,
    register: /registr/,
    slowed: /intentos fallidos/,
  },
  de: {
    password: /Passwort/,
    hour: '1 Stunde',
    day: '24 Stunden',
    ignore: /ignorieren/,
    discounts: /Rabatte/,
    forgot: /Passwort vergessen\?/,
    register: /registr/,
    slowed: /fehlgeschlagene Anmeldungen/,
  },
  'fr-CH': {
    password: /mot de passe/i,
    hour: '1 heure',
    day: '24 heures',
    ignore: /ignorez/,
    discounts: /remises/,
    forgot: /Mot de passe oublié \?/,
    register: /inscri/,
    slowed: /échecs de connexion/,
  },
};

/** A venue whose name needs escaping in HTML. */
const VENUE = 'Tom & Jerry\'s "<Bistro>"';
const LINK = 'https://menu.example.test/bistro/reset-password?token=abc_DEF-123&x=1';

const decode = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

/** The HTML alternative as a mail client shows it: one line per paragraph or `<br>`, tags gone, entities decoded. */
function htmlLines(html: string): string[] {
  return html
    .split(/<\/p>|<br>/)
    .map((part) => decode(part.replace(/<[^>]*>/g, '')))
    .filter((line) => line !== '');
}

/** The text's non-blank lines, which the HTML must show in the same order. */
const textLines = (mail: MailMessage) => mail.text.split('\n').filter((l) => l !== '');

function expectHtmlSaysTheText(mail: MailMessage) {
  expect(htmlLines(mail.html ?? '')).toEqual(textLines(mail));
  // The link is a real link, and nothing of the venue's name became markup.
  expect(mail.html).toContain(`<a href="${LINK.replace('&', '&#38;')}">`);
  expect(mail.html).not.toContain('<Bistro>');
  expect(mail.html).not.toContain('"<');
}

const input = (lang: Language, firstName = 'Мария') => ({
  to: 'maria@example.test',
  firstName,
  placeName: VENUE,
  link: LINK,
  lang,
});

describe('the account e-mails in the guest language', () => {
  for (const lang of LANGUAGES) {
    const r = READER[lang];

    test(`${lang}: the password-reset mail`, () => {
      const mail = passwordResetMail(input(lang));
      expect(mail).toMatchObject({ to: 'maria@example.test', tag: 'password_reset' });
      expect(mail.subject).toMatch(r.password);
      const [greeting, blank1, body, action, link, blank2, expiry, ignore, end] = mail.text.split('\n');
      expect(greeting).toMatch(/Мария,$/);
      expect([blank1, blank2, end]).toEqual(['', '', '']);
      expect(body).toContain(VENUE);
      expect(body).toMatch(r.password);
      expect(action).toMatch(r.password);
      expect(action).toMatch(/:$/);
      expect(link).toBe(LINK);
      expect(expiry).toContain(r.hour);
      expect(ignore).toMatch(r.ignore);
      expect(mail.text.split('\n')).toHaveLength(9);
      expectHtmlSaysTheText(mail);
    });

    test(`${lang}: the welcome mail after confirming`, () => {
      const mail = welcomeMail(input(lang));
      expect(mail).toMatchObject({ to: 'maria@example.test', tag: 'welcome' });
      expect(mail.subject).toContain(VENUE);
      expect(mail.subject).not.toBe(VENUE);
      const [greeting, blank1, body, link, end] = mail.text.split('\n');
      expect(greeting).toBe(passwordResetMail(input(lang)).text.split('\n')[0]);
      expect([blank1, end]).toEqual(['', '']);
      expect(body).toContain(VENUE);
      expect(body).toMatch(r.discounts);
      expect(link).toBe(LINK);
      expect(mail.text.split('\n')).toHaveLength(5);
      expectHtmlSaysTheText(mail);
    });

    test(`${lang}: the mail that confirms a registration`, () => {
      const mail = confirmEmailMail(input(lang));
      expect(mail).toMatchObject({ to: 'maria@example.test', tag: 'confirm_email' });
      expect(mail.subject).toContain(VENUE);
      expect(mail.subject).not.toBe(VENUE);
      const [greeting, blank1, body, link, blank2, ttl, end] = mail.text.split('\n');
      expect(greeting).toMatch(/Мария,$/);
      expect([blank1, blank2]).toEqual(['', '']);
      expect(end).toBeUndefined();
      expect(body).toContain(VENUE);
      expect(body).toMatch(/:$/);
      expect(link).toBe(LINK);
      expect(ttl).toContain(r.day);
      expect(ttl).toMatch(r.register);
      expectHtmlSaysTheText(mail);
    });

    test(`${lang}: the notice to an address that has a profile already`, () => {
      const mail = accountExistsMail(input(lang));
      expect(mail).toMatchObject({ to: 'maria@example.test', tag: 'account_exists' });
      expect(mail.subject).toContain(VENUE);
      expect(mail.subject).not.toBe(VENUE);
      const [greeting, blank1, body, link, blank2, end] = mail.text.split('\n');
      expect(greeting).toMatch(/Мария,$/);
      expect([blank1, blank2]).toEqual(['', '']);
      expect(end).toBeUndefined();
      expect(body).toContain(VENUE);
      expect(body).toMatch(r.forgot);
      expect(link).toBe(LINK);
      expectHtmlSaysTheText(mail);
    });

    test(`${lang}: a profile without a first name is greeted the same way, without a name`, () => {
      const named = passwordResetMail(input(lang)).text.split('\n')[0]!;
      for (const mail of [
        passwordResetMail(input(lang, '')),
        welcomeMail(input(lang, '')),
        confirmEmailMail(input(lang, '')),
        accountExistsMail(input(lang, '')),
      ]) {
        expect(mail.text.split('\n')[0]).toBe(named.replace(/,? Мария/, ''));
      }
    });

    test(`${lang}: a sign-in during the wait is told how many seconds`, () => {
      const text = loginSlowedMessage(37, lang);
      expect(text).toMatch(r.slowed);
      expect(text).toMatch(/ 37 [sс][ ,]/);
      expect(text).toMatch(r.password);
    });
  }

  test('each language has its own words: no language is served another one', () => {
    for (const build of [passwordResetMail, welcomeMail, confirmEmailMail, accountExistsMail]) {
      const mails = LANGUAGES.map((lang) => build(input(lang)));
      for (const part of ['subject', 'text'] as const) {
        expect(new Set(mails.map((m) => m[part])).size).toBe(LANGUAGES.length);
      }
      // Every line of the text reads differently per language, except the link itself.
      const lines = mails.map((m) => textLines(m).filter((l) => l !== LINK));
      for (let i = 0; i < lines[0]!.length; i++) {
        expect(new Set(lines.map((l) => l[i])).size).toBe(LANGUAGES.length);
      }
    }
    expect(new Set(LANGUAGES.map((lang) => loginSlowedMessage(5, lang))).size).toBe(LANGUAGES.length);
  });
});
