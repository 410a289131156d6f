/**
 * Texts of the accounts e-mails and answers in the five languages (spec §1: bg default, en, es, de, fr-CH).
 * The language comes from the request (`lang` header, else `Accept-Language`), falling back to Bulgarian (spec §4).
 */
import type { Language } from '@trapeza/domain/i18n';
import type { MailMessage } from '../../lib/mailer.ts';
import { ACCOUNT_MESSAGES } from '../../lib/account-texts.ts';

export { requestLanguage } from '../../lib/request-language.ts';

interface ResetTexts {
  subject: string;
  greeting: (name: string) => string;
  body: (place: string) => string;
  action: string;
  expiry: string;
  ignore: string;
}

const RESET_TEXTS: Record<Language, ResetTexts> = {
  bg: {
    subject: 'Смяна на парола',
    greeting: (n) => `Здравейте${n ? `, ${n}` : ''},`,
    body: (p) => `получихме заявка за смяна на паролата на профила Ви в ${p}.`,
    action: 'Задайте нова парола от тази връзка:',
    expiry: 'Връзката важи 1 час и може да се използва само веднъж.',
    ignore: 'Ако не сте поискали смяна на паролата, просто игнорирайте това писмо.',
  },
  en: {
    subject: 'Reset your password',
    greeting: (n) => `Hello${n ? ` ${n}` : ''},`,
    body: (p) => `we received a request to reset the password of your profile at ${p}.`,
    action: 'Set a new password with this link:',
    expiry: 'The link is valid for 1 hour and can be used once.',
    ignore: 'If you did not ask for this, simply ignore this e-mail.',
  },
  es: {
    subject: 'Restablecer la contraseña',
    greeting: (n) => `Hola${n ? ` ${n}` : ''},`,
    body: (p) => `hemos recibido una solicitud para restablecer la contraseña de tu perfil en ${p}.`,
    action: 'Establece una nueva contraseña con este enlace:',
    expiry: 'El enlace es válido durante 1 hora y solo se puede usar una vez.',
    ignore: 'Si no lo has solicitado, ignora este correo.',
  },
  de: {
    subject: 'Passwort zurücksetzen',
    greeting: (n) => `Hallo${n ? ` ${n}` : ''},`,
    body: (p) => `wir haben eine Anfrage erhalten, das Passwort Ihres Profils bei ${p} zurückzusetzen.`,
    action: 'Legen Sie mit diesem Link ein neues Passwort fest:',
    expiry: 'Der Link ist 1 Stunde gültig und kann nur einmal verwendet werden.',
    ignore: 'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail einfach.',
  },
  'fr-CH': {
    subject: 'Réinitialiser votre mot de passe',
    greeting: (n) => `Bonjour${n ? ` ${n}` : ''},`,
    body: (p) => `nous avons reçu une demande de réinitialisation du mot de passe de votre profil chez ${p}.`,
    action: 'Choisissez un nouveau mot de passe avec ce lien :',
    expiry: 'Le lien est valable 1 heure et ne peut être utilisé qu’une seule fois.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail.',
  },
};

export interface ResetMailInput {
  to: string;
  firstName: string;
  placeName: string;
  link: string;
  lang: Language;
}

/** The password-reset e-mail: plain text plus a simple HTML alternative. */
export function passwordResetMail(input: ResetMailInput): MailMessage {
  const t = RESET_TEXTS[input.lang];
  const text = [
    t.greeting(input.firstName),
    '',
    t.body(input.placeName),
    t.action,
    input.link,
    '',
    t.expiry,
    t.ignore,
    '',
  ].join('\n');
  const html =
    `<p>${escapeHtml(t.greeting(input.firstName))}</p>` +
    `<p>${escapeHtml(t.body(input.placeName))}<br>${escapeHtml(t.action)}</p>` +
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>` +
    `<p>${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>`;
  return { to: input.to, subject: t.subject, text, html, tag: 'password_reset' };
}

const WELCOME_TEXTS: Record<
  Language,
  { subject: (place: string) => string; body: (place: string) => string }
> = {
  bg: {
    subject: (p) => `Добре дошли в ${p}`,
    body: (p) =>
      `профилът Ви в ${p} е създаден. Вече можете да поръчвате по-бързо, да виждате поръчките си и да ползвате отстъпките за регистрирани клиенти.`,
  },
  en: {
    subject: (p) => `Welcome to ${p}`,
    body: (p) =>
      `your profile at ${p} has been created. You can now order faster, see your orders and enjoy the discounts for registered guests.`,
  },
  es: {
    subject: (p) => `Bienvenido a ${p}`,
    body: (p) =>
      `tu perfil en ${p} ha sido creado. Ahora puedes pedir más rápido, ver tus pedidos y disfrutar de los descuentos para clientes registrados.`,
  },
  de: {
    subject: (p) => `Willkommen bei ${p}`,
    body: (p) =>
      `Ihr Profil bei ${p} wurde angelegt. Sie können jetzt schneller bestellen, Ihre Bestellungen sehen und die Rabatte für registrierte Gäste nutzen.`,
  },
  'fr-CH': {
    subject: (p) => `Bienvenue chez ${p}`,
    body: (p) =>
      `votre profil chez ${p} a été créé. Vous pouvez désormais commander plus vite, voir vos commandes et profiter des remises pour clients enregistrés.`,
  },
};

/** The welcome e-mail after registration. */
export function welcomeMail(input: {
  to: string;
  firstName: string;
  placeName: string;
  link: string;
  lang: Language;
}): MailMessage {
  const t = WELCOME_TEXTS[input.lang];
  const greeting = RESET_TEXTS[input.lang].greeting(input.firstName);
  const text = [greeting, '', t.body(input.placeName), input.link, ''].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t.body(input.placeName))}</p>` +
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`;
  return { to: input.to, subject: t.subject(input.placeName), text, html, tag: 'welcome' };
}

/**
 * The two mails of a registration (issue "Security hardening" #10; the answer is the same either way): a new
 * address gets the link that confirms it and signs in; an address that already has a profile gets a notice
 * instead, with where to sign in or reset the password.
 */
const CONFIRM_TEXTS: Record<
  Language,
  { subject: (p: string) => string; body: (p: string) => string; ttl: string }
> = {
  bg: {
    subject: (p) => `Потвърдете имейла си за ${p}`,
    body: (p) => `за да завършите профила си в ${p}, отворете връзката:`,
    ttl: 'Връзката важи 24 часа. Ако не сте се регистрирали, не правете нищо.',
  },
  en: {
    subject: (p) => `Confirm your e-mail for ${p}`,
    body: (p) => `to finish your profile at ${p}, open this link:`,
    ttl: 'The link works for 24 hours. If you did not register, do nothing.',
  },
  es: {
    subject: (p) => `Confirma tu correo para ${p}`,
    body: (p) => `para completar tu perfil en ${p}, abre este enlace:`,
    ttl: 'El enlace es válido 24 horas. Si no te has registrado, no hagas nada.',
  },
  de: {
    subject: (p) => `Bestätigen Sie Ihre E-Mail für ${p}`,
    body: (p) => `um Ihr Profil bei ${p} abzuschließen, öffnen Sie diesen Link:`,
    ttl: 'Der Link gilt 24 Stunden. Wenn Sie sich nicht registriert haben, tun Sie nichts.',
  },
  'fr-CH': {
    subject: (p) => `Confirmez votre e-mail pour ${p}`,
    body: (p) => `pour terminer votre profil chez ${p}, ouvrez ce lien :`,
    ttl: 'Le lien est valable 24 heures. Si vous ne vous êtes pas inscrit, ne faites rien.',
  },
};

const EXISTS_TEXTS: Record<Language, { subject: (p: string) => string; body: (p: string) => string }> = {
  bg: {
    subject: (p) => `Вече имате профил в ${p}`,
    body: (p) =>
      `някой (може би Вие) се опита да се регистрира в ${p} с този имейл, но профилът вече съществува. Влезте от връзката; ако сте забравили паролата, изберете „Забравена парола“. Ако не сте били Вие, не правете нищо.`,
  },
  en: {
    subject: (p) => `You already have a profile at ${p}`,
    body: (p) =>
      `someone (perhaps you) tried to register at ${p} with this e-mail, but the profile already exists. Log in from the link; if you forgot the password, choose "Forgot your password?". If it was not you, do nothing.`,
  },
  es: {
    subject: (p) => `Ya tienes un perfil en ${p}`,
    body: (p) =>
      `alguien (quizá tú) intentó registrarse en ${p} con este correo, pero el perfil ya existe. Inicia sesión desde el enlace; si olvidaste la contraseña, elige «¿Olvidaste tu contraseña?». Si no fuiste tú, no hagas nada.`,
  },
  de: {
    subject: (p) => `Sie haben bereits ein Profil bei ${p}`,
    body: (p) =>
      `jemand (vielleicht Sie) wollte sich bei ${p} mit dieser E-Mail registrieren, aber das Profil gibt es schon. Melden Sie sich über den Link an; haben Sie das Passwort vergessen, wählen Sie „Passwort vergessen?“. Waren Sie es nicht, tun Sie nichts.`,
  },
  'fr-CH': {
    subject: (p) => `Vous avez déjà un profil chez ${p}`,
    body: (p) =>
      `quelqu’un (peut-être vous) a tenté de s’inscrire chez ${p} avec cet e-mail, mais le profil existe déjà. Connectez-vous depuis le lien ; si vous avez oublié le mot de passe, choisissez « Mot de passe oublié ? ». Si ce n’était pas vous, ne faites rien.`,
  },
};

function linkMail(
  input: { to: string; firstName: string; link: string; lang: Language },
  subject: string,
  lines: string[],
  tag: string,
): MailMessage {
  const greeting = RESET_TEXTS[input.lang].greeting(input.firstName);
  const text = [greeting, '', ...lines.slice(0, 1), input.link, '', ...lines.slice(1)].join('\n');
  const html =
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lines[0] ?? '')}</p>` +
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>` +
    lines
      .slice(1)
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('');
  return { to: input.to, subject, text, html, tag };
}

/** A new registration: the link that confirms the address (and signs in). */
export function confirmEmailMail(input: {
  to: string;
  firstName: string;
  placeName: string;
  link: string;
  lang: Language;
}): MailMessage {
  const t = CONFIRM_TEXTS[input.lang];
  return linkMail(input, t.subject(input.placeName), [t.body(input.placeName), t.ttl], 'confirm_email');
}

/** A registration with an address that has a profile already: a notice to its owner, nothing else. */
export function accountExistsMail(input: {
  to: string;
  firstName: string;
  placeName: string;
  link: string;
  lang: Language;
}): MailMessage {
  const t = EXISTS_TEXTS[input.lang];
  return linkMail(input, t.subject(input.placeName), [t.body(input.placeName)], 'account_exists');
}

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

/** The answer to a login try during the wait after failed ones (the web app shows its own copy of these texts). */
export function loginSlowedMessage(seconds: number, lang: Language): string {
  const texts: Record<Language, string> = {
    bg: `Твърде много неуспешни опити за вход. Опитайте отново след ${seconds} с или сменете паролата.`,
    en: `Too many failed sign-ins. Try again in ${seconds} s, or reset your password.`,
    es: `Demasiados intentos fallidos. Vuelve a intentarlo en ${seconds} s o restablece la contraseña.`,
    de: `Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in ${seconds} s erneut oder setzen Sie das Passwort zurück.`,
    'fr-CH': `Trop d’échecs de connexion. Réessayez dans ${seconds} s ou réinitialisez votre mot de passe.`,
  };
  return texts[lang];
}

export function accountMessage(key: AccountMessageKey, lang: Language): string {
  return ACCOUNT_MESSAGES[key][lang];
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
