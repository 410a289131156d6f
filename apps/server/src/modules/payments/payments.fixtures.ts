/**
 * The provider simulator for the card payment route tests: one merchant for demo/bistro whose notifications and
 * return links go to the app, which the test then starts listening on `appPort` (the simulator calls it over HTTP).
 * The app must be built with `simulatorEnv` (PAYMENT_SIMULATOR_SECRET, …) so both derive the same accounts.
 * Close it with `sim.close()` after the file (bistroSimulatorForFile does). Then the demo guest of the suites,
 * signed in, and their orders (signedInDemoGuest).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppDatabase } from '../../db/database.ts';
import { orderableDemoLine } from '../../../test/demo-orders.ts';
import type { RequestOptions, TestContext } from '../../../test/harness.ts';
import { freePort } from '../../../test/spawn-server.ts';
import { nextMinute } from '../orders/orders.fixtures.ts';
import { simulatorMerchantFor } from '../../dev/payment-simulator/demo.ts';
import { createPaymentSimulator } from '../../dev/payment-simulator/simulator.ts';
import { simulatorAccounts } from './payments.config.ts';
import { epayChecksum } from './providers/epay-web.ts';

export async function startBistroSimulator() {
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const secret = randomBytes(32).toString('base64url');
  const sim = createPaymentSimulator({
    merchants: () =>
      Promise.resolve([simulatorMerchantFor('demo', 'bistro', 'Бистро', sim.url, appUrl, secret)]),
    // Provider delays (settling, expiry) in milliseconds rather than seconds.
    timeFactor: 0.001,
  });
  await sim.listen(0);
  const simulatorEnv = {
    PUBLIC_URL: appUrl,
    PAYMENT_SIMULATOR_URL: sim.url,
    PAYMENT_SIMULATOR: '0',
    PAYMENT_SIMULATOR_SECRET: secret,
  };
  return { sim, appPort, appUrl, secret, simulatorEnv };
}

/**
 * startBistroSimulator for a test file, closed after the file's suites, with the demo/bistro accounts the app
 * derives from its secret (to sign notices as the provider would).
 */
export async function bistroSimulatorForFile() {
  const started = await startBistroSimulator();
  afterAll(async () => {
    await started.sim.close();
  });
  return { ...started, accounts: simulatorAccounts('demo/bistro', started.sim.url, started.secret) };
}

/**
 * For a file whose tests never reach a provider: the app's `simulatorEnv` and the demo/bistro accounts of a
 * simulator started only to derive them, and closed at once.
 */
export async function bistroAccountsWithoutSimulator() {
  const { sim, appUrl, secret, simulatorEnv } = await startBistroSimulator();
  await sim.close();
  return { appUrl, simulatorEnv, accounts: simulatorAccounts('demo/bistro', sim.url, secret) };
}

/** Signs the demo guest in (expected 200): the value of their Authorization header. */
export async function demoGuestAuth(ctx: TestContext): Promise<string> {
  const login = await ctx.post('/api/login', { email: 'guest@demo.test', password: 'demo-guest' });
  expect(login.statusCode, login.body).toBe(200);
  return `Bearer ${(login.json() as { token: string }).token}`;
}

export interface SignedInDemoGuestOptions {
  /** Before signing in, the app listens on this port: the simulator calls it back over HTTP. */
  listenOn?: number;
  /** Before signing in, the suite's clock is pinned here (tokens are issued on the test clock). */
  at?: Date;
  /** The Host of the guest's browser, sent with each of their calls (the app derives return links from it). */
  host?: string;
}

/**
 * The demo guest of a suite, signed in by a `beforeAll` it registers (after `listenOn` and `at`, when given):
 * `as(token?)` their request options (another token when given), `auth()` their Authorization header, and
 * `placeOrder(method, extra?)` a pickup order of theirs at bistro (orderPlacer; `place` for other options).
 */
export function signedInDemoGuest(ctx: TestContext, { listenOn, at, host }: SignedInDemoGuestOptions = {}) {
  let auth = '';
  beforeAll(async () => {
    if (listenOn !== undefined) await ctx.app.listen({ port: listenOn, host: '127.0.0.1' });
    if (at) ctx.clock.setOverride(at);
    auth = await demoGuestAuth(ctx);
  });
  const as = (token = auth): { headers: Record<string, string> } => ({
    headers: host === undefined ? { authorization: token } : { authorization: token, host },
  });
  const place = orderPlacer(ctx);
  return {
    as,
    auth: () => auth,
    place,
    placeOrder: (method: string, extra: Record<string, unknown> = {}) => place(method, as(), extra),
  };
}

/**
 * The demo bistro offers cash, card and epay; the payment suites also pay by 'online' and Bizum, which the server
 * accepts only where the venue offers them (paymentMethodsFor): a suite `setup` that offers them at demo/bistro.
 */
export async function offerEveryOnlineMethodAtBistro(db: AppDatabase): Promise<void> {
  const bistro = await db
    .selectFrom('places')
    .select('id')
    .where('slug', '=', 'bistro')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('settings')
    .set({ value: 'cash,card,epay,online,bizum' })
    .where('place_id', '=', bistro.id)
    .where('key', '=', 'payment_types')
    .execute();
}

/**
 * The body of the order form as the signed-in demo guest sends it for a pickup at bistro, paid by
 * `payment_method`; `extra` adds fields or replaces them.
 */
export function guestPickupBody(
  products: unknown[],
  payment_method: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    products,
    client_name: 'Гост Демо',
    client_phone: '+359888000111',
    client_email: 'guest@demo.test',
    token: null,
    order_comment: [],
    pickup_time: '',
    exact_time_selected: 0,
    payment_method,
    cutlery: 0,
    promo_code: null,
    order_text_comment: '',
    ...extra,
  };
}

export interface PlacedOrder {
  key: string;
  totalPrice: number;
  ppResp: { redForm?: string; redLink?: string };
}

/**
 * A suite's `placeOrder(method, opts, extra)`: a pickup order at bistro (guestPickupBody) sent with `opts` (the
 * guest's headers), expected 201. Each one at the suite's next own minute (nextMinute) and another quantity, so
 * the duplicate-order guard never refuses one.
 */
export function orderPlacer(ctx: TestContext) {
  let quantity = 0;
  return async function placeOrder(
    method: string,
    opts: RequestOptions,
    extra: Record<string, unknown> = {},
  ): Promise<PlacedOrder> {
    nextMinute(ctx);
    quantity += 1;
    const line = { ...(await orderableDemoLine(ctx, 'bistro', 1)), quantity: (quantity % 5) + 1 };
    const res = await ctx.post('/api/orders/preorder', guestPickupBody([line], method, extra), opts);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PlacedOrder;
  };
}

/**
 * Opens a simulator page (a Response, or its address) and presses one of its buttons, as a browser would (no
 * redirects followed).
 */
export async function pressOnProviderPage(
  simUrl: string,
  page: Response | string,
  action: string,
): Promise<Response> {
  const res = typeof page === 'string' ? await fetch(page) : page;
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const to = /<form method="post" action="([^"]+)"/.exec(text)?.[1];
  expect(to, text).toBeTruthy();
  return fetch(new URL(to!.replace(/&amp;/g, '&'), simUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
}

/**
 * Posts ePay notices to the app as ePay does (POST /api/epay/notify/<merchant>, demo/bistro unless named): `lines`
 * base64-encoded, with their checksum by the account's `secret`, or the `checksum` given (a forged one).
 */
export function epayNotifier(ctx: TestContext, secret: string) {
  return (
    lines: string,
    { merchant = 'demo/bistro', checksum }: { merchant?: string; checksum?: string } = {},
  ) => {
    const encoded = Buffer.from(lines).toString('base64');
    return ctx.app.inject({
      method: 'POST',
      url: `/api/epay/notify/${merchant}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        encoded,
        checksum: checksum ?? epayChecksum(secret, encoded),
      }).toString(),
    });
  };
}
