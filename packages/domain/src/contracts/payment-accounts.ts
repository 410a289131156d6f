/**
 * A venue's own payment provider accounts in the admin (issue 16 #3): `/api/admin/payment-accounts`. Secrets go in
 * and never come out: an answer says whether one is set and its last 4 characters.
 */
import { z } from 'zod';

export const PAYMENT_ACCOUNT_PROVIDERS = ['epay', 'one_touch', 'redsys'] as const;
export type PaymentAccountProvider = (typeof PAYMENT_ACCOUNT_PROVIDERS)[number];

/** The non-secret fields of each provider, as entered (the secret is `secret` for all three). */
export const PAYMENT_ACCOUNT_FIELDS = {
  epay: ['min'],
  one_touch: ['app_id', 'kin'],
  redsys: ['merchant_code', 'terminal'],
} as const satisfies Record<PaymentAccountProvider, readonly string[]>;

/** What each provider's fields must look like (ePay MIN digits; Redsys FUC up to 9 digits, terminal up to 3). */
export const PaymentAccountFieldRules = {
  epay: z.object({
    min: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'MIN must be digits'),
  }),
  one_touch: z.object({
    app_id: z.string().trim().min(1).max(64),
    kin: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'KIN must be digits'),
  }),
  redsys: z.object({
    merchant_code: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, 'merchant code: up to 9 digits'),
    terminal: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, 'terminal: up to 3 digits'),
  }),
} as const;

/** Secret rules: ePay and One Touch secrets at least 8 characters; the Redsys key 24 bytes in base64. */
export function paymentSecretProblem(provider: PaymentAccountProvider, secret: string): string | null {
  if (provider === 'redsys') {
    return /^[A-Za-z0-9+/]{32}$/.test(secret) ? null : 'the key must be 24 bytes in base64 (32 characters)';
  }
  return secret.length >= 8 && secret.length <= 200 ? null : 'the secret must be 8 to 200 characters';
}

export const PaymentAccountProviderParam = z.object({ provider: z.enum(PAYMENT_ACCOUNT_PROVIDERS) });

export const PaymentAccount = z.object({
  provider: z.enum(PAYMENT_ACCOUNT_PROVIDERS),
  configured: z.boolean(),
  /** The non-secret fields (empty strings when not configured). */
  fields: z.record(z.string(), z.string()),
  /** Never the secret: whether one is stored and its last 4 characters. */
  secret: z.object({ set: z.boolean(), last4: z.string().nullable() }),
  /** When a test payment last succeeded with exactly these credentials; null: not known to work. */
  verified_at: z.string().nullable(),
});
export type PaymentAccount = z.infer<typeof PaymentAccount>;

export const PaymentAccountsResponse = z.object({
  accounts: z.array(PaymentAccount),
  /** The operator's PAYMENTS_CONFIG_FILE names this venue: it wins over the accounts entered here. */
  file_override: z.boolean(),
});
export type PaymentAccountsResponse = z.infer<typeof PaymentAccountsResponse>;

/** PUT body: the provider's fields; `secret` only to set or change it (omitted or empty: keep the stored one). */
export const PaymentAccountBody = z.object({
  fields: z.record(z.string(), z.string().max(200)),
  secret: z.string().max(200).optional(),
});
export type PaymentAccountBody = z.infer<typeof PaymentAccountBody>;

/**
 * A test payment's outcome: `accepted` (the provider took the signed payment request: the credentials work),
 * `refused` (the provider's own words in `detail`), `unreachable` (no answer), `not_configured`.
 */
export const PaymentAccountTestResponse = z.object({
  ok: z.boolean(),
  result: z.enum(['accepted', 'refused', 'unreachable', 'not_configured']),
  /** Amount of the test payment in minor units (1 = 0.01 €; ePay and One Touch take more than 0.01: 2). */
  amount: z.number().int(),
  currency: z.string(),
  detail: z.string(),
  account: PaymentAccount,
});
export type PaymentAccountTestResponse = z.infer<typeof PaymentAccountTestResponse>;
