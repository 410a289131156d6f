/**
 * A venue's own payment provider accounts (issue 16 #3), entered on the admin's Payments screen: ePay (MIN,
 * secret), ePay One Touch (app id, secret, KIN), Redsys (merchant code, terminal, key). Rules:
 *   - secrets are sealed at rest (AES-256-GCM, lib/secret-box.ts) and never answered: `{ set, last4 }` only;
 *     a secret changes only by entering a new one (a save without one keeps the stored secret);
 *   - every change goes to the admin audit trail with the fields but never the secret;
 *   - any change forgets that the account worked; only a test payment the provider accepted marks it working;
 *   - the payments module uses these accounts for a place PAYMENTS_CONFIG_FILE does not name (the file wins).
 */
import { randomInt } from 'node:crypto';
import {
  PAYMENT_ACCOUNT_FIELDS,
  PAYMENT_ACCOUNT_PROVIDERS,
  PaymentAccountFieldRules,
  paymentSecretProblem,
  type PaymentAccount,
  type PaymentAccountBody,
  type PaymentAccountProvider,
  type PaymentAccountsResponse,
  type PaymentAccountTestResponse,
} from '@trapeza/domain/contracts/payment-accounts';
import { DomainError, detail } from '../../lib/domain-error.ts';
import { StartupError } from '../../lib/startup-error.ts';
import type { AdminCallContext } from '../admin/admin-access.ts';
import type { AuditRepository } from '../admin/admin-audit.repository.ts';
import { storedAccountUrls, type PaymentsConfig, type PlacePaymentConfig } from './payments.config.ts';
import type { PaymentAccountsRepository, StoredAccount } from './payment-accounts.repository.ts';
import { EpayOneTouch } from './providers/epay-one-touch.ts';
import { EpayWebCheckout } from './providers/epay-web.ts';
import { RedsysRedirect } from './providers/redsys.ts';

export interface PaymentAccountsDeps {
  repo: PaymentAccountsRepository;
  audit: AuditRepository;
  config: PaymentsConfig;
  publicUrl: string;
  /** `client/place` slugs of a place id (whether PAYMENTS_CONFIG_FILE names it). */
  placeRef: (placeId: number) => Promise<string | null>;
  log: (data: Record<string, unknown>, message: string) => void;
  fetch?: typeof fetch;
  now: () => Date;
}

/** The test payment: 0.01 € where the protocol allows it (Redsys); ePay and One Touch take only more than 0.01. */
const TEST_AMOUNT: Record<PaymentAccountProvider, number> = { epay: 2, one_touch: 2, redsys: 1 };
const TEST_CURRENCY = 'EUR';
const TEST_TIMEOUT_MS = 10_000;

function emptyAccount(provider: PaymentAccountProvider): PaymentAccount {
  return {
    provider,
    configured: false,
    fields: Object.fromEntries(PAYMENT_ACCOUNT_FIELDS[provider].map((f) => [f, ''])),
    secret: { set: false, last4: null },
    verified_at: null,
  };
}

function toAccount(a: StoredAccount): PaymentAccount {
  return {
    provider: a.provider,
    configured: true,
    fields: { ...emptyAccount(a.provider).fields, ...a.fields },
    secret: { set: true, last4: a.last4 },
    verified_at: a.verifiedAt,
  };
}

/** The provider's words from its answer page: the alert paragraph, else the page text, shortened. */
function providerWords(body: string): string {
  const alert = /role="alert"[^>]*>([\s\S]*?)<\//i.exec(body)?.[1];
  const text = (alert ?? body.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' '))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, 300).join('');
}

export function createPaymentAccountsService(deps: PaymentAccountsDeps) {
  const { repo, audit, config } = deps;
  const fetchImpl = deps.fetch ?? fetch;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const urls = storedAccountUrls(config);

  async function fileNames(placeId: number): Promise<boolean> {
    const ref = await deps.placeRef(placeId);
    return !!ref && !!config.places[ref];
  }

  async function accountOf(placeId: number, provider: PaymentAccountProvider): Promise<PaymentAccount> {
    const stored = (await repo.list(placeId)).find((a) => a.provider === provider);
    return stored ? toAccount(stored) : emptyAccount(provider);
  }

  /** The provider configuration of the stored accounts (base URLs: storedAccountUrls). */
  function configFrom(accounts: (StoredAccount & { secret: string })[]): PlacePaymentConfig | null {
    const out: PlacePaymentConfig = {};
    for (const a of accounts) {
      if (a.provider === 'epay' && a.fields.min) {
        out.epay = { min: a.fields.min, secret: a.secret, baseUrl: urls.epayBase };
      } else if (a.provider === 'one_touch' && a.fields.app_id && a.fields.kin) {
        out.oneTouch = {
          appId: a.fields.app_id,
          secret: a.secret,
          kin: a.fields.kin,
          apiBase: urls.oneTouchApi,
          webBase: urls.oneTouchWeb,
        };
      } else if (a.provider === 'redsys' && a.fields.merchant_code && a.fields.terminal) {
        out.redsys = {
          merchantCode: a.fields.merchant_code,
          terminal: a.fields.terminal,
          key: a.secret,
          url: urls.redsysUrl,
        };
      }
    }
    return out.epay || out.oneTouch || out.redsys ? out : null;
  }

  /** Sends the signed test request and reads the provider's verdict. */
  async function submit(request: {
    url: string;
    method: 'GET' | 'POST';
    fields?: Record<string, string>;
  }): Promise<{ result: 'accepted' | 'refused' | 'unreachable'; detail: string }> {
    let res: Response;
    try {
      res = await fetchImpl(request.url, {
        method: request.method,
        redirect: 'manual',
        signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
        ...(request.fields
          ? {
              body: new URLSearchParams(request.fields).toString(),
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }
          : {}),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      return { result: 'unreachable', detail: `no answer from ${new URL(request.url).host} (${cause})` };
    }
    const body = await res.text().catch(() => '');
    // The hosted payment page (200) or a redirect to the provider's login: it took the signed request.
    if (res.status < 400) return { result: 'accepted', detail: `HTTP ${res.status}` };
    return { result: 'refused', detail: providerWords(body) || `HTTP ${res.status}` };
  }

  function testRequest(
    provider: PaymentAccountProvider,
    c: PlacePaymentConfig,
    at: Date,
    ref: string,
  ): { url: string; method: 'GET' | 'POST'; fields?: Record<string, string> } | null {
    // Never paid (nobody opens the page); an invoice no order has, which expires in 15 minutes.
    const invoice = `${randomInt(1, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    const back = `${publicUrl}/admin`;
    const input = {
      invoice,
      amount: TEST_AMOUNT[provider],
      currency: TEST_CURRENCY,
      description: 'Trapeza test payment',
      okUrl: back,
      cancelUrl: back,
      // Redsys sends it in the form: the place's own address, which answers an unknown order with 404.
      notifyUrl: `${publicUrl}/api/redsys/notify/${ref.split('/').map(encodeURIComponent).join('/')}`,
      expiresAt: new Date(at.getTime() + 15 * 60_000),
    };
    if (provider === 'epay' && c.epay) {
      const form = new EpayWebCheckout(c.epay).buildCheckout(input);
      return { url: form.action, method: 'POST', fields: form.fields };
    }
    if (provider === 'redsys' && c.redsys) {
      const form = new RedsysRedirect(c.redsys).buildCheckout(input);
      return { url: form.action, method: 'POST', fields: form.fields };
    }
    if (provider === 'one_touch' && c.oneTouch) {
      const url = new EpayOneTouch(c.oneTouch, fetchImpl).noRegSendUrl({
        deviceId: 'trapeza-test-payment',
        id: invoice,
        amount: TEST_AMOUNT[provider],
        description: input.description,
        reason: 'test',
        saveCard: false,
      });
      return { url, method: 'GET' };
    }
    return null;
  }

  return {
    async list(ctx: AdminCallContext): Promise<PaymentAccountsResponse> {
      const stored = await repo.list(ctx.placeId);
      return {
        accounts: PAYMENT_ACCOUNT_PROVIDERS.map((p) => {
          const a = stored.find((s) => s.provider === p);
          return a ? toAccount(a) : emptyAccount(p);
        }),
        file_override: await fileNames(ctx.placeId),
      };
    },

    async save(
      ctx: AdminCallContext,
      provider: PaymentAccountProvider,
      body: PaymentAccountBody,
    ): Promise<PaymentAccount> {
      const checked = PaymentAccountFieldRules[provider].safeParse(body.fields);
      if (!checked.success) {
        throw new DomainError(400, 'validation_error', 'Some fields are not valid', {
          details: checked.error.issues.map((i) => detail(i.path, i.code, i.message)),
        });
      }
      const fields = checked.data as Record<string, string>;
      const secret = body.secret?.trim() ? body.secret.trim() : null;
      if (secret !== null) {
        const problem = paymentSecretProblem(provider, secret);
        if (problem) {
          throw new DomainError(400, 'validation_error', 'The secret is not valid', {
            details: [detail('secret', 'invalid_secret', problem)],
          });
        }
      }
      const before = (await repo.list(ctx.placeId)).find((a) => a.provider === provider);
      const saved = await repo.save(ctx.placeId, provider, fields, secret, ctx.now);
      if (!saved) {
        throw new DomainError(400, 'secret_required', 'Enter the secret: none is stored for this account', {
          details: [detail('secret', 'secret_required', 'required')],
        });
      }
      // The audit names what changed, never the secret itself (nor its last characters).
      await audit.record(ctx, before ? 'update' : 'create', 'payment_account', null, {
        provider,
        fields,
        secret: secret === null ? 'kept' : 'changed',
      });
      return accountOf(ctx.placeId, provider);
    },

    async remove(ctx: AdminCallContext, provider: PaymentAccountProvider): Promise<void> {
      if (!(await repo.remove(ctx.placeId, provider))) {
        throw new DomainError(404, 'payment_account_not_found', 'No account of this provider is stored');
      }
      await audit.record(ctx, 'delete', 'payment_account', null, { provider });
    },

    /**
     * A test payment with the stored credentials: the signed request of a payment of 0.01 € (0.02 € where the
     * protocol takes only more) goes to the provider, whose answer says whether it took our merchant and
     * signature. Accepted: the account is marked working; refused or no answer: it is not (any earlier mark goes).
     */
    async test(ctx: AdminCallContext, provider: PaymentAccountProvider): Promise<PaymentAccountTestResponse> {
      const accounts = await repo.withSecrets(ctx.placeId);
      const account = accounts.find((a) => a.provider === provider);
      const c = account ? configFrom([account]) : null;
      const ref = (await deps.placeRef(ctx.placeId)) ?? '';
      const request = c ? testRequest(provider, c, ctx.now, ref) : null;
      const base = { amount: TEST_AMOUNT[provider], currency: TEST_CURRENCY };
      if (!account || !request) {
        return {
          ok: false,
          result: 'not_configured',
          detail: '',
          ...base,
          account: await accountOf(ctx.placeId, provider),
        };
      }
      const outcome = await submit(request);
      const ok = outcome.result === 'accepted';
      await repo.setVerified(ctx.placeId, provider, account.version, ok ? ctx.now.toISOString() : null);
      await audit.record(ctx, 'update', 'payment_account', null, {
        provider,
        test_payment: outcome.result,
        ...(ok ? {} : { detail: outcome.detail }),
      });
      return { ok, ...outcome, ...base, account: await accountOf(ctx.placeId, provider) };
    },

    /**
     * The payments module's source for a place the file does not name: its stored accounts, or null. Read from the
     * database on each use (nothing cached per process), so a change is used at once by every process.
     */
    async placeConfig(placeId: number): Promise<PlacePaymentConfig | null> {
      const accounts = await repo.withSecrets(placeId, (provider) =>
        deps.log({ placeId, provider }, 'a stored payment account secret does not open with SECRETS_KEY'),
      );
      return accounts.length ? configFrom(accounts) : null;
    },
  };
}
export type PaymentAccountsService = ReturnType<typeof createPaymentAccountsService>;

/** At start: every stored secret must open with this key, else a one-line StartupError naming SECRETS_KEY. */
export async function checkSecretsKey(repo: PaymentAccountsRepository): Promise<void> {
  const { unreadable, total } = await repo.unreadableSecrets();
  if (unreadable > 0) {
    throw new StartupError(
      `SECRETS_KEY cannot decrypt ${unreadable} of ${total} stored payment account secrets: start with the ` +
        'SECRETS_KEY they were saved with (or restore DATA_DIR/secrets-key from the backup)',
    );
  }
}
