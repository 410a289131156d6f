/** The displayed breakdown of calculateOrderTotal: subtotal, discounts (the promo apart), fees, total; free-delivery threshold. */
import { useTranslation } from 'react-i18next';
import type { VenueCurrency } from '@trapeza/domain/money';
import { Price } from '../../../components/ui/price.tsx';
import type { OrderTotalView } from '../hooks/use-order-total.ts';

export function OrderSummary({
  view,
  currency,
  lang,
}: {
  view: OrderTotalView;
  currency: VenueCurrency;
  lang: string;
}) {
  const { t } = useTranslation();
  const { total, zone } = view;
  const row = (label: string, amount: number, negative = false) =>
    amount > 0 ? (
      <div className="row-between" key={label}>
        <dt>{label}</dt>
        <dd>
          <Price amount={amount} currency={currency} lang={lang} negative={negative} />
        </dd>
      </div>
    ) : null;
  return (
    <dl className="order-summary" aria-label={t('cart.summary')}>
      {row(t('cart.subtotal'), total.subtotal)}
      {row(t('cart.discounts'), total.discounts.total - total.discounts.promo, true)}
      {total.discounts.promo > 0 && (
        <div className="row-between">
          <dt>{t('cart.promoDiscount')}</dt>
          <dd data-testid="promo-discount">
            <Price amount={total.discounts.promo} currency={currency} lang={lang} negative />
          </dd>
        </div>
      )}
      {row(t('cart.deliveryFee'), total.fees.delivery)}
      {row(t('cart.orderTypeFee'), total.fees.orderType)}
      {row(t('cart.boxFee'), total.fees.box)}
      {row(t('cart.cutleryFee'), total.fees.cutlery)}
      {row(t('cart.onlineFee'), total.fees.onlinePayment)}
      <div className="row-between order-total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid="order-total">
          <Price amount={total.total} currency={currency} lang={lang} />
        </dd>
      </div>
      {zone && zone.free_from != null && total.fees.delivery > 0 && (
        <p className="muted">
          {t('cart.freeDeliveryFrom')} <Price amount={zone.free_from} currency={currency} lang={lang} />
        </p>
      )}
    </dl>
  );
}
