/**
 * The venue's own payment accounts in the admin (issue 16 #3), on SQLite and PostgreSQL, against the provider
 * simulator: secrets stored encrypted and never answered (set + last 4), kept when not re-entered, audited without
 * the secret, used by the payments module for a place the config file does not name, the test payment accepted
 * with the right credentials and refused in the provider's words with wrong ones (nothing marked working), the
 * file winning when it names the venue, and a SECRETS_KEY that cannot open the stored secrets stopping the start.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { StartupError } from '../../lib/startup-error.ts';
import { orderableDemoLine } from '../../../test/demo-orders.ts';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { freePort } from '../../../test/spawn-server.ts';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from '../admin/admin.fixtures.ts';
import { OPEN_AT } from '../orders/orders.fixtures.ts';
import { demoGuestAuth, guestPickupBody } from './payments.fixtures.ts';
import { createPaymentAccountsRepository } from './payment-accounts.repository.ts';
import { epayChecksum } from './providers/epay-web.ts';
import { createPaymentSimulator } from '../../dev/payment-simulator/simulator.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The venue's own account at the simulator (not the demo accounts the simulator derives for every place). */
const OWN = {
  epay: { min: '7700112233', secret: 'own-epay-secret-9f3k' },
  oneTouch: { appId: 'own-app-1', secret: 'own-app-secret-x7Qm', kin: '5500112233' },
  redsys: { merchantCode: '336699001', terminal: '2', key: Buffer.alloc(24, 7).toString('base64') },
};

const appUrl = `http://127.0.0.1:${await freePort()}`;
const sim = createPaymentSimulator({
  merchants: [
    {
      label: 'Own bistro account',
      epay: { ...OWN.epay, notifyUrl: `${appUrl}/api/epay/notify/demo/bistro` },
      oneTouch: OWN.oneTouch,
      redsys: OWN.redsys,
    },
  ],
  timeFactor: 0.001,
});
await sim.listen(0);
afterAll(async () => {
  await sim.close();
});
const env = {
  PUBLIC_URL: appUrl,
  PAYMENT_SIMULATOR_URL: sim.url,
  PAYMENT_SIMULATOR: '0',
  PAYMENT_SIMULATOR_SECRET: 'simulator-secret-of-this-test-0123456789',
};

const epayBody = (secret?: string) => ({ fields: { min: OWN.epay.min }, ...(secret ? { secret } : {}) });

async function epayOrderForm(ctx: TestContext): Promise<Record<string, string>> {
  const headers = { authorization: await demoGuestAuth(ctx), host: new URL(appUrl).host };
  ctx.clock.setOverride(new Date(OPEN_AT.getTime() + 5 * 60_000));
  const order = await ctx.post(
    '/api/orders/preorder',
    guestPickupBody([await orderableDemoLine(ctx, 'bistro', 2)], 'epay', {
      // seedAccounts adds more pickup places to the brand: name this one.
      pickupPlaceId: await ctx.placeId('bistro'),
    }),
    { headers },
  );
  expect(order.statusCode, order.body).toBe(201);
  const start = await ctx.post('/api/epay/initiateEpayOrder', { orderKey: order.json().key }, { headers });
  expect(start.statusCode, start.body).toBe(200);
  return (start.json() as { form: { fields: Record<string, string> } }).form.fields;
}

const minOf = (fields: Record<string, string>) =>
  /^MIN=(\d+)$/m.exec(Buffer.from(fields.ENCODED!, 'base64').toString('utf8'))?.[1];

describeEachDatabase(
  'payment accounts in the admin',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);
    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
    });

    ctx.test('PLACE_ADMIN and up only; nothing configured at first', async () => {
      expect((await ctx.get('/api/admin/payment-accounts')).statusCode).toBe(401);
      expect((await as.get('/api/admin/payment-accounts', undefined, { role: 'WAITER' })).statusCode).toBe(
        403,
      );
      const res = await as.get('/api/admin/payment-accounts', undefined, { role: 'PLACE_ADMIN' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        file_override: false,
        accounts: [
          {
            provider: 'epay',
            configured: false,
            fields: { min: '' },
            secret: { set: false, last4: null },
            verified_at: null,
          },
          {
            provider: 'one_touch',
            configured: false,
            fields: { app_id: '', kin: '' },
            secret: { set: false, last4: null },
            verified_at: null,
          },
          {
            provider: 'redsys',
            configured: false,
            fields: { merchant_code: '', terminal: '' },
            secret: { set: false, last4: null },
            verified_at: null,
          },
        ],
      });
      // A place-level admin of bistro has no say over hotel.
      const hotel = await as.get('/api/admin/payment-accounts', undefined, {
        role: 'PLACE_ADMIN',
        place: 'hotel',
      });
      expect(hotel.statusCode).toBe(403);
    });

    ctx.test('bad input: 400 with the field, a secret required the first time', async () => {
      const noSecret = await as.put('/api/admin/payment-accounts/epay', epayBody());
      expect(noSecret.statusCode).toBe(400);
      expect(noSecret.json().code).toBe('secret_required');
      const badMin = await as.put('/api/admin/payment-accounts/epay', {
        fields: { min: '12ab' },
        secret: 'x'.repeat(12),
      });
      expect(badMin.statusCode).toBe(400);
      expect(badMin.json()).toMatchObject({ code: 'validation_error', details: [{ path: 'min' }] });
      const badKey = await as.put('/api/admin/payment-accounts/redsys', {
        fields: { merchant_code: '1', terminal: '1' },
        secret: 'not-base64-24-bytes',
      });
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().details[0].path).toBe('secret');
      expect((await as.put('/api/admin/payment-accounts/paypal', epayBody('x'.repeat(12)))).statusCode).toBe(
        400,
      );
    });

    ctx.test('stored encrypted, never answered: "set" and the last 4; kept unless re-entered', async () => {
      const put = await as.put('/api/admin/payment-accounts/epay', epayBody(OWN.epay.secret), {
        role: 'PLACE_ADMIN',
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({
        provider: 'epay',
        configured: true,
        fields: { min: OWN.epay.min },
        secret: { set: true, last4: '9f3k' },
        verified_at: null,
      });
      const list = await as.get('/api/admin/payment-accounts');
      expect(list.body).not.toContain(OWN.epay.secret);
      expect(list.json().accounts[0].secret).toEqual({ set: true, last4: '9f3k' });
      // At rest: AES-256-GCM, not the secret.
      const row = await ctx.db.selectFrom('payment_accounts').selectAll().executeTakeFirstOrThrow();
      expect(row.secret).toMatch(/^v1:/);
      expect(row.secret).not.toContain(OWN.epay.secret);
      expect(row.secret).not.toContain(Buffer.from(OWN.epay.secret).toString('base64'));
      // A save without a secret keeps the stored one.
      const again = await as.put('/api/admin/payment-accounts/epay', epayBody());
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().secret).toEqual({ set: true, last4: '9f3k' });
      // No setting and no other answer carries it.
      expect((await ctx.get('/api/settings')).body).not.toContain(OWN.epay.secret);
    });

    ctx.test('every change is in the audit trail, without the secret', async () => {
      const audit = await as.get('/api/admin/audit?limit=20');
      expect(audit.statusCode, audit.body).toBe(200);
      const mine = (audit.json() as Json[]).filter((e) => e.entity === 'payment_account');
      expect(mine.map((e) => [e.action, e.details.secret])).toEqual([
        ['update', 'kept'],
        ['create', 'changed'],
      ]);
      expect(mine[1]!.details).toEqual({
        provider: 'epay',
        fields: { min: OWN.epay.min },
        secret: 'changed',
      });
      expect(audit.body).not.toContain(OWN.epay.secret);
      expect(audit.body).not.toContain('9f3k');
    });

    ctx.test('the payments module uses the stored account (the file does not name bistro)', async () => {
      const fields = await epayOrderForm(ctx);
      expect(minOf(fields)).toBe(OWN.epay.min);
      expect(fields.CHECKSUM).toBe(epayChecksum(OWN.epay.secret, fields.ENCODED!));
    });

    ctx.test('test payment: accepted with the right credentials, marked working', async () => {
      const res = await as.post('/api/admin/payment-accounts/epay/test', {}, { role: 'PLACE_ADMIN' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ok: true, result: 'accepted', amount: 2, currency: 'EUR' });
      expect(res.json().account.verified_at).toBe(ctx.clock.now().toISOString());

      const redsys = await as.put('/api/admin/payment-accounts/redsys', {
        fields: { merchant_code: OWN.redsys.merchantCode, terminal: OWN.redsys.terminal },
        secret: OWN.redsys.key,
      });
      expect(redsys.statusCode, redsys.body).toBe(200);
      const r = await as.post('/api/admin/payment-accounts/redsys/test', {});
      expect(r.json()).toMatchObject({ ok: true, result: 'accepted', amount: 1 });

      const ot = await as.put('/api/admin/payment-accounts/one_touch', {
        fields: { app_id: OWN.oneTouch.appId, kin: OWN.oneTouch.kin },
        secret: OWN.oneTouch.secret,
      });
      expect(ot.statusCode, ot.body).toBe(200);
      expect((await as.post('/api/admin/payment-accounts/one_touch/test', {})).json()).toMatchObject({
        ok: true,
        result: 'accepted',
      });
    });

    ctx.test(
      'test payment: wrong credentials are refused in the provider words, nothing marked working',
      async () => {
        const wrong = await as.put('/api/admin/payment-accounts/epay', epayBody('a-wrong-secret-1234'));
        expect(wrong.json()).toMatchObject({ secret: { set: true, last4: '1234' }, verified_at: null });
        const res = await as.post('/api/admin/payment-accounts/epay/test', {});
        expect(res.json()).toMatchObject({
          ok: false,
          result: 'refused',
          detail: 'Invalid CHECKSUM: the payment data was changed.',
          account: { verified_at: null },
        });
        const unknownMin = await as.put('/api/admin/payment-accounts/epay', {
          fields: { min: '1111111111' },
          secret: OWN.epay.secret,
        });
        expect(unknownMin.statusCode).toBe(200);
        expect((await as.post('/api/admin/payment-accounts/epay/test', {})).json()).toMatchObject({
          ok: false,
          detail: 'Unknown merchant (MIN).',
        });
        await as.put('/api/admin/payment-accounts/redsys', {
          fields: { merchant_code: OWN.redsys.merchantCode, terminal: OWN.redsys.terminal },
          secret: Buffer.alloc(24, 9).toString('base64'),
        });
        expect((await as.post('/api/admin/payment-accounts/redsys/test', {})).json()).toMatchObject({
          ok: false,
          detail: 'SIS0042: signature error — the payment data was changed.',
        });
        // One Touch checks the KIN (the recipient) too.
        await as.put('/api/admin/payment-accounts/one_touch', {
          fields: { app_id: OWN.oneTouch.appId, kin: '1' },
        });
        const ot = await as.post('/api/admin/payment-accounts/one_touch/test', {});
        expect(ot.json()).toMatchObject({
          ok: false,
          detail: 'Unknown recipient.',
          account: { verified_at: null },
        });
        const list = (await as.get('/api/admin/payment-accounts')).json() as Json;
        expect(list.accounts.map((a: Json) => a.verified_at)).toEqual([null, null, null]);
        const audit = await as.get('/api/admin/audit?limit=50');
        expect(audit.body).toContain('"test_payment":"refused"');
        expect(audit.body).not.toContain('a-wrong-secret-1234');
      },
    );

    ctx.test('delete: the account goes (404 when none), audited', async () => {
      expect((await as.del('/api/admin/payment-accounts/one_touch')).statusCode).toBe(200);
      expect((await as.del('/api/admin/payment-accounts/one_touch')).statusCode).toBe(404);
      const list = (await as.get('/api/admin/payment-accounts')).json() as Json;
      expect(list.accounts[1]).toMatchObject({ configured: false, secret: { set: false } });
    });

    ctx.test(
      'a SECRETS_KEY that cannot open the stored secrets: a one-line start-up error naming it',
      async () => {
        const config = loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: ctx.dataDir,
          SECRETS_KEY: 'another-key-than-the-one-the-secrets-were-saved-with',
          ...env,
        });
        const err = await buildApp({ config, database: ctx.database }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StartupError);
        expect((err as Error).message).toMatch(
          /^SECRETS_KEY cannot decrypt 2 of 2 stored payment account secrets/,
        );
        expect((err as Error).message).not.toContain('\n');
        // The key generated into DATA_DIR (what this suite's app uses) still opens them.
        const { unreadable } = await createPaymentAccountsRepository(
          ctx.db,
          new SecretBox(loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.dataDir, ...env }).secretsKey),
        ).unreadableSecrets();
        expect(unreadable).toBe(0);
      },
    );
  },
  { setup: seedAccounts, env },
);

// The operator's file names bistro: it wins over the account entered in the admin.
const fileDir = mkdtempSync(join(tmpdir(), 'trapeza-payments-file-'));
const FILE_MIN = '4400998877';
writeFileSync(
  join(fileDir, 'payments.json'),
  JSON.stringify({
    places: {
      'demo/bistro': { epay: { min: FILE_MIN, secret: 'file-secret-123456', baseUrl: `${sim.url}/epay/` } },
    },
  }),
);

// The demo seed is part of the project: these suites always run (no guard that could make them vanish).
{
  describeEachDatabase(
    'payment accounts: PAYMENTS_CONFIG_FILE wins when it names the venue',
    (ctx) => {
      let tokens: AdminTokens;
      const as = asRole(ctx, () => tokens);
      beforeAll(async () => {
        tokens = await signRoleTokens(ctx);
      });
      ctx.test('file_override and the file account in the payment form', async () => {
        expect((await as.put('/api/admin/payment-accounts/epay', epayBody(OWN.epay.secret))).statusCode).toBe(
          200,
        );
        expect((await as.get('/api/admin/payment-accounts')).json().file_override).toBe(true);
        const fields = await epayOrderForm(ctx);
        expect(minOf(fields)).toBe(FILE_MIN);
        // Hotel is not in the file: its own account would be used there.
        const hotel = await as.get('/api/admin/payment-accounts', undefined, { place: 'hotel' });
        expect(hotel.json().file_override).toBe(false);
      });
    },
    { setup: seedAccounts, env: { ...env, PAYMENTS_CONFIG_FILE: join(fileDir, 'payments.json') } },
  );
}
