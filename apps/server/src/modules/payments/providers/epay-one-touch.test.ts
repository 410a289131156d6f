/**
 * The One Touch client against the provider simulator (payments.md §2), which verifies every call's APPCHECK:
 * what each call answers (account linking's code and token with who the user is at ePay, the first card's status
 * before, after a paid and after a declined page, the saved instruments), ePay's refusals as OneTouchError with
 * ePay's own code and text, and a revoked token.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPaymentSimulator } from '../../../dev/payment-simulator/simulator.ts';
import { pressOnProviderPage } from '../payments.fixtures.ts';
import { EpayOneTouch, OneTouchError } from './epay-one-touch.ts';

const secret = randomBytes(16).toString('hex');
const sim = createPaymentSimulator({
  merchants: () =>
    Promise.resolve([{ label: 'Бистро', oneTouch: { appId: 'app-ot-1', secret, kin: '8888' } }]),
});
let client: EpayOneTouch;

beforeAll(async () => {
  await sim.listen(0);
  client = new EpayOneTouch({
    appId: 'app-ot-1',
    secret,
    apiBase: `${sim.url}/xdev/api`,
    webBase: `${sim.url}/xdev/mobile`,
    kin: '8888',
  });
});

afterAll(async () => {
  await sim.close();
});

describe('EpayOneTouch against the simulator', () => {
  test('the merchant KIN the client pays to', () => {
    expect(client.kin).toBe('8888');
  });

  test("a refused call is a OneTouchError with ePay's code and text", async () => {
    const refused = client.authCode('device-refused', 'k'.repeat(32));
    await expect(refused).rejects.toBeInstanceOf(OneTouchError);
    await expect(refused).rejects.toMatchObject({
      name: 'OneTouchError',
      code: 'NOT_AUTHORISED',
      message: 'The user has not allowed this application',
    });
  });

  test('linking: once the user allowed the app, the KEY gives a code and the code the token and who they are', async () => {
    const device = 'device-link';
    const key = randomBytes(16).toString('hex');
    const allowed = await pressOnProviderPage(sim.url, client.authStartUrl(device, key), 'allow');
    expect(allowed.status).toBe(200);
    const code = await client.authCode(device, key);
    expect(code).toMatch(/^[0-9a-f]{20}$/);
    const token = await client.authToken(device, code);
    expect(token).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
      expires: expect.stringMatching(/^\d+$/),
      kin: '8888888888',
      username: 'demo@epay.test',
      realname: 'Demo User',
    });
    const cards = await client.instruments(device, token.token);
    expect(cards.map((c) => c.NAME).sort()).toEqual(['Mastercard •••• 3220', 'Visa •••• 4242']);
    // A code is good once.
    await expect(client.authToken(device, code)).rejects.toMatchObject({ code: 'CODE' });
  });

  test('first card: NOT PAID before the page; after it the state, the token and the saved card', async () => {
    const device = 'device-first';
    const input = (id: string) => ({
      deviceId: device,
      id,
      amount: 1250,
      description: 'Бистро #abc',
      reason: 'Order abc',
      saveCard: true,
    });
    expect(await client.noRegStatus(device, '1000000001')).toEqual({ kind: 'not_paid' });

    const paid = await pressOnProviderPage(sim.url, client.noRegSendUrl(input('1000000001')), '4242');
    expect(paid.status).toBe(200);
    const status = await client.noRegStatus(device, '1000000001');
    expect(status).toEqual({
      kind: 'state',
      state: 3,
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
      instrument: {
        ID: expect.stringMatching(/^\d{6}$/),
        NAME: 'Visa •••• 4242',
        TYPE: 1,
        EXPIRES: '12/2030',
      },
      raw: expect.objectContaining({ status: 'OK' }),
    });

    const declined = await pressOnProviderPage(sim.url, client.noRegSendUrl(input('1000000002')), '0002');
    expect(declined.status).toBe(200);
    expect(await client.noRegStatus(device, '1000000002')).toEqual({
      kind: 'state',
      state: 4,
      token: null,
      instrument: null,
      raw: expect.objectContaining({ status: 'OK' }),
    });
  });

  test('a revoked token no longer lists instruments nor pays', async () => {
    const device = 'device-revoke';
    const linked = sim.provisionOneTouchUser('app-ot-1', device, ['4242']);
    expect((await client.instruments(device, linked.token)).map((c) => c.ID)).toEqual(linked.instrumentIds);
    await client.invalidateToken(device, linked.token);
    await expect(client.instruments(device, linked.token)).rejects.toMatchObject({ code: 'TOKEN' });
    await expect(client.invalidateToken(device, linked.token)).rejects.toMatchObject({
      code: 'TOKEN',
      message: 'Invalid token',
    });
  });
});
