/**
 * Order modal (spec §2, §3 order form, §5): the order-type choice among the place's offered types (a table or room
 * session fixes it), each type's fields, required as the domain's validateOrderForm says, the displayed breakdown,
 * promo code, e-mail, agreements, and the submission of spec §4 with the §8 reactions. Lazily loaded with
 * react-hook-form; the map picker is a further chunk (Leaflet). The state lives in hooks/use-order-form.ts, each
 * section in order-form/.
 *
 * On a phone the form goes in steps (hooks/use-order-steps.ts: how & when, your details, payment & confirm) with
 * a step indicator and Back / Next; on wider screens every section shows at once (why: features/cart/README.md). Either way the total (with the
 * discounts, in both currencies where the venue shows two) stays in a sticky footer with the send button.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { useOrderForm } from '../hooks/use-order-form.ts';
import { useOrderSteps } from '../hooks/use-order-steps.ts';
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
import { StepIndicator } from './order-form/step-indicator.tsx';
import s from './order-form/order-form.module.css';
import f from './guest-fields.module.css';

/** The phone layout of the modal (modal.module.css's sheet breakpoint). */
const PHONE = '(max-width: 35.99rem)';

export function OrderModal({ ctx, onClose }: { ctx: CartContext; onClose: () => void }) {
  const { t } = useTranslation();
  const m = useOrderForm(ctx);
  const stepped = useMediaQuery(PHONE);
  const st = useOrderSteps(m, stepped);
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

  const onSubmit = (e: FormEvent) => {
    // Next, or Enter in a field of an earlier step: on to the next step, never sends.
    if (!st.isLast) {
      e.preventDefault();
      void st.next();
      return;
    }
    void m.form.handleSubmit(m.onValid, (errors) => {
      m.onInvalid(errors);
      st.showError(errors);
    })(e);
  };
  const discounts = view.total.discounts.total;

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
        <form
          id={m.formId}
          className={`stack order-form ${s.form} ${f.fields}`}
          noValidate
          onSubmit={onSubmit}
        >
          {stepped && st.steps.length > 1 && (
            <StepIndicator steps={st.steps} current={st.index} headingRef={st.headingRef} />
          )}
          {st.show('how') && (
            <>
              <OrderTypeSection m={m} />
              {type === ORDER_TYPES.PREORDER && m.pickupPlaces.length > 0 && <PickupPlaceSection m={m} />}
              {type != null && type !== ORDER_TYPES.SPOT && <OrderTimeSection m={m} />}
            </>
          )}
          {st.show('details') && (
            <>
              {type != null && type !== ORDER_TYPES.SPOT && <ContactSection m={m} />}
              {type === ORDER_TYPES.DELIVERY && <AddressSection m={m} />}
              {type === ORDER_TYPES.ROOM && <RoomSection m={m} />}
            </>
          )}
          {st.show('pay') && (
            <>
              {stepped && st.steps.length === 1 && <OrderTypeSection m={m} />}
              {type != null && type !== ORDER_TYPES.SPOT && m.offeredPayments.length > 0 && (
                <PaymentSection m={m} />
              )}
              {m.cutleryOn && <CutlerySection m={m} />}
              {m.promoVisible && type != null && type !== ORDER_TYPES.SPOT && <PromoSection m={m} />}
              <AgreementsSection m={m} />
              {type != null && <OrderSummary view={view} currency={currency} lang={lang} />}
            </>
          )}

          {submitter.error && (
            <p role="alert" className="alert" data-testid="order-error">
              {submitter.error}
            </p>
          )}
          <div className={s.footer} data-testid="order-footer">
            {!empty && (
              <p className={s.total}>
                <span>
                  {t('cart.total')}
                  {discounts > 0 && (
                    <small className={s.saved}>
                      {' '}
                      {t('cart.steps.withDiscount')}{' '}
                      <Price amount={discounts} currency={currency} lang={lang} negative />
                    </small>
                  )}
                </span>
                <strong data-testid="order-footer-total">
                  <Price amount={view.total.total} currency={currency} lang={lang} />
                </strong>
              </p>
            )}
            <div className={s.actions}>
              {stepped && st.index > 0 && (
                <button type="button" className="button button-secondary" onClick={st.back}>
                  {t('cart.steps.back')}
                </button>
              )}
              {st.isLast ? (
                <button type="submit" className="button" disabled={submitter.loading || empty}>
                  {/* The total is the footer's line above: a second currency in the button's own colour was
                      unreadable (contrast.spec, the payment step). */}
                  {submitter.loading ? t('cart.sending') : t('cart.send')}
                </button>
              ) : (
                // The form's default button: Enter in a field goes on to the next step (onSubmit).
                <button type="submit" className="button">
                  {t('cart.steps.next')}
                </button>
              )}
            </div>
          </div>
        </form>
      )}
    </Modal>
  );
}
