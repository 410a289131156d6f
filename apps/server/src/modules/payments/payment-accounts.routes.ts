/** The venue's own payment accounts under /api/admin (issue 16 #3): PLACE_ADMIN and up, on their place. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminOkResponse } from '@trapeza/domain/contracts/admin';
import {
  PaymentAccount,
  PaymentAccountBody,
  PaymentAccountProviderParam,
  PaymentAccountsResponse,
  PaymentAccountTestResponse,
} from '@trapeza/domain/contracts/payment-accounts';
import { adminContext, adminErrors, placeRoute } from '../admin/admin-access.ts';
import type { PaymentAccountsService } from './payment-accounts.service.ts';

export function paymentAccountsRoutes(accounts: PaymentAccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    const r = placeRoute(['admin: payment accounts']);
    app.get(
      '/admin/payment-accounts',
      r.with({
        summary:
          "The place's ePay, One Touch and Redsys accounts: fields, whether a secret is set and its last 4",
        response: { 200: PaymentAccountsResponse, ...adminErrors },
      }),
      async (request) => accounts.list(adminContext(request)),
    );
    app.put(
      '/admin/payment-accounts/:provider',
      r.with({
        summary: 'Store an account (a secret only to set or change it: without one the stored secret stays)',
        params: PaymentAccountProviderParam,
        body: PaymentAccountBody,
        response: { 200: PaymentAccount, ...adminErrors },
      }),
      async (request) => accounts.save(adminContext(request), request.params.provider, request.body),
    );
    app.delete(
      '/admin/payment-accounts/:provider',
      r.with({
        summary: 'Forget an account',
        params: PaymentAccountProviderParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await accounts.remove(adminContext(request), request.params.provider);
        return { ok: true as const };
      },
    );
    app.post(
      '/admin/payment-accounts/:provider/test',
      r.with({
        summary:
          'Test payment (0.01 €; 0.02 € on ePay): the provider takes the signed request or says why not',
        params: PaymentAccountProviderParam,
        response: { 200: PaymentAccountTestResponse, ...adminErrors },
      }),
      async (request) => accounts.test(adminContext(request), request.params.provider),
    );
  };
}
