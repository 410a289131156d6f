/**
 * Server configuration from the environment, validated once at start. Anything wrong is a StartupError with a
 * single readable line (server.ts prints it and exits 1) rather than a failure deep inside a request later.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAIL_FROM } from './lib/mailer.ts';
import { parseS3Url, type S3Location } from './lib/s3-url.ts';
import { StartupError } from './lib/startup-error.ts';
import { loadPaymentsConfig, type PaymentsConfig } from './modules/payments/payments.config.ts';

export interface Config {
  port: number;
  host: string;
  /** Absolute path; holds the SQLite file and the generated JWT secret. */
  dataDir: string;
  /** postgres://… when PostgreSQL is used, else null (SQLite at dataDir/trapeza.db). */
  databaseUrl: string | null;
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * Demo mode (DEMO; default on, off when NODE_ENV=production): seeds the demo brand into an empty database and
   * allows the payment provider simulator. Never meant to face the internet (server.ts prints a warning).
   */
  demo: boolean;
  jwtSecret: string;
  /**
   * Key of the secrets stored encrypted in the database (the venues' payment accounts, lib/secret-box.ts):
   * SECRETS_KEY, or generated once into DATA_DIR/secrets-key. Every process on one database must share it.
   */
  secretsKey: string;
  /** Public base URL (for links printed and sent by e-mail), without trailing slash. */
  publicUrl: string;
  /** Requests per minute per IP on /api; 0 disables the limit (benchmarks). */
  rateLimitPerMinute: number;
  /** How long a client may take to send a whole request (headers and body); slower ones get 408 and are cut. */
  requestTimeoutMs: number;
  /** Open Server-Sent Events streams per client IP, and in all, per server process (lib/event-stream.ts). */
  sseMaxStreamsPerIp: number;
  sseMaxStreams: number;
  trustProxy: boolean | string;
  /** How long the heavy menu answers are cached per place and order context; 0 disables (default in tests). */
  menuCacheTtlMs: number;
  /** Built web app to serve at `/`, if present. */
  webDistDir: string;
  logLevel: string;
  /** Payment providers per place and the provider simulator (modules/payments/README.md). */
  payments: PaymentsConfig;
  /** smtp://[user:pass@]host[:port] or smtps://…; null: mail is appended to DATA_DIR/outbox/outbox.mbox and outbox.jsonl. */
  smtpUrl: string | null;
  /** Sender of every e-mail, `Name <address>` or an address. */
  mailFrom: string;
  /**
   * SMS (new-order notices to the venue's notification_sms_phone): an HTTP gateway (SMS_GATEWAY_URL, optional
   * SMS_GATEWAY_TOKEN and SMS_FROM), or null: appended to DATA_DIR/outbox/sms.jsonl (lib/sms.ts).
   */
  sms: { gatewayUrl: string | null; token: string | null; from: string | null };
  /** Origins (scheme://host[:port]) of front ends on another origin allowed to call the API (CORS); none by default. */
  corsOrigins: string[];
  /** redis://… : rate and abuse limits counted once across processes (lib/shared-limits.ts); null: per process. */
  redisUrl: string | null;
  /** Prefix of every Redis key (several installations or test runs on one Redis). */
  redisKeyPrefix: string;
  /**
   * S3_URL (lib/s3-url.ts): uploaded images in S3-compatible storage (modules/admin/image-store.ts); null: in
   * PostgreSQL with DATABASE_URL, else under DATA_DIR/uploads.
   */
  s3: S3Location | null;
  /**
   * PRINT_DIRECT=1: the server itself sends print jobs to the printers' addresses (an installation on the venue's
   * own network). Off by default: it lets an admin make the server open TCP connections to any host and port.
   */
  printDirect: boolean;
  /**
   * Slug of the brand whose pages a host no brand claims gets when not in demo mode (DEFAULT_CLIENT), or null: such
   * a host is then a 404 (plugins/web-brand.ts).
   */
  defaultClient: string | null;
  /**
   * GEOCODER_URL: a Nominatim-compatible reverse geocoder (modules/geocode) the delivery map picker asks for the
   * address at the guest's pin; null: off, the guest types the address.
   */
  geocoderUrl: string | null;
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\/.+/.test(v), {
      message: 'must start with postgres:// or postgresql:// (leave it unset for SQLite)',
    })
    .refine((v) => v === undefined || URL.canParse(v), { message: 'is not a valid URL' }),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DEMO: z.enum(['0', '1'], { message: "must be '0' or '1'" }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** A venue's guests behind one Wi-Fi share an address: generous per IP, still far below a flood. */
  SSE_MAX_STREAMS_PER_IP: z.coerce.number().int().min(1).default(50),
  SSE_MAX_STREAMS: z.coerce.number().int().min(1).default(2000),
  /**
   * Which peers may set X-Forwarded-For (client IP for rate limits and logs): 'loopback' (default: a reverse proxy
   * on the same host), 'true' (any: only behind a proxy that overwrites the header), 'false', or addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  MENU_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  PRINT_DIRECT: z.enum(['0', '1', '']).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^smtps?:\/\/.+/i.test(v), {
      message: 'must start with smtp:// or smtps:// (leave it unset to write mail to DATA_DIR/outbox)',
    })
    .refine((v) => v === undefined || validSmtpUrl(v), {
      message: 'is not a valid URL (smtp://user:pass@host:587; percent-encode special characters)',
    }),
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(v), {
      message: "must be an address or 'Name <address>'",
    }),
  GEOCODER_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/i.test(v), {
      message:
        'must be an http:// or https:// URL of a Nominatim-compatible service (leave it unset to turn it off)',
    }),
  SMS_GATEWAY_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/i.test(v), {
      message:
        'must be an http:// or https:// URL (leave it unset to write SMS to DATA_DIR/outbox/sms.jsonl)',
    }),
  SMS_GATEWAY_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  SMS_FROM: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine((origins) => origins.every(isOrigin), {
      message:
        'must be comma-separated origins like https://menu.example.com (scheme, host and optional port only)',
    }),
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (/^rediss?:\/\/.+/.test(v) && URL.canParse(v)), {
      message: 'must be a redis:// or rediss:// URL (leave it unset to count limits per process)',
    }),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1–64 characters of A-Z a-z 0-9 : . _ -')
    .optional(),
  S3_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .transform((v, ctx) => {
      if (v === undefined) return null;
      const parsed = parseS3Url(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({
          code: 'custom',
          message: `${parsed} (format: s3://KEY:SECRET@host[:port]/bucket?region=…; leave it unset to keep images in the database or DATA_DIR)`,
        });
        return z.NEVER;
      }
      return parsed;
    }),
  DEFAULT_CLIENT: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^[a-z0-9][a-z0-9-]{0,62}$/.test(v), {
      message: 'must be a brand slug (lower-case letters, digits and dashes)',
    }),
});

/** `scheme://host[:port]` and nothing else (no path, query, credentials or wildcard). */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
}

/** A parsable smtp(s) URL with a host and, when given, a port. */
function validSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.hostname !== '' && (url.port === '' || Number(url.port) > 0);
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Reads and validates the environment; throws StartupError with one line on the first problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'environment';
    throw new StartupError(`invalid configuration: ${key} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(cwd, e.DATA_DIR);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new StartupError(`cannot create DATA_DIR ${dataDir}: ${(err as Error).message}`);
  }
  // Production means no demo unless DEMO=1 is given explicitly (known accounts and the simulator are not for the
  // internet); everywhere else the demo is the default start.
  const demo = e.DEMO ? e.DEMO === '1' : e.NODE_ENV !== 'production';
  const payments = loadPaymentsConfig(env, dataDir, e.NODE_ENV, cwd, demo);
  if (payments.startSimulator && payments.simulatorPort === e.PORT) {
    throw new StartupError(
      `invalid configuration: PORT and PAYMENT_SIMULATOR_PORT are both ${e.PORT} (the demo payment simulator ` +
        'listens on its own port): set one of them to another port',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    nodeEnv: e.NODE_ENV,
    demo,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateJwtSecret(dataDir),
    secretsKey: e.SECRETS_KEY ?? loadOrCreateSecret(dataDir, 'secrets-key', 'secrets key (SECRETS_KEY)'),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    sseMaxStreamsPerIp: e.SSE_MAX_STREAMS_PER_IP,
    sseMaxStreams: e.SSE_MAX_STREAMS,
    trustProxy: e.TRUST_PROXY,
    menuCacheTtlMs: e.MENU_CACHE_TTL_MS ?? (e.NODE_ENV === 'test' ? 0 : 5_000),
    webDistDir: e.WEB_DIST_DIR ? resolve(cwd, e.WEB_DIST_DIR) : join(repoRoot, 'apps/web/dist'),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    payments,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    sms: {
      gatewayUrl: e.SMS_GATEWAY_URL ?? null,
      token: e.SMS_GATEWAY_TOKEN ?? null,
      from: e.SMS_FROM ?? null,
    },
    corsOrigins: e.CORS_ORIGINS,
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX ?? 'trapeza:',
    s3: e.S3_URL,
    printDirect: e.PRINT_DIRECT === '1',
    defaultClient: e.DEFAULT_CLIENT ?? null,
    geocoderUrl: e.GEOCODER_URL ?? null,
  };
}

/**
 * Tokens must survive restarts, so a generated secret is kept in DATA_DIR (readable by the owner only).
 * Several servers sharing one PostgreSQL must share the secret: set JWT_SECRET there instead.
 */
function loadOrCreateJwtSecret(dataDir: string): string {
  return loadOrCreateSecret(dataDir, 'jwt-secret', 'JWT secret');
}

/** A random secret kept in DATA_DIR/<name> (owner-only), created on the first start. */
function loadOrCreateSecret(dataDir: string, name: string, label: string): string {
  const file = join(dataDir, name);
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
    throw new StartupError(`cannot read or write the ${label} in ${dataDir}: ${(err as Error).message}`);
  }
}
