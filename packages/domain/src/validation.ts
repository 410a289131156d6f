/**
 * Form validation (spec §5, §8, §9). Every failure is a stable code; VALIDATION_MESSAGES gives the text in the five
 * languages, the same the web app's i18n shows under the same keys.
 *
 * Designed where the spec gives no value (README):
 * - phone: optional leading '+', then digits with optional spaces, dashes, dots and parentheses; 6 to 15 digits
 *   (E.164 allows at most 15); the venue's validate_phone_number_regex, when set, must also match the phone with
 *   spaces, dashes, dots and parentheses removed, matched by the linear-time engine of phone-pattern.ts;
 * - password: 8 to 128 characters, not only whitespace;
 * - floor, apartment, bell, entrance: required, at most 20 characters; street number at most 10 (spec §9);
 * - name 3 to 40 characters after trimming (spec §9), counted in Unicode code points.
 */
import type { Language } from './i18n.ts';
import { carriesGuestContact, type OrderType } from './order-status.ts';
import { paymentRequiresLogin } from './pricing/fees.ts';
import { MAX_COMMENT_LENGTH } from './cart.ts';

export const VALIDATION_CODES = [
  'invalid_name',
  'invalid_phone',
  'invalid_email',
  'invalid_password',
  'invalid_address',
  'street_number_required',
  'street_number_too_long',
  'floor_required',
  'floor_too_long',
  'apartment_required',
  'apartment_too_long',
  'bell_required',
  'bell_too_long',
  'entrance_required',
  'entrance_too_long',
  'region_required',
  'order_date_required',
  'order_time_required',
  'room_number_required',
  'payment_method_required',
  'cutlery_required',
  'order_type_required',
  'pickup_place_required',
  'comment_too_long',
  'terms_not_accepted',
  'privacy_not_accepted',
  'terms_and_privacy_not_accepted',
  'required_checkbox_not_ticked',
  'online_payment_requires_login',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** Bulgarian and English messages (spec §8). */
export const VALIDATION_MESSAGES: Record<ValidationCode, Record<Language, string>> = {
  invalid_name: {
    bg: 'Моля въведете валидно име (от 3 до 40 символа)',
    en: 'Please enter a valid name (3 to 40 symbols)',
    es: 'Introduzca un nombre válido (de 3 a 40 caracteres)',
    de: 'Bitte geben Sie einen gültigen Namen ein (3 bis 40 Zeichen)',
    'fr-CH': 'Veuillez saisir un nom valide (3 à 40 caractères)',
  },
  invalid_phone: {
    bg: 'Моля въведете валиден телефон',
    en: 'Please enter a valid phone',
    es: 'Introduzca un teléfono válido',
    de: 'Bitte geben Sie eine gültige Telefonnummer ein',
    'fr-CH': 'Veuillez saisir un téléphone valide',
  },
  invalid_email: {
    bg: 'Моля въведете валиден имейл',
    en: 'Please enter a valid e-mail',
    es: 'Introduzca un correo electrónico válido',
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    'fr-CH': 'Veuillez saisir un e-mail valide',
  },
  invalid_password: {
    bg: 'Моля въведете валидна парола',
    en: 'Please enter a valid password',
    es: 'Introduzca una contraseña válida',
    de: 'Bitte geben Sie ein gültiges Passwort ein',
    'fr-CH': 'Veuillez saisir un mot de passe valide',
  },
  invalid_address: {
    bg: 'Моля въведете валиден адрес',
    en: 'Please enter a valid address',
    es: 'Introduzca una dirección válida',
    de: 'Bitte geben Sie eine gültige Adresse ein',
    'fr-CH': 'Veuillez saisir une adresse valide',
  },
  street_number_required: {
    bg: 'Моля въведете номер на улицата',
    en: 'Please enter the street number',
    es: 'Introduzca el número de la calle',
    de: 'Bitte geben Sie die Hausnummer ein',
    'fr-CH': 'Veuillez saisir le numéro de rue',
  },
  street_number_too_long: {
    bg: 'Номерът на улицата е твърде дълъг',
    en: 'The street number is too long',
    es: 'El número de la calle es demasiado largo',
    de: 'Die Hausnummer ist zu lang',
    'fr-CH': 'Le numéro de rue est trop long',
  },
  floor_required: {
    bg: 'Моля въведете етаж',
    en: 'Please enter the floor',
    es: 'Introduzca el piso',
    de: 'Bitte geben Sie die Etage ein',
    'fr-CH': 'Veuillez saisir l’étage',
  },
  floor_too_long: {
    bg: 'Етажът е твърде дълъг',
    en: 'The floor is too long',
    es: 'El piso es demasiado largo',
    de: 'Die Etage ist zu lang',
    'fr-CH': 'L’étage est trop long',
  },
  apartment_required: {
    bg: 'Моля въведете апартамент',
    en: 'Please enter the apartment',
    es: 'Introduzca el apartamento',
    de: 'Bitte geben Sie die Wohnung ein',
    'fr-CH': 'Veuillez saisir l’appartement',
  },
  apartment_too_long: {
    bg: 'Апартаментът е твърде дълъг',
    en: 'The apartment is too long',
    es: 'El apartamento es demasiado largo',
    de: 'Die Wohnungsangabe ist zu lang',
    'fr-CH': 'L’appartement est trop long',
  },
  bell_required: {
    bg: 'Моля въведете звънец',
    en: 'Please enter the bell',
    es: 'Introduzca el timbre',
    de: 'Bitte geben Sie die Klingel ein',
    'fr-CH': 'Veuillez saisir la sonnette',
  },
  bell_too_long: {
    bg: 'Звънецът е твърде дълъг',
    en: 'The bell is too long',
    es: 'El timbre es demasiado largo',
    de: 'Die Klingelangabe ist zu lang',
    'fr-CH': 'La sonnette est trop longue',
  },
  entrance_required: {
    bg: 'Моля въведете вход',
    en: 'Please enter the entrance',
    es: 'Introduzca el portal',
    de: 'Bitte geben Sie den Eingang ein',
    'fr-CH': 'Veuillez saisir l’entrée',
  },
  entrance_too_long: {
    bg: 'Входът е твърде дълъг',
    en: 'The entrance is too long',
    es: 'El portal es demasiado largo',
    de: 'Die Eingangsangabe ist zu lang',
    'fr-CH': 'L’entrée est trop longue',
  },
  region_required: {
    bg: 'Моля изберете регион',
    en: 'Please select a region',
    es: 'Seleccione una zona',
    de: 'Bitte wählen Sie ein Gebiet',
    'fr-CH': 'Veuillez choisir un quartier',
  },
  order_date_required: {
    bg: 'Моля изберете дата на поръчката',
    en: 'Please select the order date',
    es: 'Seleccione la fecha del pedido',
    de: 'Bitte wählen Sie das Bestelldatum',
    'fr-CH': 'Veuillez choisir la date de commande',
  },
  order_time_required: {
    bg: 'Моля изберете час на поръчката',
    en: 'Please select the order time',
    es: 'Seleccione la hora del pedido',
    de: 'Bitte wählen Sie die Bestellzeit',
    'fr-CH': 'Veuillez choisir l’heure de commande',
  },
  room_number_required: {
    bg: 'Моля въведете номер на стая',
    en: 'Please enter the room number',
    es: 'Introduzca el número de habitación',
    de: 'Bitte geben Sie die Zimmernummer ein',
    'fr-CH': 'Veuillez saisir le numéro de chambre',
  },
  payment_method_required: {
    bg: 'Моля изберете начин на плащане',
    en: 'Please select a payment method',
    es: 'Seleccione una forma de pago',
    de: 'Bitte wählen Sie eine Zahlungsart',
    'fr-CH': 'Veuillez choisir un mode de paiement',
  },
  cutlery_required: {
    bg: 'Моля изберете прибори',
    en: 'Please select cutlery',
    es: 'Seleccione si desea cubiertos',
    de: 'Bitte wählen Sie, ob Sie Besteck möchten',
    'fr-CH': 'Veuillez indiquer si vous voulez des couverts',
  },
  order_type_required: {
    bg: 'Моля изберете тип на поръчката',
    en: 'Please select the order type',
    es: 'Seleccione el tipo de pedido',
    de: 'Bitte wählen Sie die Bestellart',
    'fr-CH': 'Veuillez choisir le type de commande',
  },
  pickup_place_required: {
    bg: 'Моля изберете обект за вземане',
    en: 'Please select the pickup place',
    es: 'Seleccione el local de recogida',
    de: 'Bitte wählen Sie den Abholort',
    'fr-CH': 'Veuillez choisir le lieu de retrait',
  },
  comment_too_long: {
    bg: 'Моля въведете валиден коментар до 500 символа',
    en: 'Please enter a valid comment up to 500 symbols',
    es: 'Introduzca un comentario válido de hasta 500 caracteres',
    de: 'Bitte geben Sie einen Kommentar mit höchstens 500 Zeichen ein',
    'fr-CH': 'Veuillez saisir un commentaire valide de 500 caractères maximum',
  },
  terms_not_accepted: {
    bg: 'Моля приемете общите условия',
    en: 'Please accept the terms and conditions',
    es: 'Acepte las condiciones generales',
    de: 'Bitte akzeptieren Sie die AGB',
    'fr-CH': 'Veuillez accepter les conditions générales',
  },
  privacy_not_accepted: {
    bg: 'Моля приемете политиката за поверителност',
    en: 'Please accept the privacy policy',
    es: 'Acepte la política de privacidad',
    de: 'Bitte akzeptieren Sie die Datenschutzerklärung',
    'fr-CH': 'Veuillez accepter la politique de confidentialité',
  },
  terms_and_privacy_not_accepted: {
    bg: 'Моля приемете общите условия и политиката за поверителност',
    en: 'Please accept the terms and conditions and the privacy policy',
    es: 'Acepte las condiciones generales y la política de privacidad',
    de: 'Bitte akzeptieren Sie die AGB und die Datenschutzerklärung',
    'fr-CH': 'Veuillez accepter les conditions générales et la politique de confidentialité',
  },
  required_checkbox_not_ticked: {
    bg: 'Моля отбележете, ако желаете да продължите',
    en: 'Please agree if you want to proceed',
    es: 'Marque la casilla si desea continuar',
    de: 'Bitte stimmen Sie zu, um fortzufahren',
    'fr-CH': 'Veuillez cocher pour continuer',
  },
  online_payment_requires_login: {
    bg: 'За да платите онлайн трябва да сте влезли в акаунта си',
    en: 'You need to be logged in to pay online',
    es: 'Para pagar en línea debe iniciar sesión',
    de: 'Um online zu bezahlen, müssen Sie angemeldet sein',
    'fr-CH': 'Pour payer en ligne, vous devez être connecté',
  },
};

export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 40;
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const STREET_NUMBER_MAX_LENGTH = 10;
export const ADDRESS_DETAIL_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 254;

const len = (s: string) => [...s].length;
const blank = (s: string | null | undefined) => s == null || s.trim() === '';

export function isValidName(name: string | null | undefined): boolean {
  if (name == null) return false;
  const n = len(name.trim());
  return n >= NAME_MIN_LENGTH && n <= NAME_MAX_LENGTH;
}

/** The phone with spaces, dashes, dots and parentheses removed. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

/**
 * A venue's extra phone rule, compiled (phone-pattern.ts compiles validate_phone_number_regex with the linear-time
 * RE2JS engine; this module stays engine-free so the browser loads the engine only where a venue sets a rule).
 */
export interface PhonePattern {
  readonly source: string;
  test(phone: string): boolean;
}

/**
 * The default phone check, then the venue's pattern (when given) against the phone with spaces, dashes, dots and
 * parentheses removed (at most 16 characters by then, whatever the pattern).
 */
export function isValidPhone(phone: string | null | undefined, venuePattern?: PhonePattern | null): boolean {
  if (phone == null) return false;
  const p = phone.trim();
  if (!/^\+?[\d\s\-().]+$/.test(p)) return false;
  const normalized = normalizePhone(p);
  const digits = normalized.replace(/^\+/, '');
  if (!/^\d+$/.test(digits) || digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS)
    return false;
  return venuePattern ? venuePattern.test(normalized) : true;
}

/**
 * One mailbox, strictly (issue "Security hardening" #10: `a,victim@…` passed and could address a list): the local
 * part is RFC 5321's dot-atom (letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, dots only between them,
 * at most 64), letters of any script allowed (RFC 6531); no quoted local parts, comments or IP literals, so never
 * a space, comma, semicolon, angle bracket, quote, parenthesis, backslash or control character. The domain is
 * dot-separated labels of letters and digits with inner hyphens (each ≤ 63), ending in a top-level label of two
 * or more letters (or `xn--` punycode). The server and the browser use this same rule.
 */
const EMAIL_LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const EMAIL_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const EMAIL_TLD = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{2,59})$/iu;

export function isValidEmail(email: string | null | undefined): boolean {
  if (email == null) return false;
  const e = email.trim();
  if (e.length > EMAIL_MAX_LENGTH) return false;
  const at = e.lastIndexOf('@');
  if (at <= 0) return false;
  const local = e.slice(0, at);
  const labels = e.slice(at + 1).split('.');
  if (local.length > 64 || !EMAIL_LOCAL.test(local) || labels.length < 2) return false;
  return labels.every((l) => EMAIL_LABEL.test(l)) && EMAIL_TLD.test(labels[labels.length - 1] ?? '');
}

export function isValidPassword(password: string | null | undefined): boolean {
  if (password == null || password.trim() === '') return false;
  const n = len(password);
  return n >= PASSWORD_MIN_LENGTH && n <= PASSWORD_MAX_LENGTH;
}

export function validateComment(comment: string | null | undefined): ValidationCode[] {
  return comment != null && len(comment.trim()) > MAX_COMMENT_LENGTH ? ['comment_too_long'] : [];
}

export interface AddressDetails {
  street?: string | null;
  number?: string | null;
  floor?: string | null;
  apartment?: string | null;
  bell?: string | null;
  entrance?: string | null;
}

/** Street, street number (≤ 10), floor, apartment, bell and entrance (≤ 20 each), all required (spec §5). */
export function validateAddress(address: AddressDetails | null | undefined): ValidationCode[] {
  const a = address ?? {};
  const out: ValidationCode[] = [];
  if (blank(a.street)) out.push('invalid_address');
  const check = (
    value: string | null | undefined,
    max: number,
    req: ValidationCode,
    long: ValidationCode,
  ) => {
    if (blank(value)) out.push(req);
    else if (len((value as string).trim()) > max) out.push(long);
  };
  check(a.number, STREET_NUMBER_MAX_LENGTH, 'street_number_required', 'street_number_too_long');
  check(a.floor, ADDRESS_DETAIL_MAX_LENGTH, 'floor_required', 'floor_too_long');
  check(a.apartment, ADDRESS_DETAIL_MAX_LENGTH, 'apartment_required', 'apartment_too_long');
  check(a.bell, ADDRESS_DETAIL_MAX_LENGTH, 'bell_required', 'bell_too_long');
  check(a.entrance, ADDRESS_DETAIL_MAX_LENGTH, 'entrance_required', 'entrance_too_long');
  return out;
}

export interface AgreementInput {
  terms?: boolean;
  privacy?: boolean;
  /** The single combined checkbox, when the venue shows one. */
  combined?: boolean;
  /** Ticked state of the order modal's required checkboxes, by id. */
  checkboxes?: Readonly<Record<string, boolean>>;
}

export interface AgreementRules {
  agreement_terms_required: boolean;
  agreement_privacy_required: boolean;
  agreement_combined: boolean;
  requiredCheckboxIds?: readonly string[];
}

/** Terms and privacy accepted, separately or together, and every required checkbox ticked (spec §5). */
export function validateAgreements(input: AgreementInput, rules: AgreementRules): ValidationCode[] {
  const out: ValidationCode[] = [];
  const needsAny = rules.agreement_terms_required || rules.agreement_privacy_required;
  if (rules.agreement_combined && needsAny) {
    if (!input.combined) out.push('terms_and_privacy_not_accepted');
  } else {
    const termsMissing = rules.agreement_terms_required && !input.terms;
    const privacyMissing = rules.agreement_privacy_required && !input.privacy;
    if (termsMissing && privacyMissing) out.push('terms_and_privacy_not_accepted');
    else if (termsMissing) out.push('terms_not_accepted');
    else if (privacyMissing) out.push('privacy_not_accepted');
  }
  if ((rules.requiredCheckboxIds ?? []).some((id) => !input.checkboxes?.[id]))
    out.push('required_checkbox_not_ticked');
  return out;
}

/** The order modal's fields (spec §3 "Order form fields"). */
export interface OrderFormInput extends AgreementInput {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  address?: AddressDetails | null;
  regionId?: number | null;
  orderDate?: string | null;
  orderTime?: string | null;
  roomNumber?: string | null;
  paymentMethod?: string | null;
  /** The cutlery choice (yes/no); null when not chosen. */
  cutlery?: boolean | null;
  cutleryCount?: number | null;
  additionalOrderType?: string | null;
  comment?: string | null;
  pickupPlaceId?: number | null;
}

/** What the venue and session require of the form. */
export interface OrderFormRules extends AgreementRules {
  orderType: OrderType;
  /** The venue's validate_phone_number_regex compiled (phone-pattern.ts); null or absent = default check only. */
  phonePattern?: PhonePattern | null;
  required_delivery_pickup_times: boolean;
  /** Whether the cutlery option is on for this order type (see settings.cutleryOptionOn). */
  cutleryOptionOn: boolean;
  /** Whether the venue delivers by region (then a region is required). */
  regionsEnabled: boolean;
  /** Whether the venue offers several pickup places (then one is required for preorder). */
  pickupPlacesEnabled: boolean;
  /** Additional order types offered for room orders; non-empty means one must be chosen. */
  roomAdditionalOrderTypes: readonly string[];
  /** Room number from the token, which fills the form's (spec §5). */
  tokenRoomNumber?: string | null;
  loggedIn: boolean;
}

/**
 * Validates the order modal for the chosen order type (spec §5): contact fields, the address and region for
 * delivery, room number for room, pickup place for preorder, date and time when the venue requires them
 * (delivery and pickup), payment method, cutlery choice, additional order type for room, comment, agreements,
 * and login for online payment. Returns every failing code, in field order, without duplicates.
 */
export function validateOrderForm(form: OrderFormInput, rules: OrderFormRules): ValidationCode[] {
  const out: ValidationCode[] = [];
  const type = rules.orderType;
  if (carriesGuestContact(type)) {
    if (!isValidName(form.name)) out.push('invalid_name');
    if (!isValidPhone(form.phone, rules.phonePattern)) out.push('invalid_phone');
  }
  if (!blank(form.email) && !isValidEmail(form.email)) out.push('invalid_email');
  if (type === 2) {
    out.push(...validateAddress(form.address));
    if (rules.regionsEnabled && form.regionId == null) out.push('region_required');
  }
  if ((type === 2 || type === 3) && rules.required_delivery_pickup_times) {
    if (blank(form.orderDate)) out.push('order_date_required');
    if (blank(form.orderTime)) out.push('order_time_required');
  }
  if (type === 6) {
    if (blank(form.roomNumber) && blank(rules.tokenRoomNumber)) out.push('room_number_required');
    if (
      rules.roomAdditionalOrderTypes.length > 0 &&
      !rules.roomAdditionalOrderTypes.includes(form.additionalOrderType ?? '')
    ) {
      out.push('order_type_required');
    }
  }
  if (type === 3 && rules.pickupPlacesEnabled && form.pickupPlaceId == null)
    out.push('pickup_place_required');
  if (carriesGuestContact(type)) {
    if (blank(form.paymentMethod)) out.push('payment_method_required');
    else if (paymentRequiresLogin(form.paymentMethod) && !rules.loggedIn)
      out.push('online_payment_requires_login');
  }
  if (rules.cutleryOptionOn && carriesGuestContact(type) && form.cutlery == null)
    out.push('cutlery_required');
  out.push(...validateComment(form.comment));
  out.push(...validateAgreements(form, rules));
  return [...new Set(out)];
}

/** The room number an order carries: the token's when present, else the form's (spec §5). */
export function effectiveRoomNumber(
  formRoom: string | null | undefined,
  tokenRoom: string | null | undefined,
): string | null {
  if (!blank(tokenRoom)) return (tokenRoom as string).trim();
  return blank(formRoom) ? null : (formRoom as string).trim();
}
