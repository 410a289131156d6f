/** The invitation e-mail (platform console → a brand's future admin), in the brand's first language. */
import type { Language } from '@trapeza/domain/i18n';
import { INVITE_TTL_HOURS } from '@trapeza/domain/platform';
import type { MailMessage } from '../../lib/mailer.ts';

interface InviteTexts {
  subject: (brand: string) => string;
  body: (brand: string, role: string) => string;
  action: string;
  expiry: string;
  ignore: string;
}

const ROLE_NAMES: Record<Language, Record<'CLIENT_ADMIN' | 'PLACE_ADMIN', (place?: string) => string>> = {
  bg: {
    CLIENT_ADMIN: () => 'администратор на марката',
    PLACE_ADMIN: (p) => `администратор на ${p ?? 'обекта'}`,
  },
  en: {
    CLIENT_ADMIN: () => 'brand administrator',
    PLACE_ADMIN: (p) => `administrator of ${p ?? 'the venue'}`,
  },
  es: {
    CLIENT_ADMIN: () => 'administrador de la marca',
    PLACE_ADMIN: (p) => `administrador de ${p ?? 'el local'}`,
  },
  de: {
    CLIENT_ADMIN: () => 'Markenadministrator',
    PLACE_ADMIN: (p) => `Administrator von ${p ?? 'dem Lokal'}`,
  },
  'fr-CH': {
    CLIENT_ADMIN: () => 'administrateur de la marque',
    PLACE_ADMIN: (p) => `administrateur de ${p ?? 'l’établissement'}`,
  },
};

const TEXTS: Record<Language, InviteTexts> = {
  bg: {
    subject: (b) => `Покана за ${b}`,
    body: (b, r) => `Поканени сте като ${r} в ${b}.`,
    action: 'Задайте парола и влезте от тази връзка:',
    expiry: `Връзката важи ${INVITE_TTL_HOURS} часа и може да се използва само веднъж.`,
    ignore: 'Ако не очаквате тази покана, просто игнорирайте писмото.',
  },
  en: {
    subject: (b) => `Your invitation to ${b}`,
    body: (b, r) => `You have been invited as ${r} of ${b}.`,
    action: 'Set your password and sign in with this link:',
    expiry: `The link is valid for ${INVITE_TTL_HOURS} hours and can be used once.`,
    ignore: 'If you did not expect this invitation, simply ignore this e-mail.',
  },
  es: {
    subject: (b) => `Tu invitación a ${b}`,
    body: (b, r) => `Has sido invitado como ${r} de ${b}.`,
    action: 'Establece tu contraseña e inicia sesión con este enlace:',
    expiry: `El enlace es válido durante ${INVITE_TTL_HOURS} horas y solo se puede usar una vez.`,
    ignore: 'Si no esperabas esta invitación, ignora este correo.',
  },
  de: {
    subject: (b) => `Ihre Einladung zu ${b}`,
    body: (b, r) => `Sie wurden als ${r} von ${b} eingeladen.`,
    action: 'Legen Sie mit diesem Link Ihr Passwort fest und melden Sie sich an:',
    expiry: `Der Link ist ${INVITE_TTL_HOURS} Stunden gültig und kann nur einmal verwendet werden.`,
    ignore: 'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail einfach.',
  },
  'fr-CH': {
    subject: (b) => `Votre invitation à ${b}`,
    body: (b, r) => `Vous avez été invité en tant qu’${r} de ${b}.`,
    action: 'Choisissez votre mot de passe et connectez-vous avec ce lien :',
    expiry: `Le lien est valable ${INVITE_TTL_HOURS} heures et ne peut être utilisé qu’une fois.`,
    ignore: 'Si vous n’attendiez pas cette invitation, ignorez simplement cet e-mail.',
  },
};

export function inviteMail(
  lang: Language,
  m: {
    to: string;
    link: string;
    clientName: string;
    placeName?: string;
    role: 'CLIENT_ADMIN' | 'PLACE_ADMIN';
  },
): MailMessage {
  const t = TEXTS[lang];
  const role = ROLE_NAMES[lang][m.role](m.placeName);
  return {
    to: m.to,
    subject: t.subject(m.clientName),
    text: [t.body(m.clientName, role), '', t.action, m.link, '', t.expiry, t.ignore].join('\n'),
    tag: 'platform_invite',
  };
}
