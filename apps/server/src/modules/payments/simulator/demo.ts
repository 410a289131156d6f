/**
 * The simulator as the demo's provider: every place with the payments module gets the demo merchant accounts that
 * payments.config.ts derives for it (simulatorAccounts), with its notification and return addresses. Imported
 * dynamically by server.ts only when PAYMENT_SIMULATOR is on, so production never loads it.
 */
import type { AppDatabase } from '../../../db/database.ts';
import { simulatorAccounts } from '../payments.config.ts';
import { PaymentsRepository } from '../payments.repository.ts';
import { createPaymentSimulator, type PaymentSimulator, type SimulatorMerchant } from './simulator.ts';

/** The simulator's view of one place: the same accounts the server uses, and where to notify. */
export function simulatorMerchantFor(
  clientSlug: string,
  placeSlug: string,
  label: string,
  simulatorUrl: string,
  publicUrl: string,
): SimulatorMerchant {
  const ref = `${clientSlug}/${placeSlug}`;
  const accounts = simulatorAccounts(ref, simulatorUrl);
  const base = publicUrl.replace(/\/+$/, '');
  return {
    label,
    epay: {
      min: accounts.epay.min,
      secret: accounts.epay.secret,
      notifyUrl: `${base}/api/epay/notify/${encodeURIComponent(clientSlug)}/${encodeURIComponent(placeSlug)}`,
    },
    redsys: accounts.redsys,
    oneTouch: {
      appId: accounts.oneTouch.appId,
      secret: accounts.oneTouch.secret,
      kin: accounts.oneTouch.kin,
      replyAddress: `${base}/${encodeURIComponent(placeSlug)}/payment`,
    },
  };
}

/** Starts the simulator on `port` for every place with the payments module (looked up on each request). */
export async function startDemoPaymentSimulator(input: {
  db: AppDatabase;
  port: number;
  host?: string;
  simulatorUrl: string;
  publicUrl: string;
}): Promise<PaymentSimulator> {
  const repo = new PaymentsRepository(input.db);
  const sim = createPaymentSimulator({
    merchants: async () =>
      (await repo.placesWithPayments()).map((p) =>
        simulatorMerchantFor(p.clientSlug, p.placeSlug, p.placeName, input.simulatorUrl, input.publicUrl),
      ),
  });
  await sim.listen(input.port, input.host ?? '0.0.0.0');
  return sim;
}
