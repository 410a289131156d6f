/**
 * The payment calls of spec §7 under /api (epay/*), the Redsys/Bizum initiation, and the providers' notification
 * endpoints. The notification endpoints have no tenancy headers (a provider sends none): the merchant is named in
 * the path, exactly as configured at the provider (ePay merchant profile, Redsys DS_MERCHANT_MERCHANTURL).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  StoreCheckOneTouchStatusBody,
  StoreCheckPaymentStatusBody,
  StoreCheckPaymentStatusResponse,
  StoreDeleteInstrumentBody,
  StoreDeleteInstrumentResponse,
  StoreInitiateOneTouchBody,
  StoreInitiatePaymentBody,
  StoreInitiatePaymentResponse,
  StoreOneTouchLinkCompleteBody,
  StoreOneTouchLinkCompleteResponse,
  StoreOneTouchLinkStartResponse,
  StoreOneTouchResponse,
} from '@trapeza/domain/contracts/payments';
import { BookingIdParam } from '@trapeza/domain/contracts/bookings';
import { ApiError } from '@trapeza/domain/contracts/menu';
import { StoreBookingPaymentBody } from '@trapeza/domain/contracts/payments';
import { PlaceHeaders } from '../../lib/request-context.ts';
import { requestLanguage } from '../users/users.mail.ts';
import type { PaymentsService, PaymentUser } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments service (order creation asks it for ppResp). */
    payments: PaymentsService;
  }
}

const errors = {
  400: ApiError.describe('validation_error, payment_method_not_online, amount_too_small'),
  401: ApiError.describe('unauthorized: the token is no longer valid'),
  403: ApiError.describe(
    "payments_module_disabled; card_payment_requires_login: 'За да платите онлайн трябва да сте влезли в акаунта си'",
  ),
  404: ApiError.describe('order_not_found, payment_not_found, instrument_not_found, unknown_place'),
  409: ApiError.describe('already_paid, order_closed, onetouch_link_failed'),
  503: ApiError.describe(
    "payments_not_configured; payment_currency_not_supported: the venue's currency is not one its provider takes",
  ),
};

const MerchantParams = z.object({
  client: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  place: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});
const FormBody = z.record(z.string(), z.string());

function userOf(request: FastifyRequest): PaymentUser | null {
  // Platform staff (no brand) pay like anonymous guests: saved instruments belong to a brand's account.
  const user = request.user;
  return user && user.clientId !== null ? { id: user.id, clientId: user.clientId } : null;
}

/** Routes under /api. */
export function paymentsRoutes(payments: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Providers post application/x-www-form-urlencoded; parsed here only (this plugin's scope). Values are
    // percent-decoded as the form encoding says; the checksum is then computed over the decoded `encoded` text.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        try {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        } catch (err) {
          done(err as Error, undefined);
        }
      },
    );

    const config = { tenancy: 'place' } as const;
    const tags = ['payments'];

    app.post(
      '/epay/initiateEpayOrder',
      {
        config,
        schema: {
          tags,
          summary:
            'Start an ePay web-checkout attempt for the order (new invoice); `red` is where the browser goes',
          headers: PlaceHeaders,
          body: StoreInitiatePaymentBody,
          response: { 200: StoreInitiatePaymentResponse, ...errors },
        },
      },
      async (request) =>
        payments.initiateEpay(
          request.tenant.placeId,
          userOf(request),
          request.body.orderKey,
          await app.guestOrigin(request),
        ),
    );

    app.post(
      '/redsys/initiateRedsysOrder',
      {
        config,
        schema: {
          tags,
          summary:
            'Start a Redsys attempt (Bizum when the order method is bizum); submit `form` / `redForm` by POST',
          headers: PlaceHeaders,
          body: StoreInitiatePaymentBody,
          response: { 200: StoreInitiatePaymentResponse, ...errors },
        },
      },
      async (request) =>
        payments.initiateRedsys(
          request.tenant.placeId,
          userOf(request),
          request.body.orderKey,
          await app.guestOrigin(request),
        ),
    );

    app.post(
      '/bookings/:id/pay',
      {
        config,
        schema: {
          tags: [...tags, 'bookings'],
          summary:
            "Start paying a pending booking's deposit (booking_deposit); `red` / `form` as initiateEpayOrder",
          description:
            'The link token of the booking (create answer `cancelUrl`, or the e-mailed link) proves it is the ' +
            "caller's; no login. New invoice per call, mapped to the booking (payments.booking_id); it expires with " +
            'the booking hold at the latest. The verified notification confirms the booking and sends its e-mail; ' +
            'a payment arriving after the table was given away is marked for refund (payments.refund_status). ' +
            'Returns to `/{place}/reservations?booking={id}&payment=ok|cancel`.',
          headers: PlaceHeaders,
          params: BookingIdParam,
          body: StoreBookingPaymentBody,
          response: {
            200: StoreInitiatePaymentResponse,
            ...errors,
            404: ApiError.describe('booking_not_found (unknown id or wrong token), unknown_place'),
            409: ApiError.describe(
              'already_paid (confirmed), booking_not_payable (cancelled, seated, …), booking_payment_expired',
            ),
          },
        },
      },
      async (request) =>
        payments.initiateBooking(
          request.tenant,
          request.params.id,
          request.body.token,
          request.body.provider,
          requestLanguage(request.headers),
          await app.guestOrigin(request),
        ),
    );

    app.post(
      '/epay/initiateEpayOrderOneTouch',
      {
        config,
        schema: {
          tags,
          summary:
            'Pay with a saved instrument (One Touch), or without one get `red`: the first-card page that saves the card',
          headers: PlaceHeaders,
          body: StoreInitiateOneTouchBody,
          response: { 200: StoreOneTouchResponse, ...errors },
        },
      },
      async (request) =>
        payments.initiateOneTouch(
          request.tenant.placeId,
          userOf(request),
          request.body.orderKey,
          request.body.payment_instrument as number | null,
          // The first card's return comes back to the guest's own address (oneTouchReturn).
          await app.guestOrigin(request),
        ),
    );

    app.post(
      '/epay/linkOneTouchAccount',
      {
        config,
        schema: {
          tags,
          summary:
            "Link the user's ePay account (One Touch api/start): `red` is ePay's page to allow the app, `key` the attempt's secret for completeOneTouchLink",
          headers: PlaceHeaders,
          response: { 200: StoreOneTouchLinkStartResponse, ...errors },
        },
      },
      async (request) => payments.startOneTouchLink(request.tenant.placeId, userOf(request)),
    );

    app.post(
      '/epay/completeOneTouchLink',
      {
        config,
        schema: {
          tags,
          summary:
            "After ePay's ret=authok: code/get → token/get → user/info; the account's cards are saved for the user (409 onetouch_link_failed)",
          headers: PlaceHeaders,
          body: StoreOneTouchLinkCompleteBody,
          response: { 200: StoreOneTouchLinkCompleteResponse, ...errors },
        },
      },
      async (request) =>
        payments.completeOneTouchLink(request.tenant.placeId, userOf(request), request.body.key),
    );

    app.get(
      '/epay/onetouch/return/:client/:place',
      {
        schema: {
          tags,
          summary:
            "The One Touch app's reply address: sends the browser back from the first-card page to the payment page on the address the guest paid from (303)",
          params: MerchantParams,
          querystring: z.object({ ID: z.string().max(40).optional(), ret: z.string().max(40).optional() }),
        },
      },
      async (request, reply) =>
        reply.redirect(
          await payments.oneTouchReturn(request.params.client, request.params.place, request.query),
          303,
        ),
    );

    app.post(
      '/epay/checkPaymentStatus',
      {
        config,
        schema: {
          tags,
          summary: "The order's payment state (poll while pending)",
          headers: PlaceHeaders,
          body: StoreCheckPaymentStatusBody,
          response: { 200: StoreCheckPaymentStatusResponse, ...errors },
        },
      },
      async (request) => payments.checkStatus(request.tenant.placeId, userOf(request), request.body.orderKey),
    );

    app.post(
      '/epay/checkPaymentStatusOneTouch',
      {
        config,
        schema: {
          tags,
          summary: 'A One Touch payment state; asks the provider while pending',
          headers: PlaceHeaders,
          body: StoreCheckOneTouchStatusBody,
          response: { 200: StoreOneTouchResponse, ...errors },
        },
      },
      async (request) =>
        payments.checkOneTouchStatus(request.tenant.placeId, userOf(request), request.body.paymentKey),
    );

    app.post(
      '/epay/deleteUserPaymentInstrument',
      {
        config,
        schema: {
          tags,
          summary:
            "Forget a saved instrument; answers a new user token (uToken) and 'Успешно изтрит инструмент за плащане'",
          headers: PlaceHeaders,
          body: StoreDeleteInstrumentBody,
          response: { 200: StoreDeleteInstrumentResponse, ...errors },
        },
      },
      async (request) => payments.deleteInstrument(request.tenant.placeId, userOf(request), request.body.key),
    );

    app.post(
      '/epay/notify/:client/:place',
      {
        schema: {
          tags,
          summary:
            'ePay notification (form: encoded, checksum). Answer text: INVOICE=…:STATUS=OK|ERR|NO per line, or ERR=… for a bad checksum',
          params: MerchantParams,
          body: FormBody,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const text = await payments.handleEpayNotification(
          request.params.client,
          request.params.place,
          request.body,
        );
        return reply.type('text/plain; charset=utf-8').send(text);
      },
    );

    app.post(
      '/redsys/notify/:client/:place',
      {
        schema: {
          tags,
          summary: 'Redsys notification (Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature)',
          params: MerchantParams,
          body: FormBody,
          // Only the success answer is declared: error answers are JSON from the error handler (a malformed body
          // is rejected before the handler), and a text-only error schema would turn them into 500s.
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const { status, text } = await payments.handleRedsysNotification(
          request.params.client,
          request.params.place,
          request.body,
        );
        // Error answers (bad signature, unknown place) are plain text like the provider expects; only 200 is in
        // the schema, so they go through the untyped reply.
        return (reply as FastifyReply).code(status).type('text/plain; charset=utf-8').send(text);
      },
    );
  };
}
