/**
 * Accounts: login (guests and staff), registration, password reset by e-mail, profile editing, session check, and
 * the registered user's order history, nth-order discount and saved payment instruments (spec §3, §4, §7).
 *
 * Rules come from packages/domain (validation, roles, the nth-order discount); this file decides who may do what
 * and in which order the steps happen. Answers never reveal whether an e-mail has a profile: login fails with the
 * one login_fail answer, a reset request always gets the same answer in about the same time.
 */
import { compilePhonePattern } from '@trapeza/domain/phone-pattern';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  StoreAuthResponse,
  StoreEditProfileRequest,
  StoreLoginRequest,
  StoreMessageResponse,
  StorePaymentInstrumentsResponse,
  StoreRegisterRequest,
  StoreRegisteredUserDiscountResponse,
  StoreUser,
  StoreUserOrdersResponse,
} from '@trapeza/domain/contracts/users';
import type { Language } from '@trapeza/domain/i18n';
import { isOrderStatus } from '@trapeza/domain/order-status';
import { isNthOrderDiscountDue } from '@trapeza/domain/pricing/user-discount';
import { isRole } from '@trapeza/domain/roles';
import {
  VALIDATION_MESSAGES,
  isValidEmail,
  isValidName,
  isValidPassword,
  isValidPhone,
  type ValidationCode,
} from '@trapeza/domain/validation';
import { passwordVersion, type AuthTokens } from '../../lib/auth-token.ts';
import { DomainError, detail, localize } from '../../lib/domain-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { groupedBy, orderLineSummary } from '../../lib/order-lines.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import type { ClientTenant, PlaceTenant } from '../../plugins/tenancy.ts';
import type { AccountCounters } from './account-counters.ts';
import type { TrustedDevices } from './trusted-devices.ts';
import {
  accountExistsMail,
  accountMessage,
  type AccountMessageKey,
  confirmEmailMail,
  loginSlowedMessage,
  passwordResetMail,
  welcomeMail,
} from './users.mail.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

/** A registration's confirmation link works for 24 hours. */
const CONFIRM_TOKEN_TTL_MS = 24 * 3_600_000;
/** A reset link works for one hour, once. */
const RESET_TOKEN_TTL_MS = 3_600_000;
/**
 * Failed logins (issue "Security hardening" #8): no lock, a growing wait. An account's first
 * LOGIN_FREE_FAILURES failures cost nothing; after the n-th failure the next try from an untrusted device waits
 * 2^(n − LOGIN_FREE_FAILURES) seconds (1, 2, 4, … s), at most LOGIN_MAX_DELAY_MS. A try during the wait answers
 * 429 rate_limited with Retry-After and is not checked (a guesser learns nothing and its own tries do not extend
 * the wait). The failures are forgotten after LOGIN_FAILURE_MEMORY_MS without one, or on a successful login.
 * Failures from a trusted device (one that signed in to this account before: trusted-devices.ts) are counted for
 * that device alone, so somebody else's failures never slow the owner's own device down.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_MS = 5 * 60_000;
const LOGIN_FAILURE_MEMORY_MS = 24 * 3_600_000;
/** The wait after `failures` failures before the next login try is checked. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - LOGIN_FREE_FAILURES), LOGIN_MAX_DELAY_MS);
}
/**
 * Reset e-mails per account per window. A request past it is answered exactly like any other (never a 429 per
 * account, so an attacker cannot block the owner's reset) but sends nothing: the owner already holds a link from
 * this window (links live 1 hour, windows 15 minutes), and nobody can flood the mailbox.
 */
export const RESET_MAILS_PER_ACCOUNT = 3;
const RESET_WINDOW_MS = 15 * 60_000;
/** Order history is answered whole up to this many orders (spec: page size not shown). */
const ORDER_HISTORY_LIMIT = 200;

/** The authenticated user as the auth plugin resolved it. */
export interface SessionUser {
  id: number;
  /** null for platform staff. */
  clientId: number | null;
}

export interface UsersServiceDeps {
  repo: UsersRepository;
  tokens: AuthTokens;
  mailer: Mailer;
  now: () => Date;
  /** Public base URL of the web app, for links in e-mails. */
  publicUrl: string;
  /** Where mail failures are reported (a reset answer must not depend on the mail transport). */
  logError?: (err: unknown, message: string) => void;
  /** The per-account login and reset counts: Redis with REDIS_URL, else the database (account-counters.ts). */
  counters: AccountCounters;
  /** Recognises the devices that signed in before (trusted-devices.ts). */
  devices: TrustedDevices;
  /** Signs the registration's confirmation links (the JWT secret every process shares). */
  linkSecret: string;
}

/** The login's device cookie: what the request carried, and where a new value goes. */
export interface DeviceCookie {
  value: string | undefined;
  set(value: string): void;
}

export type UsersService = ReturnType<typeof createUsersService>;

function validationError(codes: ValidationCode[]): DomainError {
  const first = codes[0] ?? 'invalid_name';
  return new DomainError(400, first, VALIDATION_MESSAGES[first].en, {
    details: codes.map((code) => detail('', code, VALIDATION_MESSAGES[code].en)),
  });
}

/** `message` is the English text the spec names (login_fail: 'Login failed: Invalid credentials'). */
function accountError(status: number, code: AccountMessageKey): DomainError {
  return new DomainError(status, code, accountMessage(code, 'en'));
}

export function toStoreUser(row: UserRow): StoreUser {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    points: Number(row.points),
    accumulated_amount: Number(row.accumulated_amount),
    role: isRole(row.role) ? row.role : 'USER',
  };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const accountKey = (clientId: number | null, email: string) =>
  `${clientId ?? 'platform'}:${email.trim().toLowerCase()}`;

export function createUsersService(deps: UsersServiceDeps) {
  const { repo, tokens, mailer, now } = deps;
  const { counters, devices } = deps;
  /** The counter a login try counts on: the trusted device's own, else the account's (untrusted devices). */
  const loginCounter = (key: string, device: string | null) =>
    device ? `login:${key}#${device}` : `login:${key}`;

  /** Queued, not awaited: a slow or failing transport must neither delay nor change an answer. */
  function send(message: Parameters<Mailer['send']>[0], failure: string): void {
    mailer.send(message).catch((err: unknown) => deps.logError?.(err, failure));
  }

  /** `<user id>.<expiry ms>.<mac>`; the mac binds the password hash, so registering afresh ends older links. */
  function confirmToken(userId: number, passwordHash: string, expires: number): string {
    const mac = createHmac('sha256', deps.linkSecret)
      .update(`confirm-email\n${userId}\n${expires}\n${passwordHash}`)
      .digest('base64url');
    return `${userId}.${expires}.${mac}`;
  }

  function slowedDown(waitMs: number): DomainError {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new DomainError(429, 'rate_limited', loginSlowedMessage(seconds, 'en'), {
      text: localize((l) => loginSlowedMessage(seconds, l)),
      details: [{ ...detail('', 'login_slowed', `Retry after ${seconds} s`), retry_after: seconds }],
      retryAfterSeconds: seconds,
    });
  }

  async function authResponse(row: UserRow): Promise<StoreAuthResponse> {
    const user = toStoreUser(row);
    const { token } = await tokens.sign({
      userId: row.id,
      role: user.role,
      clientId: row.client_id,
      pwv: passwordVersion(row.password_hash),
    });
    return { token, user };
  }

  function checkProfileFields(
    fields: { first_name?: string; last_name?: string; email?: string; phone?: string; password?: string },
    phoneRegex: string | null,
  ): ValidationCode[] {
    const codes: ValidationCode[] = [];
    if (fields.first_name !== undefined && !isValidName(fields.first_name)) codes.push('invalid_name');
    if (fields.last_name !== undefined && !isValidName(fields.last_name)) codes.push('invalid_name');
    if (fields.email !== undefined && !isValidEmail(fields.email)) codes.push('invalid_email');
    if (fields.phone !== undefined && !isValidPhone(fields.phone, compilePhonePattern(phoneRegex)))
      codes.push('invalid_phone');
    if (fields.password !== undefined && !isValidPassword(fields.password)) codes.push('invalid_password');
    return [...new Set(codes)];
  }

  async function activeUser(session: SessionUser): Promise<UserRow> {
    const row = await repo.findById(session.id);
    if (!row || row.client_id !== session.clientId || row.banned) {
      throw new DomainError(401, 'unauthorized', 'Please log in');
    }
    return row;
  }

  return {
    /**
     * POST login: guests and staff alike, within the request's client; without a client (tenant null), platform
     * staff, who belong to no brand.
     */
    async login(
      tenant: ClientTenant | null,
      body: StoreLoginRequest,
      lang: Language,
      cookie?: DeviceCookie,
    ): Promise<StoreAuthResponse> {
      const clientId = tenant ? tenant.clientId : null;
      const key = accountKey(clientId, body.email);
      const device = devices.deviceOf(cookie?.value, key);
      const counter = loginCounter(key, device);
      const at = now().getTime();
      const failures = await counters.get(counter, at);
      if (failures) {
        const waitMs = failures.lastAt + loginDelayMs(failures.count) - at;
        if (waitMs > 0) throw slowedDown(waitMs);
      }
      const row = await repo.findByEmail(clientId, body.email.trim());
      const ok = row
        ? await verifyPassword(row.password_hash, body.password)
        : await verifyAgainstDummy(body.password);
      // An unconfirmed registration signs in only through its mailed link: answering anything else would tell a
      // registrant whether the address had a profile before.
      if (!row || !ok || !Number(row.email_confirmed)) {
        await counters.hit(counter, at, LOGIN_FAILURE_MEMORY_MS, 'sliding');
        throw accountError(401, 'login_fail');
      }
      if (row.banned) throw accountError(403, 'user_banned');
      // Only this device's (or, untrusted, the account's) count is forgotten: the owner signing in on the phone
      // does not hand a guesser elsewhere a fresh set of free tries.
      if (failures) await counters.clear(counter);
      cookie?.set(devices.remember(cookie.value, key));
      return authResponse(row);
    },

    /**
     * POST register (issue "Security hardening" #10): the same answer whether or not the address has a profile,
     * and a mail to the address either way. A new address gets an unconfirmed USER profile (no sign-in) and the
     * link that confirms it; an unconfirmed one is registered afresh (the earlier link stops working); a confirmed
     * one is left alone and its owner told. The same steps run in each case (the password is hashed, one mail is
     * queued, not awaited), so the time does not tell either.
     */
    async register(
      tenant: PlaceTenant,
      body: StoreRegisterRequest,
      lang: Language,
    ): Promise<StoreMessageResponse> {
      const place = await repo.findPlace(tenant.placeId);
      const codes = checkProfileFields(body, place?.phoneRegex ?? null);
      if (codes.length) throw validationError(codes);
      const answer = {
        code: 'registration_email_sent',
        message: accountMessage('registration_email_sent', lang),
      };
      const passwordHash = await hashPassword(body.password);
      const placeName = place?.name ?? tenant.placeSlug;
      const profile = {
        password_hash: passwordHash,
        first_name: body.first_name,
        last_name: body.last_name,
        phone: body.phone,
        address: body.address?.trim() || null,
      };
      let row = await repo.findByEmail(tenant.clientId, body.email);
      if (row && Number(row.email_confirmed)) {
        const link = `${deps.publicUrl}/${encodeURIComponent(tenant.placeSlug)}`;
        send(
          accountExistsMail({ to: row.email, firstName: row.first_name, placeName, link, lang }),
          'account-exists e-mail failed',
        );
        return answer;
      }
      if (row) {
        row = await repo.update(tenant.clientId, row.id, profile);
      } else {
        try {
          row = await repo.insert({
            client_id: tenant.clientId,
            email: body.email,
            ...profile,
            role: 'USER',
            points: 0,
            accumulated_amount: 0,
            banned: 0,
            email_confirmed: 0,
            created_at: now().toISOString(),
          });
        } catch (err) {
          // Two registrations racing with one e-mail: the unique index decides; the loser's answer is the same.
          if (await repo.findByEmail(tenant.clientId, body.email)) return answer;
          throw err;
        }
      }
      if (!row) return answer;
      const token = confirmToken(row.id, row.password_hash, now().getTime() + CONFIRM_TOKEN_TTL_MS);
      const link = `${deps.publicUrl}/${encodeURIComponent(tenant.placeSlug)}/confirm-email?token=${token}`;
      send(
        confirmEmailMail({ to: row.email, firstName: row.first_name, placeName, link, lang }),
        'confirmation e-mail failed',
      );
      return answer;
    },

    /**
     * POST users/confirm-email: the registration's mailed link. Confirms the profile, signs in (answers like login)
     * and trusts this browser; a used link of a confirmed profile signs in again while it is valid.
     */
    async confirmEmail(
      tenant: PlaceTenant,
      token: string,
      lang: Language,
      cookie?: DeviceCookie,
    ): Promise<StoreAuthResponse> {
      const invalid = () => accountError(400, 'confirm_token_invalid');
      const [idText = '', expiresText = '', mac = ''] = token.split('.');
      const id = Number(idText);
      const expires = Number(expiresText);
      if (!Number.isSafeInteger(id) || !Number.isSafeInteger(expires) || expires <= now().getTime()) {
        throw invalid();
      }
      const row = await repo.findById(id);
      if (!row || row.client_id !== tenant.clientId || row.banned) throw invalid();
      const expected = Buffer.from(confirmToken(row.id, row.password_hash, expires));
      const given = Buffer.from(`${idText}.${expiresText}.${mac}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      let confirmed = row;
      if (!Number(row.email_confirmed)) {
        confirmed = (await repo.update(tenant.clientId, row.id, { email_confirmed: 1 })) ?? row;
        const place = await repo.findPlace(tenant.placeId);
        const link = `${deps.publicUrl}/${encodeURIComponent(tenant.placeSlug)}/profile`;
        send(
          welcomeMail({
            to: row.email,
            firstName: row.first_name,
            placeName: place?.name ?? tenant.placeSlug,
            link,
            lang,
          }),
          'welcome e-mail failed',
        );
      }
      cookie?.set(devices.remember(cookie.value, accountKey(tenant.clientId, row.email)));
      return authResponse(confirmed);
    },

    /**
     * POST users/reset-password: when the e-mail has a profile under this client, stores a single-use token (its
     * hash only) valid one hour and mails the link `/{place}/reset-password?token=…`. Same answer either way.
     */
    async requestPasswordReset(
      tenant: PlaceTenant,
      email: string,
      lang: Language,
    ): Promise<StoreMessageResponse> {
      const answer = { code: 'reset_password_sent', message: accountMessage('reset_password_sent', lang) };
      if (!isValidEmail(email)) return answer;
      // Counted for every well-formed address, known or not, so the answer takes the same steps either way.
      const mails = await counters.hit(
        `reset:${accountKey(tenant.clientId, email)}`,
        now().getTime(),
        RESET_WINDOW_MS,
        'fixed',
      );
      const row = await repo.findByEmail(tenant.clientId, email);
      if (!row || row.banned || mails > RESET_MAILS_PER_ACCOUNT) return answer;
      const token = randomBytes(32).toString('base64url');
      const issuedAt = now();
      await repo.insertResetToken(
        row.id,
        sha256(token),
        new Date(issuedAt.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
      );
      const place = await repo.findPlace(tenant.placeId);
      const link = `${deps.publicUrl}/${encodeURIComponent(tenant.placeSlug)}/reset-password?token=${token}`;
      // Not awaited: a slow or failing transport must neither delay nor change the answer (no enumeration).
      mailer
        .send(
          passwordResetMail({
            to: row.email,
            firstName: row.first_name,
            placeName: place?.name ?? tenant.placeSlug,
            link,
            lang,
          }),
        )
        .catch((err: unknown) => deps.logError?.(err, 'password reset e-mail failed'));
      return answer;
    },

    /** POST users/reset-password/confirm: sets the new password once per token; older sessions end. */
    async confirmPasswordReset(
      tenant: ClientTenant,
      body: { token: string; password: string },
      lang: Language,
      cookie?: DeviceCookie,
    ): Promise<StoreMessageResponse> {
      const invalid = () => accountError(400, 'reset_token_invalid');
      const stored = await repo.findResetToken(sha256(body.token));
      const nowIso = now().toISOString();
      if (!stored || stored.used_at !== null || stored.expires_at <= nowIso) throw invalid();
      const user = await repo.findById(stored.user_id);
      if (!user || user.client_id !== tenant.clientId || user.banned) throw invalid();
      if (!isValidPassword(body.password)) throw validationError(['invalid_password']);
      const passwordHash = await hashPassword(body.password);
      if (!(await repo.consumeResetToken(stored.id, nowIso))) throw invalid();
      // Following the mailed link proves the address: an unconfirmed registration is confirmed too.
      await repo.update(tenant.clientId, user.id, { password_hash: passwordHash, email_confirmed: 1 });
      await repo.retireResetTokens(user.id, nowIso);
      // The account's failures are forgotten, and this browser (it proved the mailbox) becomes a trusted device:
      // whatever a guesser does next, the owner signs in here without waiting.
      const key = accountKey(tenant.clientId, user.email);
      await counters.clear(loginCounter(key, null));
      cookie?.set(devices.remember(cookie.value, key));
      return { code: 'password_reset_done', message: accountMessage('password_reset_done', lang) };
    },

    /**
     * POST users/editProfile: changes the given fields; a new e-mail or password needs the current password.
     * Answers a fresh token (a new password ends the other sessions).
     */
    async editProfile(
      tenant: PlaceTenant,
      session: SessionUser,
      body: StoreEditProfileRequest,
    ): Promise<StoreAuthResponse> {
      const row = await activeUser(session);
      const place = await repo.findPlace(tenant.placeId);
      const emailChanges = body.email !== undefined && body.email.toLowerCase() !== row.email;
      const passwordChanges = body.password !== undefined && body.password !== '';
      const codes = checkProfileFields(
        {
          ...(body.first_name !== undefined ? { first_name: body.first_name } : {}),
          ...(body.last_name !== undefined ? { last_name: body.last_name } : {}),
          ...(emailChanges ? { email: body.email } : {}),
          ...(body.phone !== undefined ? { phone: body.phone } : {}),
          ...(passwordChanges ? { password: body.password } : {}),
        },
        place?.phoneRegex ?? null,
      );
      if (codes.length) throw validationError(codes);
      if (emailChanges || passwordChanges) {
        const ok = body.current_password
          ? await verifyPassword(row.password_hash, body.current_password)
          : false;
        if (!ok) throw accountError(403, 'current_password_invalid');
      }
      if (emailChanges && (await repo.findByEmail(row.client_id, body.email as string))) {
        throw accountError(409, 'email_taken');
      }
      const updated = await repo.update(row.client_id, row.id, {
        ...(body.first_name !== undefined ? { first_name: body.first_name } : {}),
        ...(body.last_name !== undefined ? { last_name: body.last_name } : {}),
        ...(emailChanges ? { email: body.email } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.address !== undefined ? { address: body.address?.trim() || null } : {}),
        ...(passwordChanges ? { password_hash: await hashPassword(body.password as string) } : {}),
      });
      if (!updated) throw new DomainError(401, 'unauthorized', 'Please log in');
      return authResponse(updated);
    },

    /** POST users/validate: whether the session still stands (the auth plugin already checked the token). */
    validate(session: SessionUser | null): boolean {
      return session !== null;
    },

    /** GET users/orders: the user's orders at this place, newest first, with the §3 order-list columns. */
    async orders(tenant: PlaceTenant, session: SessionUser): Promise<StoreUserOrdersResponse> {
      const user = await activeUser(session);
      const orders = await repo.listOrders(user.id, tenant.placeId, ORDER_HISTORY_LIMIT);
      const linesOf = groupedBy(await repo.listOrderLines(orders.map((o) => o.id)), (l) => l.order_id);
      return orders.map((o) => ({
        id: o.id,
        key: o.key,
        created_at: o.created_at,
        products: linesOf(o.id).map(orderLineSummary),
        type: Number(o.type),
        total: Number(o.total),
        currency: o.currency,
        payment_method: o.payment_method,
        payment_status: o.payment_status,
        status: isOrderStatus(o.status) ? o.status : 'ordered',
        address: o.client_address ?? o.room_number,
        client_name: o.client_name,
        client_phone: o.client_phone,
        client_email: o.client_email,
        number: o.number,
        tracking_token: o.tracking_token,
      }));
    },

    /**
     * GET check-registered-user-discount: the place's discount due on the user's next order (spec §9: when
     * on_order_number equals the order count plus one), else null; null for guests.
     */
    async registeredUserDiscount(
      tenant: PlaceTenant,
      session: SessionUser | null,
    ): Promise<StoreRegisteredUserDiscountResponse> {
      if (!session) return null;
      const count = await repo.countOrders(session.id, tenant.placeId);
      const discounts = await repo.listActiveUserDiscounts(tenant.placeId);
      for (const d of discounts) {
        const discount = {
          on_order_number: Number(d.on_order_number),
          discount_type: d.discount_type === 'money' ? ('money' as const) : ('percent' as const),
          discount_amount: Number(d.discount_amount),
        };
        if (isNthOrderDiscountDue(discount, count)) return { ...discount, orders_count: count };
      }
      return null;
    },

    /** GET users/payment-instruments: only for a signed-in user at a place with the payments module. */
    async paymentInstruments(
      tenant: PlaceTenant,
      session: SessionUser,
    ): Promise<StorePaymentInstrumentsResponse> {
      const user = await activeUser(session);
      const place = await repo.findPlace(tenant.placeId);
      if (!place?.modules.includes('payments')) throw accountError(403, 'payments_module_disabled');
      const rows = await repo.listPaymentInstruments(user.id, tenant.placeId);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        provider: r.provider,
        type: Number(r.type),
        expires: r.expires,
      }));
    },
  };
}
