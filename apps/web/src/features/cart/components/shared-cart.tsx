/**
 * The table's shared cart (issue 19) in the cart tab: this phone's display name, every line with who added it
 * (others' private lines are not shown), +/− and remove on any shared line, and the Order button — whoever presses
 * first sends it, once; every phone then sees it sent. A change made meanwhile on another phone answers with the
 * current cart, which replaces what this phone showed. The venue's required agreements (terms, privacy) are ticked
 * here as in the order form; the sender gets the spot order's answer (success message, total, "see my orders"), and
 * a refusal of the order call shows its §8 text.
 */
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from '../../../components/link.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatPrice } from '@trapeza/domain/money';
import { GUEST_NAME_MAX } from '@trapeza/domain/table-bill';
import { validateAgreements } from '@trapeza/domain/validation';
import type { StoreTableCart, StoreTableGuest } from '@trapeza/domain/contracts/table-party';
import { Stepper } from '../../../components/ui/stepper.tsx';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCartStore, useCartUiStore } from '../../../stores/cart-store.ts';
import { changeTableLine, joinTable, sendTableCart, tableCartQueryOptions } from '../api/table-party.ts';
import type { CartContext } from '../hooks/use-cart-context.ts';
import { deviceId, setFlash } from '../lib/device.ts';
import { reactToOrderError } from '../lib/order-errors.ts';
import type { TableGuest } from '../lib/table-guest.ts';
import styles from './shared-cart.module.css';
import f from './guest-fields.module.css';

export function guestLabel(t: TFunction, g: StoreTableGuest | undefined) {
  if (!g) return '';
  return g.name ?? t('cart.party.guestN', { n: g.number });
}

export function SharedCart({
  ctx,
  session,
  guest,
  cart,
}: {
  ctx: CartContext;
  session: string;
  guest: TableGuest;
  cart: StoreTableCart;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { venue } = ctx;
  const place = venue.place;
  const key = tableCartQueryOptions(place, session, guest.key).queryKey;
  const me = cart.guests.find((g) => g.id === guest.id);
  const [name, setName] = useState(me?.name ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [success, setSuccess] = useState<{ totalPrice: number; key: string; number: number | null } | null>(
    null,
  );
  // The send button goes away with the form: the focus moves to the answer's next step, not to the page body.
  const afterSend = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (success) afterSend.current?.focus();
  }, [success]);
  const [agreed, setAgreed] = useState({ combined: false, terms: false, privacy: false });
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const agreementId = useId();
  const { settings } = venue;
  const byId = new Map(cart.guests.map((g) => [g.id, g]));
  const mine = (l: { guest_id: number }) => l.guest_id === guest.id;
  const total = cart.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);

  /** A refusal that carries the current cart replaces ours and says why. */
  const refused = (e: unknown) => {
    const body =
      e instanceof ApiRequestError
        ? (e.body as { cart?: StoreTableCart; message_trans?: string } | null)
        : null;
    if (body?.cart) qc.setQueryData(key, body.cart);
    setMessage(
      body?.cart ? t('cart.party.changedMeanwhile') : (body?.message_trans ?? t('cart.party.failed')),
    );
  };

  const run = async (work: () => Promise<StoreTableCart>) => {
    setBusy(true);
    setMessage(null);
    try {
      qc.setQueryData(key, await work());
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };

  const saveName = async () => {
    setMessage(null);
    try {
      await joinTable(place, session, { guest_key: guest.key, name });
      await qc.invalidateQueries({ queryKey: key });
      setMessage(t('cart.party.nameSaved'));
    } catch (e) {
      refused(e);
    }
  };

  const send = async () => {
    const missing = validateAgreements(agreed, settings)[0];
    setAgreementError(missing ? t(`cart.validation.${missing}`) : null);
    if (missing) return;
    setBusy(true);
    setMessage(null);
    setOrderError(null);
    try {
      const answer = await sendTableCart(
        place,
        session,
        { guest_key: guest.key, version: cart.version, userDeviceData: deviceId() },
        venue.lang,
      );
      qc.setQueryData(key, answer.cart);
      setSuccess({
        totalPrice: answer.order.totalPrice,
        key: answer.order.key,
        number: answer.order.number ?? null,
      });
      void qc.invalidateQueries({ queryKey: ['table-bill', place, session] });
      void qc.invalidateQueries({ queryKey: ['session-orders'] });
    } catch (e) {
      const body = e instanceof ApiRequestError ? (e.body as { cart?: StoreTableCart } | null) : null;
      if (body?.cart || !(e instanceof ApiRequestError)) refused(e);
      else {
        // The order call refused the table's cart (spec §8): its text; the local cart is not involved.
        const store = useCartStore.getState();
        setOrderError(
          reactToOrderError(e, t, {
            cart: store.cart,
            setCart: () => undefined,
            clearCart: () => undefined,
            reloadWithMessage: (text) => {
              setFlash(text);
              window.location.reload();
            },
            openLogin: () => undefined,
            sessionLost: () => undefined,
          }).message,
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const sentBy = cart.sent ? byId.get(cart.sent.guest_id ?? 0) : undefined;
  const sentLine = cart.sent && (
    <p role="status" data-testid="party-sent">
      {t('cart.party.sent', { name: guestLabel(t, sentBy) })}
    </p>
  );

  if (success) {
    return (
      <div className="stack" role="status" data-testid="shared-cart">
        <p className="lead">{t('cart.successDefault')}</p>
        {sentLine}
        <p>
          {t('cart.orderNumber')}:{' '}
          <strong data-testid="order-number">{orderNumberLabel(success.number, success.key)}</strong>
        </p>
        <p>
          {t('cart.total')}:{' '}
          <strong data-testid="order-answer-total">
            {formatPrice(success.totalPrice, venue.currency, venue.lang).primary}
          </strong>
        </p>
        <button
          ref={afterSend}
          type="button"
          className="button"
          onClick={() => {
            setSuccess(null);
            useCartUiStore.getState().openCart('orders');
          }}
        >
          {t('cart.seeMyOrders')}
        </button>
      </div>
    );
  }

  const needsTerms = settings.agreement_terms_required;
  const needsPrivacy = settings.agreement_privacy_required;
  const tick = (field: 'combined' | 'terms' | 'privacy', label: ReactNode) => (
    <ChoiceCard
      type="checkbox"
      id={`${agreementId}-${field}`}
      label={label}
      checked={agreed[field]}
      invalid={agreementError ? true : undefined}
      aria-describedby={agreementError ? `${agreementId}-error` : undefined}
      onChange={(e) => setAgreed((a) => ({ ...a, [field]: e.target.checked }))}
    />
  );
  const termsLink = <Link to={`/${place}/terms`}>{t('cart.terms')}</Link>;
  const privacyLink = <Link to={`/${place}/privacy-policy`}>{t('cart.privacy')}</Link>;

  return (
    <div className={`stack ${f.fields}`} data-testid="shared-cart">
      <form
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          void saveName();
        }}
      >
        <label htmlFor="party-name">{t('cart.party.yourName')}</label>
        <div className={`${f.inputRow} ${styles.nameRow}`}>
          <input
            id="party-name"
            value={name}
            maxLength={GUEST_NAME_MAX}
            placeholder={guestLabel(t, me ? { ...me, name: null } : undefined)}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="button button-secondary">
            {t('cart.party.saveName')}
          </button>
        </div>
      </form>
      <p className="muted">{t('cart.party.sharedHint', { count: cart.guests.length })}</p>
      {sentLine}
      {cart.lines.length === 0 ? (
        <p className="muted">{t('cart.empty')}</p>
      ) : (
        <ul className="stack" aria-label={t('cart.party.lines')}>
          {cart.lines.map((l) => (
            <li key={l.id} className="row" data-testid="party-line">
              <span>
                <strong>{l.name}</strong>
                {l.size ? ` /${l.size}/` : ''} ·{' '}
                {formatPrice(l.price * l.quantity, venue.currency, venue.lang).primary}
                <br />
                <small className="muted">
                  {t('cart.party.addedBy', { name: guestLabel(t, byId.get(l.guest_id)) })}
                  {l.private && !(mine(l) && cart.private_lines_allowed)
                    ? ` · ${t('cart.party.private')}`
                    : ''}
                </small>
                {mine(l) && cart.private_lines_allowed && (
                  <ChoiceCard
                    type="checkbox"
                    checked={!!l.private}
                    label={<span aria-hidden="true">{t('cart.party.private')}</span>}
                    disabled={busy || cart.sending}
                    aria-label={t('cart.party.privateOf', { name: l.name })}
                    onChange={(e) =>
                      void run(() =>
                        changeTableLine(place, session, l.id, {
                          guest_key: guest.key,
                          version: cart.version,
                          quantity: l.quantity,
                          private: e.target.checked ? 1 : 0,
                        }),
                      )
                    }
                  />
                )}
              </span>
              <Stepper
                label={t('cart.quantityOf', { name: l.name })}
                decreaseLabel={t('cart.decrease', { name: l.name })}
                increaseLabel={t('cart.increase', { name: l.name })}
                value={l.quantity}
                disabled={busy || cart.sending}
                onChange={(quantity) =>
                  void run(() =>
                    changeTableLine(place, session, l.id, {
                      guest_key: guest.key,
                      version: cart.version,
                      quantity,
                    }),
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      {cart.lines.length > 0 && (
        <p>
          {t('cart.party.approxTotal')}:{' '}
          <strong>{formatPrice(total, venue.currency, venue.lang).primary}</strong>
        </p>
      )}
      {cart.lines.length > 0 &&
        (needsTerms || needsPrivacy) &&
        (settings.agreement_combined ? (
          tick(
            'combined',
            <>
              {t('cart.agreeBefore')} {termsLink} {t('cart.and')} {privacyLink}
            </>,
          )
        ) : (
          <>
            {needsTerms &&
              tick(
                'terms',
                <>
                  {t('cart.agreeBefore')} {termsLink}
                </>,
              )}
            {needsPrivacy &&
              tick(
                'privacy',
                <>
                  {t('cart.agreeBefore')} {privacyLink}
                </>,
              )}
          </>
        ))}
      {agreementError && (
        <small id={`${agreementId}-error`} className="field-error">
          {agreementError}
        </small>
      )}
      {message && <p role="alert">{message}</p>}
      {orderError && (
        <p role="alert" className="alert" data-testid="order-error">
          {orderError}
        </p>
      )}
      {cart.sending && <p role="status">{t('cart.party.sending')}</p>}
      {/* While it sends the button stays focusable (aria-disabled, not disabled): a disabled button would drop the
          keyboard focus to the page body, and an error answer would leave the guest nowhere. */}
      <button
        type="button"
        className="button button-block"
        disabled={cart.lines.length === 0}
        aria-disabled={busy || cart.sending}
        onClick={() => {
          if (!busy && !cart.sending) void send();
        }}
      >
        {t('cart.party.sendForTable')}
      </button>
    </div>
  );
}
