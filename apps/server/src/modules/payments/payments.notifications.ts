/**
 * Provider notifications (payments.md §1, §3, §4): ePay's `encoded` + `checksum` and Redsys' signed parameters,
 * verified in constant time before anything is parsed, then applied once (payments.core.ts applyNotified).
 */
import {
  EpayWebCheckout,
  formatEpayChecksumError,
  formatEpayReply,
  type EpayReplyStatus,
} from './providers/epay-web.ts';
import { RedsysRedirect } from './providers/redsys.ts';
import { type PaymentsCore, PROVIDER } from './payments.core.ts';

export function createNotificationCalls(core: PaymentsCore) {
  const { repo, resolveConfig, applyNotified } = core;
  return {
    /**
     * The ePay notification (payments.md §1): checksum over the raw `encoded` first — a mismatch is answered
     * `ERR=…` and nothing is parsed; then one answer line per invoice: OK (applied or a duplicate), NO (not
     * ours), ERR (malformed line or a failure on our side: the provider retries).
     */
    async handleEpayNotification(
      clientSlug: string,
      placeSlug: string,
      body: Record<string, string | undefined>,
    ): Promise<string> {
      const place = await repo.placeBySlugs(clientSlug, placeSlug);
      const c = place ? await resolveConfig(place) : null;
      if (!place || !c?.epay) return formatEpayChecksumError('Unknown merchant');
      const epay = new EpayWebCheckout(c.epay);
      const encoded = body.encoded ?? '';
      if (!encoded || !epay.checksumMatches(encoded, body.checksum ?? '')) return formatEpayChecksumError();
      const answers: { invoice: string; status: EpayReplyStatus }[] = [];
      for (const line of epay.notificationLines(encoded)) {
        if (!line.ok) {
          if (line.invoice) answers.push({ invoice: line.invoice, status: 'ERR' });
          continue;
        }
        answers.push({
          invoice: line.event.invoice,
          status: await applyNotified(place, PROVIDER.epay, line.event),
        });
      }
      return formatEpayReply(answers);
    },

    /** The Redsys notification: signature on the decoded bytes first, then the one event it carries. */
    async handleRedsysNotification(
      clientSlug: string,
      placeSlug: string,
      body: Record<string, string | undefined>,
    ): Promise<{ status: number; text: string }> {
      const place = await repo.placeBySlugs(clientSlug, placeSlug);
      const c = place ? await resolveConfig(place) : null;
      if (!place || !c?.redsys) return { status: 404, text: 'Unknown merchant' };
      const verified = new RedsysRedirect(c.redsys).verifyNotification(body);
      if (!verified.ok) return { status: 400, text: verified.error };
      const event = verified.events[0]!;
      const answer = await applyNotified(place, PROVIDER.redsys, event);
      return answer === 'OK'
        ? { status: 200, text: 'OK' }
        : answer === 'NO'
          ? { status: 404, text: 'Unknown order' }
          : { status: 500, text: 'Try again' };
    },
  };
}
