/**
 * Accounts API contracts (spec §3 user profile, §4 login/logout/validate, §7 calls). The single source of these
 * payloads' types for the server (validation, OpenAPI) and the browser.
 *
 * The schemas check shape only (strings where strings are due, trimmed); the content rules (name 3–40, e-mail,
 * phone, password length) are the domain's validation rules, applied by the server so that every field error
 * comes back with its stable code in one 400 answer.
 */
import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { money, moneyWhen } from './money.ts';

/** Minor units on the wire (the platform twin of the auth answer). */
const minor = z.number().int();

/**
 * Hard caps on profile strings (issue "Security hardening": a 900 kB profile field was accepted). Far above the
 * business limits the domain checks with field codes (name 3–40, e-mail ≤ 254, password ≤ 128); past them the
 * body is refused as a whole (400) before anything is stored.
 */
export const PROFILE_TEXT_MAX = 254;
export const PROFILE_ADDRESS_MAX = 500;
export const PASSWORD_INPUT_MAX = 1024;
const text = z.string().trim().max(PROFILE_TEXT_MAX);
const optionalText = z.string().trim().max(PROFILE_TEXT_MAX).optional();

export const RoleName = z.enum(ROLES);

/** The signed-in user as the browser sees it (never the password hash). */
const userOf = (m: typeof money | typeof minor) =>
  z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    /** Loyalty points: a count, not money. */
    points: z.number().int(),
    /** Accumulated order amount (spec §1 "accumulated order amount"): venue currency on the guest calls. */
    accumulated_amount: m,
    role: RoleName,
  });
export const StoreUser = userOf(money);
export type StoreUser = z.infer<typeof StoreUser>;

/** Answer of login, register and editProfile: a fresh bearer token and the user. */
export const StoreAuthResponse = z.object({ token: z.string(), user: StoreUser });
/**
 * The same answer in minor units, for the platform's invitation accept (`/api/platform/…` carries minor units like
 * every staff, admin and platform call): the web app stores the user as it stores a login's, in minor units.
 */
export const AuthResponseMinor = z.object({ token: z.string(), user: userOf(minor) });
export type StoreAuthResponse = z.infer<typeof StoreAuthResponse>;

/** POST login (guests and staff alike; a staff token carries the staff role). */
export const StoreLoginRequest = z.object({ email: text, password: z.string() });
export type StoreLoginRequest = z.infer<typeof StoreLoginRequest>;

/** POST register. `address` is optional; terms acceptance is the form's business (spec §5) and not stored. */
export const StoreRegisterRequest = z.object({
  first_name: text,
  last_name: text,
  email: text,
  phone: text,
  password: z.string().max(PASSWORD_INPUT_MAX),
  address: z.string().trim().max(PROFILE_ADDRESS_MAX).optional(),
});
export type StoreRegisterRequest = z.infer<typeof StoreRegisterRequest>;

/** POST users/confirm-email: the token from the registration's e-mailed link. */
export const StoreConfirmEmailRequest = z.object({ token: z.string().min(1).max(200) });
export type StoreConfirmEmailRequest = z.infer<typeof StoreConfirmEmailRequest>;

/** A plain acknowledgement: a stable code and the text in the request's language. */
export const StoreMessageResponse = z.object({ code: z.string(), message: z.string() });
export type StoreMessageResponse = z.infer<typeof StoreMessageResponse>;

/**
 * POST users/reset-password: the profile identifier is the e-mail. The answer is the same whether or not the
 * profile exists (spec §8: "password reset instructions sent if the profile exists").
 */
export const StoreResetPasswordRequest = z.object({ email: text });
export type StoreResetPasswordRequest = z.infer<typeof StoreResetPasswordRequest>;

/** POST users/reset-password/confirm: the token from the e-mailed link and the new password. */
export const StoreResetPasswordConfirmRequest = z.object({ token: z.string().min(1), password: z.string() });
export type StoreResetPasswordConfirmRequest = z.infer<typeof StoreResetPasswordConfirmRequest>;

/**
 * POST users/editProfile: any subset of the profile fields. A new e-mail or a new password needs the current
 * password (`current_password`), so that a stolen token alone cannot take the account over.
 */
export const StoreEditProfileRequest = z.object({
  first_name: optionalText,
  last_name: optionalText,
  email: optionalText,
  phone: optionalText,
  /** '' clears the address. */
  address: z.string().trim().max(PROFILE_ADDRESS_MAX).nullable().optional(),
  password: z.string().max(PASSWORD_INPUT_MAX).optional(),
  current_password: z.string().max(PASSWORD_INPUT_MAX).optional(),
});
export type StoreEditProfileRequest = z.infer<typeof StoreEditProfileRequest>;

/** POST users/validate: false means the session is invalid (spec §4: the web app logs out). */
/** Spec §7: the bare JSON `true` or `false` (false: the session no longer stands, log out). */
export const StoreValidateResponse = z.boolean();
export type StoreValidateResponse = z.infer<typeof StoreValidateResponse>;

/** One line of an order in the user's history. */
export const StoreUserOrderProduct = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  name: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  line_total: money,
});

/** GET users/orders: one row per order with the §3 order-list columns. */
export const StoreUserOrder = z.object({
  id: z.number().int(),
  key: z.string(),
  /** order date, ISO-8601 UTC */
  created_at: z.string(),
  products: z.array(StoreUserOrderProduct),
  /** order type (1 spot, 2 delivery, 3 pickup, 6 room, 7 served on spot) */
  type: z.number().int(),
  /** amount, venue currency */
  total: money,
  currency: z.string(),
  /** payment: method and state */
  payment_method: z.string().nullable(),
  payment_status: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** the delivery address as written on the order, or the room number for room service */
  address: z.string().nullable(),
  /** personal data given with the order */
  client_name: z.string().nullable(),
  client_phone: z.string().nullable(),
  client_email: z.string().nullable(),
  /** The short number of the venue's day (issue 24 #8); null for older orders. */
  number: z.number().int().nullable().optional(),
  /** The order's tracking page key (issue 24 #6: `/{place}/order/{tracking_token}`); null for older orders. */
  tracking_token: z.string().nullable().optional(),
});
export type StoreUserOrder = z.infer<typeof StoreUserOrder>;
export const StoreUserOrdersResponse = z.array(StoreUserOrder);
export type StoreUserOrdersResponse = z.infer<typeof StoreUserOrdersResponse>;

/**
 * GET check-registered-user-discount: the place's nth-order discount the user gets on their next order (spec §9:
 * applies when on_order_number equals the order count plus one), with the order count; null when none applies
 * (anonymous, or no discount for the next order number).
 */
export const StoreRegisteredUserDiscount = moneyWhen(
  z.object({
    on_order_number: z.number().int(),
    discount_type: z.enum(['percent', 'money']),
    /** percent (12.5 = 12.5 %) or an amount in the venue currency */
    discount_amount: z.number(),
    orders_count: z.number().int(),
  }),
  'discount_type',
  'discount_amount',
);
export type StoreRegisteredUserDiscount = z.infer<typeof StoreRegisteredUserDiscount>;
export const StoreRegisteredUserDiscountResponse = StoreRegisteredUserDiscount.nullable();
export type StoreRegisteredUserDiscountResponse = z.infer<typeof StoreRegisteredUserDiscountResponse>;

/** GET users/payment-instruments: saved cards for one-touch payment (never the provider token). */
export const StorePaymentInstrument = z.object({
  id: z.number().int(),
  name: z.string(),
  provider: z.string(),
  type: z.number().int(),
  expires: z.string().nullable(),
});
export type StorePaymentInstrument = z.infer<typeof StorePaymentInstrument>;
export const StorePaymentInstrumentsResponse = z.array(StorePaymentInstrument);
export type StorePaymentInstrumentsResponse = z.infer<typeof StorePaymentInstrumentsResponse>;

/** Error codes of the accounts calls (the answer is the shared ApiError {code, message}). */
export const ACCOUNT_ERROR_CODES = [
  /** POST login with an unknown e-mail or a wrong password (spec §8 login_fail). */
  'login_fail',
  /** editProfile with an e-mail that already has a profile under this client (register never says so). */
  'email_taken',
  /** a registration's confirmation link that is unknown, altered or expired. */
  'confirm_token_invalid',
  /** a reset token that is unknown, used or expired. */
  'reset_token_invalid',
  /** editProfile changing e-mail or password without the right current password. */
  'current_password_invalid',
  /** a protected call without a valid token. */
  'unauthorized',
  /** a valid token whose role or places do not reach the call. */
  'forbidden',
  /** a banned account. */
  'user_banned',
  /** rate limit (spec §8: too many requests, try again later); the same code as the API-wide limit. */
  'rate_limited',
  /** users/payment-instruments at a place without the payments module. */
  'payments_module_disabled',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];
