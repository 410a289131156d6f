/**
 * Per-place provider configuration: merchant ids, secrets and base URLs. Secrets live only here, server-side —
 * never in the settings table (GET settings) nor in any answer to the browser.
 *
 * Sources, in order, for a place `client/place`:
 *   1. PAYMENTS_CONFIG_FILE (default DATA_DIR/payments.json when present): JSON
 *        { "places": { "demo/bistro": { "epay": {…}, "oneTouch": {…}, "redsys": {…}, "invoiceTtlMinutes": 60 } } }
 *   2. the provider simulator, in demo mode only (PAYMENT_SIMULATOR=1, on by default in development, or
 *      PAYMENT_SIMULATOR_URL): every place with the payments module gets demo accounts derived from its slugs and
 *      this installation's random simulator secret (simulatorAccounts), which the simulator derives the same way.
 *      The secret is PAYMENT_SIMULATOR_SECRET or generated once into DATA_DIR/payment-simulator-secret (0600):
 *      accounts derived from public data alone would let anyone sign a "PAID" notice for their own order.
 * A place with neither cannot take online payments (payments_not_configured).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { StartupError } from '../../lib/startup-error.ts';
import type { OneTouchConfig } from './providers/epay-one-touch.ts';
import type { EpayWebConfig } from './providers/epay-web.ts';
import type { RedsysConfig } from './providers/redsys.ts';

export interface PlacePaymentConfig {
  epay?: EpayWebConfig;
  oneTouch?: OneTouchConfig;
  redsys?: RedsysConfig;
  /** How long an invoice stays payable (ePay EXP_TIME); default 60 minutes. */
  invoiceTtlMinutes?: number;
}

export interface PaymentsConfig {
  /** Keyed `client/place` (slugs). */
  places: Record<string, PlacePaymentConfig>;
  /** Base URL of the provider simulator the places without a file entry use; null = none (always outside demo mode). */
  simulatorUrl: string | null;
  /** Key the simulator accounts are derived from (random per installation); set whenever simulatorUrl is. */
  simulatorSecret: string | null;
  /** Start the simulator inside `npm start` (server.ts) on simulatorPort. */
  startSimulator: boolean;
  simulatorPort: number;
}

const url = z.string().url();
const PlaceSchema = z.object({
  epay: z
    .object({
      min: z.string().regex(/^\d+$/, 'MIN must be digits'),
      secret: z.string().min(8),
      baseUrl: url,
      page: z.enum(['paylogin', 'credit_paydirect']).optional(),
      lang: z.enum(['bg', 'en']).optional(),
    })
    .optional(),
  oneTouch: z
    .object({
      appId: z.string().min(1),
      secret: z.string().min(8),
      apiBase: url,
      webBase: url,
      kin: z.string().min(1),
    })
    .optional(),
  redsys: z
    .object({
      merchantCode: z.string().regex(/^\d{1,9}$/),
      terminal: z.string().regex(/^\d{1,3}$/),
      key: z.string().refine((k) => Buffer.from(k, 'base64').length === 24, 'key must be 24 bytes in base64'),
      url,
    })
    .optional(),
  invoiceTtlMinutes: z
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 30)
    .optional(),
});
const FileSchema = z.object({ places: z.record(z.string().regex(/^[^/]+\/[^/]+$/), PlaceSchema) });

const EnvSchema = z.object({
  PAYMENTS_CONFIG_FILE: z.string().min(1).optional(),
  PAYMENT_SIMULATOR: z.enum(['0', '1']).optional(),
  PAYMENT_SIMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(3999),
  PAYMENT_SIMULATOR_URL: z.string().url().optional(),
  PAYMENT_SIMULATOR_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

/** Reads the payments part of the environment; a broken config file stops the start with one line. */
export function loadPaymentsConfig(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  nodeEnv: 'development' | 'production' | 'test',
  cwd: string = process.cwd(),
  /** Demo mode (config.ts: DEMO, default on except in production): the simulator exists only there. */
  demo: boolean = nodeEnv !== 'production',
): PaymentsConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StartupError(
      `invalid configuration: ${issue?.path.join('.')} ${issue?.message ?? 'is invalid'}`,
    );
  }
  const e = parsed.data;
  const file = e.PAYMENTS_CONFIG_FILE
    ? isAbsolute(e.PAYMENTS_CONFIG_FILE)
      ? e.PAYMENTS_CONFIG_FILE
      : resolve(cwd, e.PAYMENTS_CONFIG_FILE)
    : join(dataDir, 'payments.json');
  let places: Record<string, PlacePaymentConfig> = {};
  if (existsSync(file)) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new StartupError(`cannot read payments config ${file}: ${(err as Error).message}`);
    }
    const checked = FileSchema.safeParse(json);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new StartupError(`invalid payments config ${file}: ${issue?.path.join('.')} ${issue?.message}`);
    }
    places = checked.data.places;
  } else if (e.PAYMENTS_CONFIG_FILE) {
    throw new StartupError(`payments config ${file} does not exist`);
  }
  // The simulator is a demo and test tool: only in demo mode (never in production unless DEMO=1), and there on by
  // default only in development. Asking for it outside demo mode is a mistake worth stopping for.
  if (!demo && (e.PAYMENT_SIMULATOR === '1' || e.PAYMENT_SIMULATOR_URL)) {
    throw new StartupError(
      'invalid configuration: the payment provider simulator (PAYMENT_SIMULATOR / PAYMENT_SIMULATOR_URL) runs only ' +
        'in demo mode: set DEMO=1, or configure real payment accounts in payments.json',
    );
  }
  const startSimulator =
    demo && (e.PAYMENT_SIMULATOR ? e.PAYMENT_SIMULATOR === '1' : nodeEnv === 'development');
  const simulatorUrl =
    e.PAYMENT_SIMULATOR_URL?.replace(/\/+$/, '') ??
    (startSimulator ? `http://localhost:${e.PAYMENT_SIMULATOR_PORT}` : null);
  return {
    places,
    simulatorUrl,
    simulatorSecret: simulatorUrl
      ? (e.PAYMENT_SIMULATOR_SECRET ?? loadOrCreateSimulatorSecret(dataDir))
      : null,
    startSimulator: startSimulator && !e.PAYMENT_SIMULATOR_URL,
    simulatorPort: e.PAYMENT_SIMULATOR_PORT,
  };
}

/** The simulator's key, generated once into DATA_DIR (owner-only) like the JWT secret. */
function loadOrCreateSimulatorSecret(dataDir: string): string {
  const file = join(dataDir, 'payment-simulator-secret');
  try {
    if (existsSync(file)) {
      const secret = readFileSync(file, 'utf8').trim();
      if (secret.length >= 32) return secret;
    }
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  } catch (err) {
    throw new StartupError(
      `cannot read or write the payment simulator secret in ${dataDir}: ${(err as Error).message}`,
    );
  }
}

/** The configuration of one place, or null when it cannot take online payments. */
export function placePaymentConfig(
  config: PaymentsConfig,
  clientSlug: string,
  placeSlug: string,
): PlacePaymentConfig | null {
  const ref = `${clientSlug}/${placeSlug}`;
  const own = config.places[ref];
  if (own) return own;
  return config.simulatorUrl && config.simulatorSecret
    ? simulatorAccounts(ref, config.simulatorUrl, config.simulatorSecret)
    : null;
}

function derive(secret: string, label: string, ref: string): Buffer {
  return createHmac('sha256', secret).update(`trapeza-payment-simulator:${label}:${ref}`).digest();
}
function digits(buf: Buffer, n: number): string {
  const d = BigInt(`0x${buf.toString('hex')}`)
    .toString()
    .slice(-n)
    .padStart(n, '0');
  return `${(Number(d[0]) % 9) + 1}${d.slice(1)}`;
}

/**
 * Demo merchant accounts of a place at the simulator, derived from `client/place` and the installation's secret so
 * that the server and the simulator agree without sharing a file, and nobody else can compute them. Only ever
 * used against the simulator.
 */
export function simulatorAccounts(
  ref: string,
  simulatorUrl: string,
  secret: string,
): Required<Omit<PlacePaymentConfig, 'invoiceTtlMinutes'>> {
  const base = simulatorUrl.replace(/\/+$/, '');
  const part = (label: string) => derive(secret, label, ref);
  return {
    epay: {
      min: digits(part('epay-min'), 10),
      secret: part('epay-secret').toString('hex').slice(0, 32),
      baseUrl: `${base}/epay/`,
    },
    oneTouch: {
      appId: `sim-${digits(part('app'), 8)}`,
      secret: part('app-secret').toString('hex').slice(0, 32),
      apiBase: `${base}/xdev/api`,
      webBase: `${base}/xdev/mobile`,
      kin: digits(part('kin'), 10),
    },
    redsys: {
      merchantCode: digits(part('fuc'), 9),
      terminal: '1',
      key: part('redsys-key').subarray(0, 24).toString('base64'),
      url: `${base}/sis/realizarPago`,
    },
  };
}

/**
 * Where the accounts a venue enters in the admin (payment-accounts.service.ts) are used: the provider simulator in
 * demo mode (PAYMENT_SIMULATOR / PAYMENT_SIMULATOR_URL), else the providers' production addresses (payments.md:
 * ePay `https://www.epay.bg/`, One Touch `https://www.epay.bg/xdev/…` [I], Redsys `https://sis.redsys.es`).
 * A venue that needs the providers' test systems is configured in PAYMENTS_CONFIG_FILE, which names its URLs.
 */
export function storedAccountUrls(config: Pick<PaymentsConfig, 'simulatorUrl'>) {
  const sim = config.simulatorUrl?.replace(/\/+$/, '');
  return sim
    ? {
        epayBase: `${sim}/epay/`,
        oneTouchApi: `${sim}/xdev/api`,
        oneTouchWeb: `${sim}/xdev/mobile`,
        redsysUrl: `${sim}/sis/realizarPago`,
      }
    : {
        epayBase: 'https://www.epay.bg/',
        oneTouchApi: 'https://www.epay.bg/xdev/api',
        oneTouchWeb: 'https://www.epay.bg/xdev/mobile',
        redsysUrl: 'https://sis.redsys.es/sis/realizarPago',
      };
}
