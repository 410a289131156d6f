/**
 * What a venue's admin hears from the payment accounts calls when something is wrong, on SQLite and PostgreSQL:
 * - a field, a secret, or a first save without a secret: 400, each with its code, message and the field named;
 * - a test payment with no account stored: not_configured, nothing sent, nothing audited;
 * - a test payment when the provider does not answer (here: the demo simulator's address with nobody listening):
 *   unreachable, naming the host and the network error; the account is not marked working, and the audit says so.
 */
import { beforeAll, expect } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { freePort } from '../../../test/spawn-server.ts';
import { asRole, seedAccounts, signRoleTokens, type AdminTokens } from '../admin/admin.fixtures.ts';

// Nobody listens here: the test payment's request is refused by the network.
const silentPort = await freePort();
const env = {
  PUBLIC_URL: 'http://127.0.0.1:9',
  PAYMENT_SIMULATOR_URL: `http://127.0.0.1:${silentPort}`,
  PAYMENT_SIMULATOR: '0',
  PAYMENT_SIMULATOR_SECRET: 'simulator-secret-of-this-test-0123456789',
};

describeEachDatabase(
  'payment accounts: refusals and a provider that does not answer',
  (ctx) => {
    let tokens: AdminTokens;
    const as = asRole(ctx, () => tokens);
    beforeAll(async () => {
      tokens = await signRoleTokens(ctx);
    });

    ctx.test('each bad save: 400 with its code, its message and the field', async () => {
      const badField = await as.put('/api/admin/payment-accounts/epay', {
        fields: { min: '12ab' },
        secret: 'x'.repeat(12),
      });
      expect(badField.statusCode).toBe(400);
      expect(badField.json()).toMatchObject({
        code: 'validation_error',
        message: 'Some fields are not valid',
        details: [{ path: 'min' }],
      });
      const badSecret = await as.put('/api/admin/payment-accounts/redsys', {
        fields: { merchant_code: '1', terminal: '1' },
        secret: 'not-base64-24-bytes',
      });
      expect(badSecret.statusCode).toBe(400);
      expect(badSecret.json()).toMatchObject({
        code: 'validation_error',
        message: 'The secret is not valid',
      });
      expect(badSecret.json().details).toEqual([
        expect.objectContaining({ path: 'secret', code: 'invalid_secret' }),
      ]);
      const noSecret = await as.put('/api/admin/payment-accounts/one_touch', {
        fields: { app_id: 'app-1', kin: '5500112233' },
      });
      expect(noSecret.statusCode).toBe(400);
      expect(noSecret.json()).toMatchObject({
        code: 'secret_required',
        message: 'Enter the secret: none is stored for this account',
      });
      expect(noSecret.json().details).toEqual([
        expect.objectContaining({ path: 'secret', code: 'secret_required', message: 'required' }),
      ]);
      const list = await as.get('/api/admin/payment-accounts');
      expect(list.json().accounts.map((a: { configured: boolean }) => a.configured)).toEqual([
        false,
        false,
        false,
      ]);
    });

    ctx.test('a test payment with no account stored: not_configured, nothing sent or audited', async () => {
      const before = (await as.get('/api/admin/audit?limit=50')).body;
      const res = await as.post('/api/admin/payment-accounts/redsys/test', {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ok: false,
        result: 'not_configured',
        detail: '',
        amount: 1,
        currency: 'EUR',
        account: {
          provider: 'redsys',
          configured: false,
          fields: { merchant_code: '', terminal: '' },
          secret: { set: false, last4: null },
          verified_at: null,
        },
      });
      expect((await as.get('/api/admin/audit?limit=50')).body).toBe(before);
    });

    ctx.test(
      'the provider does not answer: unreachable, naming the host and why; not marked working',
      async () => {
        const saved = await as.put('/api/admin/payment-accounts/epay', {
          fields: { min: '7700112233' },
          secret: 'own-epay-secret-9f3k',
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const res = await as.post('/api/admin/payment-accounts/epay/test', {});
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          ok: false,
          result: 'unreachable',
          detail: `no answer from 127.0.0.1:${silentPort} (ECONNREFUSED)`,
          amount: 2,
          currency: 'EUR',
          account: { provider: 'epay', configured: true, verified_at: null },
        });
        const audit = (await as.get('/api/admin/audit?limit=50')).body;
        expect(audit).toContain('"test_payment":"unreachable"');
        expect(audit).toContain(`no answer from 127.0.0.1:${silentPort} (ECONNREFUSED)`);
      },
    );
  },
  { setup: seedAccounts, env },
);
