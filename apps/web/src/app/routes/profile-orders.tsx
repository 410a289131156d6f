/** `/{place}/profile/orders` (spec §2): my orders at this venue. */
import { OrdersView } from '../../features/account/components/orders-view.tsx';

export function Component() {
  return <OrdersView />;
}
