/**
 * Form validation (spec §5, §8, §9). Every failure is a stable code; VALIDATION_MESSAGES gives the Bulgarian and
 * English text, the web app's i18n the other languages under the same keys.
 *
 * Designed where the spec gives no value (README):
 * - phone: optional leading '+', then digits with optional spaces, dashes, dots and parentheses; 6 to 15 digits
 *   (E.164 allows at most 15); the venue's validate_phone_number_regex, when set, must also match the phone with
 *   spaces, dashes, dots and parentheses removed, matched by the linear-time engine of phone-pattern.ts;
 * - password: 8 to 128 characters, not only whitespace;
 * - floor, apartment, bell, entrance: required, at most 20 characters; street number at most 10 (spec §9);
 * - name 3 to 40 characters after trimming (spec §9), counted in Unicode code points.
 */
import type { OrderType } from './order-status.ts';
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
export const VALIDATION_MESSAGES: Record<ValidationCode, { bg: string; en: string }> = {
  invalid_name: {
    bg: 'Моля въведете валидно име (от 3 до 40 символа)',
    en: 'Please enter a valid name (3 to 40 symbols)',
  },
  invalid_phone: { bg: 'Моля въведете валиден телефон', en: 'Please enter a valid phone' },
  invalid_email: { bg: 'Моля въведете валиден имейл', en: 'Please enter a valid e-mail' },
  invalid_password: { bg: 'Моля въведете валидна парола', en: 'Please enter a valid password' },
  invalid_address: { bg: 'Моля въведете валиден адрес', en: 'Please enter a valid address' },
  street_number_required: { bg: 'Моля въведете номер на улицата', en: 'Please enter the street number' },
  street_number_too_long: { bg: 'Номерът на улицата е твърде дълъг', en: 'The street number is too long' },
  floor_required: { bg: 'Моля въведете етаж', en: 'Please enter the floor' },
  floor_too_long: { bg: 'Етажът е твърде дълъг', en: 'The floor is too long' },
  apartment_required: { bg: 'Моля въведете апартамент', en: 'Please enter the apartment' },
  apartment_too_long: { bg: 'Апартаментът е твърде дълъг', en: 'The apartment is too long' },
  bell_required: { bg: 'Моля въведете звънец', en: 'Please enter the bell' },
  bell_too_long: { bg: 'Звънецът е твърде дълъг', en: 'The bell is too long' },
  entrance_required: { bg: 'Моля въведете вход', en: 'Please enter the entrance' },
  entrance_too_long: { bg: 'Входът е твърде дълъг', en: 'The entrance is too long' },
  region_required: { bg: 'Моля изберете регион', en: 'Please select a region' },
  order_date_required: { bg: 'Моля изберете дата на поръчката', en: 'Please select the order date' },
  order_time_required: { bg: 'Моля изберете час на поръчката', en: 'Please select the order time' },
  room_number_required: { bg: 'Моля въведете номер на стая', en: 'Please enter the room number' },
  payment_method_required: { bg: 'Моля изберете начин на плащане', en: 'Please select a payment method' },
  cutlery_required: { bg: 'Моля изберете прибори', en: 'Please select cutlery' },
  order_type_required: { bg: 'Моля изберете тип на поръчката', en: 'Please select the order type' },
  pickup_place_required: { bg: 'Моля изберете обект за вземане', en: 'Please select the pickup place' },
  comment_too_long: {
    bg: 'Моля въведете валиден коментар до 500 символа',
    en: 'Please enter a valid comment up to 500 symbols',
  },
  terms_not_accepted: { bg: 'Моля приемете общите условия', en: 'Please accept the terms and conditions' },
  privacy_not_accepted: {
    bg: 'Моля приемете политиката за поверителност',
    en: 'Please accept the privacy policy',
  },
  terms_and_privacy_not_accepted: {
    bg: 'Моля приемете общите условия и политиката за поверителност',
    en: 'Please accept the terms and conditions and the privacy policy',
  },
  required_checkbox_not_ticked: {
    bg: 'Моля отбележете, ако желаете да продължите',
    en: 'Please agree if you want to proceed',
  },
  online_payment_requires_login: {
    bg: 'За да платите онлайн трябва да сте влезли в акаунта си',
    en: 'You need to be logged in to pay online',
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

export function isValidEmail(email: string | null | undefined): boolean {
  if (email == null) return false;
  const e = email.trim();
  return e.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/.test(e);
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

/** Order types whose form asks for name, phone and payment method; a table order (1) rides on the session. */
const CONTACT_TYPES: readonly OrderType[] = [2, 3, 6, 7];

/**
 * Validates the order modal for the chosen order type (spec §5): contact fields, the address and region for
 * delivery, room number for room, pickup place for preorder, date and time when the venue requires them
 * (delivery and pickup), payment method, cutlery choice, additional order type for room, comment, agreements,
 * and login for online payment. Returns every failing code, in field order, without duplicates.
 */
export function validateOrderForm(form: OrderFormInput, rules: OrderFormRules): ValidationCode[] {
  const out: ValidationCode[] = [];
  const type = rules.orderType;
  if (CONTACT_TYPES.includes(type)) {
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
  if (CONTACT_TYPES.includes(type)) {
    if (blank(form.paymentMethod)) out.push('payment_method_required');
    else if (paymentRequiresLogin(form.paymentMethod) && !rules.loggedIn)
      out.push('online_payment_requires_login');
  }
  if (rules.cutleryOptionOn && CONTACT_TYPES.includes(type) && form.cutlery == null)
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
