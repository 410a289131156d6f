/** The venue's own payment accounts (issue 16 #3): secrets go in, only "set" and the last 4 characters come out. */
import { queryOptions } from '@tanstack/react-query';
import type {
  PaymentAccount,
  PaymentAccountBody,
  PaymentAccountProvider,
  PaymentAccountsResponse,
  PaymentAccountTestResponse,
} from '@trapeza/domain/contracts/payment-accounts';
import { adminRequest } from './admin-client.ts';

export const paymentAccountsQuery = (place: string) =>
  queryOptions({
    queryKey: ['admin', place, 'payment-accounts'] as const,
    queryFn: () => adminRequest<PaymentAccountsResponse>('admin/payment-accounts'),
  });

export const savePaymentAccount = (provider: PaymentAccountProvider, body: PaymentAccountBody) =>
  adminRequest<PaymentAccount>(`admin/payment-accounts/${provider}`, { method: 'PUT', body });
export const deletePaymentAccount = (provider: PaymentAccountProvider) =>
  adminRequest<unknown>(`admin/payment-accounts/${provider}`, { method: 'DELETE' });
export const testPaymentAccount = (provider: PaymentAccountProvider) =>
  adminRequest<PaymentAccountTestResponse>(`admin/payment-accounts/${provider}/test`, {
    method: 'POST',
    body: {},
  });
