/**
 * The provider simulator for the card payment route tests: one merchant for demo/bistro whose notifications and
 * return links go to the app, which the test then starts listening on `appPort` (the simulator calls it over HTTP).
 * The app must be built with `simulatorEnv` (PAYMENT_SIMULATOR_SECRET, …) so both derive the same accounts.
 * Close it with `sim.close()` after the file.
 */
import { randomBytes } from 'node:crypto';
import type { AppDatabase } from '../../db/database.ts';
import { freePort } from '../../../test/spawn-server.ts';
import { simulatorMerchantFor } from '../../dev/payment-simulator/demo.ts';
import { createPaymentSimulator } from '../../dev/payment-simulator/simulator.ts';

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
