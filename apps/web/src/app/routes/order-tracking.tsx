/** `/{place}/order/{trackingToken}` (issue 24 #6): a delivery or pickup order's tracking page. */
import { useParams } from 'react-router';
import { OrderTrackingView } from '../../features/order-tracking/order-tracking-view.tsx';

export function Component() {
  const { trackingToken = '' } = useParams();
  return <OrderTrackingView trackingToken={trackingToken} />;
}
