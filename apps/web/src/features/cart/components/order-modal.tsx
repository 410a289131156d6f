/**
 * Order modal (spec §2, §3 order form, §5): the order-type choice among the place's offered types (a table or room
 * session fixes it), each type's fields, required as the domain's validateOrderForm says, the displayed breakdown,
 * promo code, e-mail, agreements, and the submission of spec §4 with the §8 reactions. Lazily loaded with
 * react-hook-form; the map picker is a further chunk (Leaflet). The state lives in hooks/use-order-form.ts, each
 * section in order-form/.
 */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { useOrderForm } from '../hooks/use-order-form.ts';
import type { CartContext } from '../hooks/use-cart-context.ts';
import { OrderSummary } from './order-summary.tsx';
import { OrderTypeSection } from './order-form/order-type-section.tsx';
import { ContactSection } from './order-form/contact-section.tsx';
import { AddressSection } from './order-form/address-section.tsx';
import { RoomSection } from './order-form/room-section.tsx';
import { PickupPlaceSection } from './order-form/pickup-place-section.tsx';
import { OrderTimeSection } from './order-form/order-time-section.tsx';
import { PaymentSection } from './order-form/payment-section.tsx';
import { CutlerySection } from './order-form/cutlery-section.tsx';
import { PromoSection } from './order-form/promo-section.tsx';
import { AgreementsSection } from './order-form/agreements-section.tsx';
import { closeAll, OrderSuccess } from './order-form/order-success.tsx';

export function OrderModal({ ctx, onClose }: { ctx: CartContext; onClose: () => void }) {
  const { t } = useTranslation();
  const m = useOrderForm(ctx);
  const { currency, lang } = ctx.venue;
  const { type, submitter, view, empty } = m;

  // One dialog for the form and its answer: the answer replaces the form in place, focus stays in the dialog.
  if (submitter.success) {
    return (
      <Modal open title={t('cart.orderTitle')} onClose={() => closeAll(onClose)}>
        <OrderSuccess m={m} onClose={onClose} />
      </Modal>
    );
  }

  return (
    <Modal open title={t('cart.orderTitle')} onClose={onClose} wide>
      {m.closed ? (
        <p role="alert" className="alert">
          {m.closed}
        </p>
      ) : m.offered.length === 0 ? (
        <p role="alert" className="alert">
          {t('cart.noOrderTypes')}
        </p>
      ) : (
        <form id={m.formId} className="stack order-form" noValidate onSubmit={m.submit}>
          <OrderTypeSection m={m} />
          {type != null && type !== 1 && <ContactSection m={m} />}
          {type === 2 && <AddressSection m={m} />}
          {type === 6 && <RoomSection m={m} />}
          {type === 3 && m.pickupPlaces.length > 0 && <PickupPlaceSection m={m} />}
          {type != null && type !== 1 && <OrderTimeSection m={m} />}
          {type != null && type !== 1 && m.offeredPayments.length > 0 && <PaymentSection m={m} />}
          {m.cutleryOn && <CutlerySection m={m} />}
          {m.promoVisible && type != null && type !== 1 && <PromoSection m={m} />}
          <AgreementsSection m={m} />
          {type != null && <OrderSummary view={view} currency={currency} lang={lang} />}

          {submitter.error && (
            <p role="alert" className="alert" data-testid="order-error">
              {submitter.error}
            </p>
          )}
          <button type="submit" className="button button-block" disabled={submitter.loading || empty}>
            {submitter.loading ? t('cart.sending') : t('cart.send')}{' '}
            {!submitter.loading && !empty && (
              <Price amount={view.total.total} currency={currency} lang={lang} />
            )}
          </button>
        </form>
      )}
    </Modal>
  );
}
