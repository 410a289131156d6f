/**
 * The order's answer inside the order modal: message, number, discounts as sent, the server's total, tracking and
 * close. `closeAll`: closing the answer closes the cart too (the emptied cart behind it has nothing left to show).
 */
import { useTranslation } from 'react-i18next';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { Link } from '../../../../components/link.tsx';
import { Price } from '../../../../components/ui/price.tsx';
import { useCartUiStore } from '../../../../stores/cart-store.ts';
import { trackingPath } from '../../../order-tracking/tracked-orders.ts';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';

export function closeAll(onClose: () => void) {
  onClose();
  useCartUiStore.getState().closeCart();
}

export function OrderSuccess({ m, onClose }: { m: OrderFormModel; onClose: () => void }) {
  const { t } = useTranslation();
  const { venue, tableSession } = m.ctx;
  const { currency, lang } = venue;
  const success = m.submitter.success;
  if (!success) return null;
  return (
    <div className="stack" role="status">
      <p className="lead">{success.message}</p>
      <p>
        {t('cart.orderNumber')}:{' '}
        <strong data-testid="order-number">{orderNumberLabel(success.number, success.key)}</strong>
      </p>
      {m.sentDiscount > 0 && (
        <p>
          {t('cart.discounts')}:{' '}
          <span data-testid="order-answer-discount">
            <Price amount={m.sentDiscount} currency={currency} lang={lang} negative />
          </span>
        </p>
      )}
      <p>
        {t('cart.total')}:{' '}
        <strong data-testid="order-answer-total">
          <Price amount={success.totalPrice} currency={currency} lang={lang} />
        </strong>
      </p>
      {success.trackingToken && (
        <Link
          className="button button-secondary"
          to={trackingPath(venue.place, success.trackingToken)}
          onClick={() => closeAll(onClose)}
        >
          {t('cart.trackOrder')}
        </Link>
      )}
      <button
        type="button"
        className="button"
        onClick={() => {
          onClose();
          if (tableSession) useCartUiStore.getState().openCart('orders');
        }}
      >
        {tableSession ? t('cart.seeMyOrders') : t('common.close')}
      </button>
    </div>
  );
}
