/**
 * ePay One Touch calls (payments.md §2; issue 7, issue 25 #10): paying with a saved card or the first card (noreg,
 * SAVECARD=1), linking the guest's ePay account (api/start → code/get → token/get), the app's reply address, the
 * One Touch status, and forgetting a card. Shared rules and helpers: payments.core.ts.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@trapeza/domain/contracts/payments';
import type {
  StoreDeleteInstrumentResponse,
  StoreOneTouchLinkCompleteResponse,
  StoreOneTouchLinkStartResponse,
  StoreOneTouchResponse,
} from '@trapeza/domain/contracts/payments';
import type { Role } from '@trapeza/domain/roles';
import { passwordVersion } from '../../lib/auth-token.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { ONE_TOUCH_STATE, OneTouchError } from './providers/epay-one-touch.ts';
import {
  attemptStatus,
  deviceIdOf,
  loginRequired,
  parseOneTouchRef,
  type PaymentsCore,
  type PaymentUser,
  PROVIDER,
} from './payments.core.ts';

export function createOneTouchCalls(core: PaymentsCore) {
  const {
    deps,
    repo,
    now,
    log,
    publicUrl,
    placeOf,
    payableOrder,
    description,
    oneTouchClient,
    applyQueried,
    saveCards,
  } = core;
  return {
    /**
     * POST epay/initiateEpayOrderOneTouch. With a saved instrument: init → check → send/user → send/status, and
     * the answer carries the state at once (pending while the provider processes). Without: the first-card page
     * (noreg/send, SAVECARD=1) in `red`; the card is saved when the status query sees the payment done.
     */
    async initiateOneTouch(
      placeId: number,
      user: PaymentUser | null,
      orderKey: string,
      instrumentId: number | null,
      origin?: string,
    ): Promise<StoreOneTouchResponse> {
      if (!user) throw loginRequired();
      const place = await placeOf(placeId);
      const client = await oneTouchClient(place);
      const order = await payableOrder(placeId, user, orderKey);
      const deviceId = deviceIdOf(user);
      const at = now().toISOString();
      if (instrumentId === null) {
        const { invoice } = await repo.createPayment({
          placeId,
          orderId: order.id,
          provider: PROVIDER.noReg,
          amount: order.total,
          currency: order.currency,
          now: at,
          // The guest's address (lib/guest-origin.ts), where oneTouchReturn sends the browser back to.
          providerRef: (inv) => JSON.stringify({ id: inv, instrument: null, ...(origin ? { origin } : {}) }),
        });
        const red = client.noRegSendUrl({
          deviceId,
          id: invoice,
          amount: order.total,
          description: description(place, order),
          reason: `Order ${order.key.slice(0, 8)}`,
          saveCard: true,
        });
        return { success: true, payload: { payment_status: 'pending', payment_key: invoice, red } };
      }
      const instrument = await repo.instrument(user.id, placeId, instrumentId);
      if (!instrument || instrument.provider !== PROVIDER.oneTouch) {
        throw new DomainError(404, 'instrument_not_found', 'Payment instrument not found');
      }
      const payment = await repo.createPayment({
        placeId,
        orderId: order.id,
        provider: PROVIDER.oneTouch,
        amount: order.total,
        currency: order.currency,
        now: at,
      });
      const attempt = { ...payment, provider: PROVIDER.oneTouch, placeId };
      try {
        const sent = await client.payWithInstrument({
          deviceId,
          token: instrument.provider_token,
          instrumentId: instrument.provider_instrument_id,
          amount: order.total,
          description: description(place, order),
          reason: `Order ${order.key.slice(0, 8)}`,
        });
        await repo.setProviderRef(payment.id, JSON.stringify({ id: sent.id, instrument: instrument.id }), at);
        let state = sent.state;
        if (state !== ONE_TOUCH_STATE.success && state !== ONE_TOUCH_STATE.failed) {
          state = (await client.sendStatus(deviceId, instrument.provider_token, sent.id)).state;
        }
        const data = { ID: sent.id, STATE: String(state), PINS: instrument.provider_instrument_id };
        if (state === ONE_TOUCH_STATE.success) {
          await applyQueried(attempt, 'paid', data);
          return { success: true, payload: { payment_status: 'paid', payment_key: payment.invoice } };
        }
        if (state === ONE_TOUCH_STATE.failed) {
          await applyQueried(attempt, 'failed', data);
          return { success: true, payload: { payment_status: 'failed', payment_key: payment.invoice } };
        }
        if (state === ONE_TOUCH_STATE.processing) {
          return { success: true, payload: { payment_status: 'pending', payment_key: payment.invoice } };
        }
        // No state at all: the browser shows 'Възникна грешка при плащането' and may poll.
        return { success: false, payload: { payment_key: payment.invoice } };
      } catch (err) {
        if (!(err instanceof OneTouchError)) log(err, 'one touch payment failed');
        await applyQueried(attempt, 'failed', {
          error: err instanceof OneTouchError ? err.code : 'connection',
        });
        return { success: false, payload: { payment_status: 'failed', payment_key: payment.invoice } };
      }
    },

    /**
     * POST epay/linkOneTouchAccount (issue 25 #10): the address where the signed-in user allows this venue's One
     * Touch app on their ePay account (api/start), and the attempt's KEY. The browser keeps the KEY and hands it back
     * to completeOneTouchLink after ePay returned it to the app's reply address (`?ret=authok`); the authorisation
     * is ePay's, bound to (APPID, this user's DEVICEID, KEY), so a KEY of another user's attempt links nothing.
     */
    async startOneTouchLink(
      placeId: number,
      user: PaymentUser | null,
    ): Promise<StoreOneTouchLinkStartResponse> {
      if (!user) throw loginRequired();
      const client = await oneTouchClient(await placeOf(placeId));
      const key = randomBytes(16).toString('hex');
      return { success: true, payload: { red: client.authStartUrl(deviceIdOf(user), key), key } };
    },

    /**
     * POST epay/completeOneTouchLink {key}: api/code/get → api/token/get → user/info?PINS=1, and the account's
     * cards are saved for the user at this place, usable at checkout at once (no first payment). Not allowed (yet)
     * at ePay, or any provider refusal: 409 `onetouch_link_failed`.
     */
    async completeOneTouchLink(
      placeId: number,
      user: PaymentUser | null,
      key: string,
    ): Promise<StoreOneTouchLinkCompleteResponse> {
      if (!user) throw loginRequired();
      const place = await placeOf(placeId);
      const client = await oneTouchClient(place);
      const deviceId = deviceIdOf(user);
      let token: string;
      try {
        token = (await client.authToken(deviceId, await client.authCode(deviceId, key))).token;
      } catch (err) {
        if (!(err instanceof OneTouchError)) log(err, 'one touch account linking failed');
        throw new DomainError(409, 'onetouch_link_failed', 'The ePay account was not linked');
      }
      const saved = await saveCards(client, place, user, deviceId, token, null);
      return { success: true, payload: { instruments: saved } };
    },

    /**
     * GET epay/onetouch/return/{client}/{place}?ID=&ret= (issue 24 #3): the One Touch app's REPLY_ADDRESS, where
     * the provider sends the browser after the first-card page. ePay keeps one reply address per app, so it cannot
     * name the guest's host; this answers the address of the payment page on the host the guest paid from (the
     * origin kept with the attempt, checked by lib/guest-origin.ts when it was started), else PUBLIC_URL. The
     * return proves nothing: the page asks the status as before.
     */
    async oneTouchReturn(clientSlug: string, placeSlug: string, query: { ID?: string; ret?: string }) {
      const place = await repo.placeBySlugs(clientSlug, placeSlug);
      const slug = encodeURIComponent(place?.placeSlug ?? placeSlug);
      // Account linking (api/start) comes back with `ret=authok` (or our simulator's `authcancel`) and no ID: to the
      // profile, where the browser kept the attempt's KEY. ePay's reply names no guest host: PUBLIC_URL [I].
      if (!query.ID && query.ret?.startsWith('auth')) {
        return `${publicUrl}/${slug}/profile?${new URLSearchParams({ onetouch: query.ret })}`;
      }
      const params = new URLSearchParams({ ID: query.ID ?? '', ret: query.ret ?? '' });
      let origin = publicUrl;
      if (place && query.ID && /^\d{1,20}$/.test(query.ID)) {
        const payment = await repo.paymentByInvoice(place.placeId, query.ID);
        if (payment?.provider === PROVIDER.noReg && payment.provider_ref) {
          try {
            const saved = (JSON.parse(payment.provider_ref) as { origin?: unknown }).origin;
            if (typeof saved === 'string' && URL.canParse(saved)) origin = new URL(saved).origin;
          } catch {
            // an attempt without a kept address: PUBLIC_URL
          }
        }
      }
      return `${origin}/${slug}/payment?${params}`;
    },

    /**
     * POST epay/checkPaymentStatusOneTouch: while pending, asks the provider (send/status, or noreg/send/status
     * for a first card, which also saves the card with user/info?PINS=1). A status query is proof of payment.
     */
    async checkOneTouchStatus(
      placeId: number,
      user: PaymentUser | null,
      paymentKey: string,
    ): Promise<StoreOneTouchResponse> {
      if (!user) throw loginRequired();
      const payment = await repo.paymentByInvoice(placeId, paymentKey);
      const order = payment?.order_id ? await repo.orderById(placeId, payment.order_id) : undefined;
      if (
        !payment ||
        !order ||
        (order.user_id !== null && order.user_id !== user.id) ||
        (payment.provider !== PROVIDER.oneTouch && payment.provider !== PROVIDER.noReg)
      ) {
        throw new DomainError(404, 'payment_not_found', 'Payment not found');
      }
      if (payment.status !== 'pending') {
        return {
          success: true,
          payload: { payment_status: attemptStatus(payment.status), payment_key: paymentKey },
        };
      }
      const place = await placeOf(placeId);
      const client = await oneTouchClient(place);
      const owner = { id: order.user_id ?? user.id, clientId: place.clientId };
      const deviceId = deviceIdOf(owner);
      const ref = parseOneTouchRef(payment.provider_ref);
      try {
        if (payment.provider === PROVIDER.noReg) {
          const status = await client.noRegStatus(deviceId, payment.invoice);
          if (status.kind === 'not_paid') {
            return { success: true, payload: { payment_status: 'pending', payment_key: paymentKey } };
          }
          if (status.kind === 'expired') {
            await applyQueried(payment, 'expired', { msg: 'EXPIRED' });
            return { success: true, payload: { payment_status: 'failed', payment_key: paymentKey } };
          }
          const data = { ID: payment.invoice, STATE: String(status.state) };
          if (status.state === ONE_TOUCH_STATE.success) {
            if (status.token) {
              await saveCards(client, place, owner, deviceId, status.token, status.instrument);
            }
            await applyQueried(payment, 'paid', data);
            return { success: true, payload: { payment_status: 'paid', payment_key: paymentKey } };
          }
          if (status.state === ONE_TOUCH_STATE.failed) {
            await applyQueried(payment, 'failed', data);
            return { success: true, payload: { payment_status: 'failed', payment_key: paymentKey } };
          }
          return { success: true, payload: { payment_status: 'pending', payment_key: paymentKey } };
        }
        const instrument = ref?.instrument ? await repo.instrumentById(ref.instrument) : undefined;
        if (!ref || !instrument) return { success: false, payload: { payment_key: paymentKey } };
        const { state } = await client.sendStatus(deviceId, instrument.provider_token, ref.id);
        const data = { ID: ref.id, STATE: String(state), PINS: instrument.provider_instrument_id };
        if (state === ONE_TOUCH_STATE.success) {
          await applyQueried(payment, 'paid', data);
          return { success: true, payload: { payment_status: 'paid', payment_key: paymentKey } };
        }
        if (state === ONE_TOUCH_STATE.failed) {
          await applyQueried(payment, 'failed', data);
          return { success: true, payload: { payment_status: 'failed', payment_key: paymentKey } };
        }
        if (state === ONE_TOUCH_STATE.processing) {
          return { success: true, payload: { payment_status: 'pending', payment_key: paymentKey } };
        }
        return { success: false, payload: { payment_key: paymentKey } };
      } catch (err) {
        log(err, 'one touch status query failed');
        return { success: false, payload: { payment_key: paymentKey } };
      }
    },

    /**
     * POST epay/deleteUserPaymentInstrument: forget the instrument (ePay has no public delete), revoke the token
     * when no other saved instrument uses it, and hand out a fresh user token.
     */
    async deleteInstrument(
      placeId: number,
      user: PaymentUser | null,
      instrumentId: number,
    ): Promise<StoreDeleteInstrumentResponse> {
      if (!user) throw loginRequired();
      const instrument = await repo.instrument(user.id, placeId, instrumentId);
      if (!instrument) throw new DomainError(404, 'instrument_not_found', 'Payment instrument not found');
      const left = await repo.deleteInstrument(instrument.id, user.id, instrument.provider_token);
      if (left === 0 && instrument.provider === PROVIDER.oneTouch) {
        try {
          const place = await placeOf(placeId);
          await (await oneTouchClient(place)).invalidateToken(deviceIdOf(user), instrument.provider_token);
        } catch (err) {
          // The instrument is gone on our side either way; a token left valid at ePay is useless without it.
          log(err, 'one touch token invalidation failed');
        }
      }
      const row = await repo.userForToken(user.id);
      if (!row || row.banned) throw new DomainError(401, 'unauthorized', 'Please log in');
      const { token } = await deps.tokens.sign({
        userId: row.id,
        role: row.role as Role,
        clientId: row.client_id,
        pwv: passwordVersion(row.password_hash),
      });
      return { success: true, message: PAYMENT_MESSAGES.instrumentDeleted, payload: { uToken: token } };
    },
  };
}
