/**
 * `/{place}/payment` (spec §2, §4 payment flow): the provider redirect (auto-submitted form), the One Touch
 * processing state, and the return pages of ePay, Redsys/Bizum and the One Touch first-card page.
 */
import { PaymentPage } from '../../features/payment/components/payment-page.tsx';

export function Component() {
  return <PaymentPage />;
}
