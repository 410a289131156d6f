/**
 * The simulator as the demo's provider: every place with the payments module gets the demo merchant accounts that
 * payments.config.ts derives for it (simulatorAccounts, keyed by this installation's random simulator secret), with
 * its notification and return addresses. Imported dynamically by server.ts only in demo mode with the simulator on,
 * so production never loads it. It listens on the loopback interface only and sends the payer back only to
 * addresses this installation serves (returnUrlOwnedBy).
 */
import type { AppDatabase } from '../../db/database.ts';
import { isLocalNetworkHost } from '../../lib/guest-origin.ts';
import { simulatorAccounts } from '../../modules/payments/payments.config.ts';
import { createPaymentsRepository } from '../../modules/payments/payments.repository.ts';
import {
  createPaymentSimulator,
  isLoopbackHost,
  type PaymentSimulator,
  type SimulatorMerchant,
} from './simulator.ts';

/** The simulator's view of one place: the same accounts the server uses, and where to notify. */
export function simulatorMerchantFor(
  clientSlug: string,
  placeSlug: string,
  label: string,
  simulatorUrl: string,
  publicUrl: string,
  secret: string,
): SimulatorMerchant {
  const ref = `${clientSlug}/${placeSlug}`;
  const accounts = simulatorAccounts(ref, simulatorUrl, secret);
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
      // The app's reply address: the server sends the guest on to their own host (payments oneTouchReturn).
      replyAddress: `${base}/api/epay/onetouch/return/${encodeURIComponent(clientSlug)}/${encodeURIComponent(placeSlug)}`,
    },
  };
}

/**
 * Whether a return address belongs to this installation: PUBLIC_URL's origin, a loopback name (the demo is served
 * on localhost and `*.localhost` brand names), a private-network address (lib/guest-origin.ts), or a brand's own
 * domain (`clients.domain`, also with `www.`) once verified (`domain_verified_at`: an unverified claim is anyone's
 * typing, issue "Security hardening"). The
 * guest comes back to the host they paid from, so PUBLIC_URL alone would be too narrow; anything else would make
 * the simulator an open redirect.
 */
export function returnUrlOwnedBy(db: AppDatabase, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (url: string): Promise<boolean> => {
    if (!URL.canParse(url)) return false;
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
    if (target.username || target.password) return false;
    if (target.origin === publicOrigin) return true;
    const host = target.hostname.toLowerCase();
    if (isLoopbackHost(host) || isLocalNetworkHost(host)) return true;
    const bare = host.startsWith('www.') ? host.slice(4) : host;
    const brand = await db
      .selectFrom('clients')
      .select('id')
      .where('domain', 'in', [host, bare])
      .where('domain_verified_at', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return brand !== undefined;
  };
}

/** Starts the simulator on `port` of the loopback interface for every place with the payments module. */
export async function startDemoPaymentSimulator(input: {
  db: AppDatabase;
  port: number;
  simulatorUrl: string;
  publicUrl: string;
  secret: string;
}): Promise<PaymentSimulator> {
  const repo = createPaymentsRepository(input.db);
  const sim = createPaymentSimulator({
    merchants: async () =>
      (await repo.placesWithPayments()).map((p) =>
        simulatorMerchantFor(
          p.clientSlug,
          p.placeSlug,
          p.placeName,
          input.simulatorUrl,
          input.publicUrl,
          input.secret,
        ),
      ),
    allowReturnUrl: returnUrlOwnedBy(input.db, input.publicUrl),
  });
  // Loopback only: the simulator pays without a card, so it must not be reachable from the network.
  await sim.listen(input.port, '127.0.0.1');
  return sim;
}
