/** /admin/orders, and one order at /admin/orders?order=<id> (orders-page.tsx `orderHref` says why). */
import { useSearchParams } from 'react-router';
import { OrderDetailPage } from '../../features/admin/components/order-detail-page.tsx';
import { OrdersPage } from '../../features/admin/components/orders-page.tsx';

export function Component() {
  const [sp] = useSearchParams();
  const order = sp.get('order');
  if (order === null) return <OrdersPage />;
  const id = Number(order);
  const list = new URLSearchParams(sp);
  list.delete('order');
  const backTo = list.size ? `/admin/orders?${list}` : '/admin/orders';
  return <OrderDetailPage key={id} id={Number.isInteger(id) && id > 0 ? id : 0} backTo={backTo} />;
}
