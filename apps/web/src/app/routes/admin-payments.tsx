/** /admin/payments */
import { PaymentsPage } from '../../features/admin/components/payments-page.tsx';

export function Component() {
  return <PaymentsPage />;
}
