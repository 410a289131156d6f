/**
 * The provider simulator for the card payment route tests: one merchant for demo/bistro whose notifications and
 * return links go to the app, which the test then starts listening on `appPort` (the simulator calls it over HTTP).
 * Close it with `sim.close()` after the file.
 */
import { freePort } from '../../../test/spawn-server.ts';
import { simulatorMerchantFor } from './simulator/demo.ts';
import { createPaymentSimulator } from './simulator/simulator.ts';

export async function startBistroSimulator() {
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const sim = createPaymentSimulator({
    merchants: () => Promise.resolve([simulatorMerchantFor('demo', 'bistro', 'Бистро', sim.url, appUrl)]),
    // Provider delays (settling, expiry) in milliseconds rather than seconds.
    timeFactor: 0.001,
  });
  await sim.listen(0);
  return { sim, appPort, appUrl };
}
