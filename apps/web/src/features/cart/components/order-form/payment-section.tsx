/**
 * The payment method among those the venue offers for the order type, the ePay card choice, and, before "send",
 * the note that online payment needs an account with its Log in (issue 24 #4; the form is kept meanwhile).
 */
import { useTranslation } from 'react-i18next';
import { paymentRequiresLogin } from '@trapeza/domain/pricing/fees';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { openLogin } from '../../lib/open-login.ts';
import { EpayCardChoice } from '../epay-card-choice.tsx';
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';

export function PaymentSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { values, loggedIn } = m;
  return (
    <div className="stack">
      <ChoiceCardGroup legend={t('cart.fields.paymentMethod')} error={m.errorText('paymentMethod')}>
        {m.offeredPayments.map((method) => (
          <ChoiceCard
            key={method}
            value={method}
            label={t(`cart.payment.${method}`, { defaultValue: method })}
            {...m.form.register('paymentMethod')}
          />
        ))}
      </ChoiceCardGroup>
      {values.paymentMethod === 'epay' && loggedIn && (
        <EpayCardChoice value={m.instrument} onChange={m.setInstrument} />
      )}
      {!loggedIn && values.paymentMethod && paymentRequiresLogin(values.paymentMethod) && (
        <div className="stack" data-testid="online-needs-account">
          {m.form.formState.errors.paymentMethod?.message !== 'online_payment_requires_login' && (
            <p className="muted">{t('cart.onlineNeedsAccount')}</p>
          )}
          <p>
            <button type="button" className="button button-secondary" onClick={() => openLogin(m.keepDraft)}>
              {t('cart.logIn')}
            </button>
          </p>
        </div>
      )}
    </div>
  );
}
