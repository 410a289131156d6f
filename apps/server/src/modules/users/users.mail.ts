/**
 * Texts of the accounts e-mails and answers in the five languages (spec §1: bg default, en, es, de, fr-CH).
 * The language comes from the request (`lang` header, else `Accept-Language`), falling back to Bulgarian (spec §4).
 */
import type { Language } from '@trapeza/domain/i18n';
import type { MailMessage } from '../../lib/mailer.ts';

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

/** Texts of the accounts answers (codes are the stable part; the web app may show its own translation). */
export const ACCOUNT_MESSAGES = {
  reset_password_sent: {
    bg: 'Ако съществува профил с този имейл, изпратихме инструкции за смяна на паролата.',
    en: 'If a profile with this e-mail exists, we have sent password reset instructions.',
    es: 'Si existe un perfil con este correo, hemos enviado las instrucciones para restablecer la contraseña.',
    de: 'Falls ein Profil mit dieser E-Mail existiert, haben wir eine Anleitung zum Zurücksetzen gesendet.',
    'fr-CH': 'Si un profil existe avec cet e-mail, nous avons envoyé les instructions de réinitialisation.',
  },
  password_reset_done: {
    bg: 'Паролата е сменена. Можете да влезете с новата парола.',
    en: 'Your password has been changed. You can log in with the new password.',
    es: 'La contraseña se ha cambiado. Ya puedes iniciar sesión con la nueva contraseña.',
    de: 'Ihr Passwort wurde geändert. Sie können sich mit dem neuen Passwort anmelden.',
    'fr-CH': 'Votre mot de passe a été modifié. Vous pouvez vous connecter avec le nouveau mot de passe.',
  },
  login_fail: {
    bg: 'Неуспешен вход: невалидни данни',
    en: 'Login failed: Invalid credentials',
    es: 'Error al iniciar sesión: credenciales no válidas',
    de: 'Anmeldung fehlgeschlagen: ungültige Anmeldedaten',
    'fr-CH': 'Échec de la connexion : identifiants invalides',
  },
  email_taken: {
    bg: 'Вече има профил с този имейл.',
    en: 'A profile with this e-mail already exists.',
    es: 'Ya existe un perfil con este correo.',
    de: 'Es gibt bereits ein Profil mit dieser E-Mail.',
    'fr-CH': 'Un profil existe déjà avec cet e-mail.',
  },
  reset_token_invalid: {
    bg: 'Връзката за смяна на паролата е невалидна или е изтекла.',
    en: 'The password reset link is invalid or has expired.',
    es: 'El enlace para restablecer la contraseña no es válido o ha caducado.',
    de: 'Der Link zum Zurücksetzen ist ungültig oder abgelaufen.',
    'fr-CH': 'Le lien de réinitialisation est invalide ou a expiré.',
  },
  current_password_invalid: {
    bg: 'Текущата парола е грешна.',
    en: 'The current password is wrong.',
    es: 'La contraseña actual es incorrecta.',
    de: 'Das aktuelle Passwort ist falsch.',
    'fr-CH': 'Le mot de passe actuel est incorrect.',
  },
  user_banned: {
    bg: 'Този профил е блокиран.',
    en: 'This profile is blocked.',
    es: 'Este perfil está bloqueado.',
    de: 'Dieses Profil ist gesperrt.',
    'fr-CH': 'Ce profil est bloqué.',
  },
  payments_module_disabled: {
    bg: 'Онлайн плащането не е включено за това заведение.',
    en: 'Online payment is not enabled for this venue.',
    es: 'El pago en línea no está activado para este local.',
    de: 'Online-Zahlung ist für dieses Lokal nicht aktiviert.',
    'fr-CH': 'Le paiement en ligne n’est pas activé pour cet établissement.',
  },
  registration_email_sent: {
    bg: 'Изпратихме имейл на този адрес. Отворете връзката в него, за да завършите регистрацията.',
    en: 'We have sent an e-mail to this address. Open the link in it to finish registering.',
    es: 'Hemos enviado un correo a esta dirección. Abre el enlace que contiene para completar el registro.',
    de: 'Wir haben eine E-Mail an diese Adresse gesendet. Öffnen Sie den Link darin, um die Registrierung abzuschließen.',
    'fr-CH':
      'Nous avons envoyé un e-mail à cette adresse. Ouvrez le lien qu’il contient pour terminer l’inscription.',
  },
  confirm_token_invalid: {
    bg: 'Връзката за потвърждение е невалидна или е изтекла. Регистрирайте се отново.',
    en: 'The confirmation link is invalid or has expired. Please register again.',
    es: 'El enlace de confirmación no es válido o ha caducado. Vuelve a registrarte.',
    de: 'Der Bestätigungslink ist ungültig oder abgelaufen. Bitte registrieren Sie sich erneut.',
    'fr-CH': 'Le lien de confirmation est invalide ou a expiré. Veuillez vous inscrire à nouveau.',
  },
  rate_limited: {
    bg: 'Твърде много заявки, опитайте по-късно.',
    en: 'Too many requests, try again later.',
    es: 'Demasiadas solicitudes, inténtalo más tarde.',
    de: 'Zu viele Anfragen, bitte später erneut versuchen.',
    'fr-CH': 'Trop de requêtes, réessayez plus tard.',
  },
} as const satisfies Record<string, Record<Language, string>>;

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
