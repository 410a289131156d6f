/**
 * Order modal (spec §2, §3 order form, §5): the order-type choice among the place's offered types (a table or room
 * session fixes it), each type's fields, required as the domain's validateOrderForm says, the displayed breakdown,
 * promo code, e-mail, agreements, and the submission of spec §4 with the §8 reactions. Lazily loaded with
 * react-hook-form; the map picker is a further chunk (Leaflet).
 */
import { paymentMethodsFor, paymentRequiresLogin } from '@trapeza/domain/pricing/fees';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import { orderTypeChoices, type OrderType } from '@trapeza/domain/order-status';
import { cutleryOptionOn, parseFlag } from '@trapeza/domain/settings';
import { cartItemCount, cartLines } from '@trapeza/domain/cart';
import type { PromoResult } from '@trapeza/domain/pricing/promo';
import { formatPrice } from '@trapeza/domain/money';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { translateField } from '@trapeza/domain/i18n';
import { orderDayChoices, type OrderDayChoice } from '@trapeza/domain/order-time';
import { Modal } from '../../../components/ui/modal.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { translatedText } from '../../../lib/ui-settings.ts';
import { useCartStore, useCartUiStore } from '../../../stores/cart-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import { checkPromoCode, pickupPlacesQueryOptions } from '../api/orders.ts';
import { useOrderTotal } from '../hooks/use-order-total.ts';
import { useSubmitOrder } from '../hooks/use-submit-order.ts';
import type { CartContext } from '../hooks/use-cart-context.ts';
import {
  buildOrderRequest,
  checkOrderForm,
  EMPTY_ORDER_FORM,
  FIELD_OF_CODE,
  FIELD_OF_PAYLOAD,
  type OrderFormRulesInput,
  type OrderFormValues,
} from '../lib/order-form.ts';
import { deviceId } from '../lib/device.ts';
import { openLogin } from '../lib/open-login.ts';
import { clearOrderDraft, peekOrderDraft, saveOrderDraft } from '../lib/order-draft.ts';
import { orderingClosedText } from '../lib/ordering-window.ts';
import { useSavedAddresses } from '../../account/hooks/use-saved-addresses.ts';
import { OrderSummary } from './order-summary.tsx';
import { EpayCardChoice } from './epay-card-choice.tsx';
import { usePhonePattern } from '../../../hooks/use-phone-pattern.ts';
import { trackingPath } from '../../order-tracking/tracked-orders.ts';

const MapPicker = lazy(() => import('./map-picker.tsx').then((m) => ({ default: m.MapPicker })));

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** A day choice's label in the guest's language: short weekday and date ('Tue, 03.03'). */
function dayLabel(c: OrderDayChoice, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(c.day.year, c.day.month - 1, c.day.day));
}

export function OrderModal({ ctx, onClose }: { ctx: CartContext; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const { venue, raw, tableSession } = ctx;
  const { settings, lang, currency } = venue;
  const cart = useCartStore((s) => s.cart);
  const comments = useCartStore((s) => s.comments);
  const orderComment = useCartStore((s) => s.orderComment);
  const loggedIn = useSessionStore((s) => s.authToken != null);
  const profile = useAccountStore((s) => s.user);
  // The form kept across the login detour (issue 24 #4), taken back once.
  const [draft] = useState(() => peekOrderDraft(venue.place));
  useEffect(() => {
    if (draft) clearOrderDraft();
  }, [draft]);
  const submitter = useSubmitOrder(ctx);
  // Epay: the saved One Touch card to charge, null for a new card (issue 7).
  const [instrument, setInstrument] = useState<number | null>(
    () => draft?.instrument ?? useAccountStore.getState().paymentInstruments[0]?.id ?? null,
  );

  const offered = useMemo(
    () =>
      orderTypeChoices(
        tableSession ? tableSession.ordertype : null,
        venue.info.ordertypes.map((o) => o.type),
      ),
    [tableSession, venue.info.ordertypes],
  );

  // Pickup venue picker (type 3): the client's places offering pickup; one is required when there are several.
  const pickupOffered = offered.includes(3);
  const pickupPlaces =
    useQuery({ ...pickupPlacesQueryOptions(venue.place), enabled: pickupOffered }).data ?? [];
  // Promo preview (POST promo-codes/check); the order call checks the code again.
  const [promo, setPromo] = useState<{ result: PromoResult; eligible: number[] | null } | null>(
    () => draft?.promo ?? null,
  );
  const [promoState, setPromoState] = useState<{ checking: boolean; error: string | null }>({
    checking: false,
    error: null,
  });

  const paymentTypes = venue.ui.about.paymentTypes;
  // Saved addresses (spec §3 `{product}_user_addresses`): the accounts feature's store, offered and filled here.
  const { addresses: saved, save: saveAddress } = useSavedAddresses(venue.info.id);
  const [keepAddress, setKeepAddress] = useState(false);
  const phonePattern = usePhonePattern(settings.validate_phone_number_regex);
  const rules: OrderFormRulesInput = {
    phonePattern,
    required_delivery_pickup_times: settings.required_delivery_pickup_times,
    cutleryOptionOn: false,
    regionsEnabled: false,
    pickupPlacesEnabled: false,
    roomAdditionalOrderTypes: settings.room_additional_order_types,
    tokenRoomNumber: tableSession?.room_number ?? null,
    loggedIn,
    agreement_terms_required: settings.agreement_terms_required,
    agreement_privacy_required: settings.agreement_privacy_required,
    agreement_combined: settings.agreement_combined,
  };
  const rulesFor = (v: OrderFormValues): OrderFormRulesInput => {
    const type = Number(v.orderType) as OrderType;
    return {
      ...rules,
      cutleryOptionOn: cutleryOptionOn(settings, type),
      // Regions are one of three zone kinds: required only when no map pin names the zone (as the server does).
      regionsEnabled: venue.info.regions.length > 0 && (v.lat === null || v.lng === null),
      pickupPlacesEnabled: pickupPlaces.length > 1,
    };
  };

  const resolver: Resolver<OrderFormValues> = (values) => {
    const errors: FieldErrors<OrderFormValues> = {};
    if (!values.orderType) {
      errors.orderType = { type: 'order_type_required', message: 'order_type_required' };
      return { values: {}, errors };
    }
    const codes = checkOrderForm(
      values,
      Number(values.orderType) as OrderType,
      rulesFor(values),
      orderComment,
    );
    for (const code of codes) {
      const field = FIELD_OF_CODE[code];
      if (!errors[field]) errors[field] = { type: code, message: code };
    }
    return codes.length > 0 ? { values: {}, errors } : { values, errors: {} };
  };

  const form = useForm<OrderFormValues>({
    defaultValues: draft
      ? { ...EMPTY_ORDER_FORM, ...draft.values }
      : {
          ...EMPTY_ORDER_FORM,
          orderType: offered.length === 1 ? String(offered[0]) : '',
          roomNumber: tableSession?.room_number ?? '',
        },
    resolver,
  });
  const { register, handleSubmit, setValue, setError, formState, control } = form;
  const keepDraft = () => saveOrderDraft({ place: venue.place, values: form.getValues(), promo, instrument });
  // Signed in (now or after the detour): the profile fills what the guest has not typed (issue 24 #4).
  useEffect(() => {
    if (!profile) return;
    const fill = (name: 'name' | 'phone' | 'email', value: string | null | undefined) => {
      if (value && !form.getValues(name).trim()) setValue(name, value);
    };
    fill('name', `${profile.first_name} ${profile.last_name}`.trim());
    fill('phone', profile.phone);
    fill('email', profile.email);
  }, [profile, form, setValue]);
  const values = { ...EMPTY_ORDER_FORM, ...useWatch({ control }) } as OrderFormValues;
  const type = values.orderType ? (Number(values.orderType) as OrderType) : null;
  // Only what the venue offers for the chosen order type (the server refuses anything else); billing to a room
  // only with that room's session (its QR scanned).
  const offeredPayments =
    type != null
      ? paymentMethodsFor(paymentTypes, type, venue.info.functionality_modules, {
          roomSession: Boolean(tableSession?.room_number),
        })
      : [];
  const cutleryOn = type != null && cutleryOptionOn(settings, type);
  const pin = values.lat != null && values.lng != null ? { lat: values.lat, lng: values.lng } : null;
  const regionId = values.regionId === '' ? null : Number(values.regionId);
  const view = useOrderTotal(ctx, cart, {
    orderType: type ?? 1,
    regionId,
    pin,
    cutleryCount: values.cutlery === 'yes' ? values.cutleryCount : 0,
    paymentMethod: values.paymentMethod || null,
    promo: values.promoApplied ? promo : null,
  });
  const [sentDiscount, setSentDiscount] = useState(0);

  // A single pickup venue is chosen for the guest.
  const onlyPickupPlace = pickupPlaces.length === 1 ? pickupPlaces[0]!.id : null;
  useEffect(() => {
    if (onlyPickupPlace !== null) setValue('pickupPlaceId', String(onlyPickupPlace));
  }, [onlyPickupPlace, setValue]);

  const applyPromo = async () => {
    const code = values.promoInput.trim().toUpperCase();
    if (!code) return;
    setPromoState({ checking: true, error: null });
    try {
      const answer = await checkPromoCode(venue.place, {
        code,
        products: cartLines(cart).map((l) => ({ product_id: l.product_id })),
      });
      if (!answer.found) {
        setPromoState({ checking: false, error: t('cart.errors.invalid_promo_code') });
        return;
      }
      const { eligible_product_ids: eligible, ...result } = answer;
      setPromo({ result, eligible });
      setValue('promoApplied', code);
      setPromoState({ checking: false, error: null });
    } catch {
      setPromoState({ checking: false, error: t('cart.promoFailed') });
    }
  };

  // A server validation answer marks its fields.
  useEffect(() => {
    for (const e of submitter.fieldErrors) {
      const field = FIELD_OF_PAYLOAD[e.field];
      if (field) setError(field, { type: e.code, message: e.code });
    }
  }, [submitter.fieldErrors, setError]);

  const closed = orderingClosedText(settings, raw, lang, t);
  const mayBeLate = translatedText(raw, lang, 'orders_may_be_late');
  // Open days and their times in the venue's time zone (domain rule, the same the server checks).
  const dayChoices = useMemo(() => orderDayChoices(settings, new Date()), [settings]);
  const promoVisible = settings.promocode_visible;
  const emailVisible = parseFlag(raw.order_email_visible, false);
  const errorText = (name: keyof OrderFormValues) => {
    const e = formState.errors[name];
    return e?.message ? t(`cart.validation.${e.message}`) : null;
  };
  const fieldProps = (name: keyof OrderFormValues) => {
    const err = errorText(name);
    return {
      id: `${formId}-${name}`,
      'aria-invalid': err ? true : undefined,
      'aria-describedby': err ? `${formId}-${name}-error` : undefined,
    };
  };
  const errorOf = (name: keyof OrderFormValues) => {
    const err = errorText(name);
    return err ? (
      <small id={`${formId}-${name}-error`} className="field-error">
        {err}
      </small>
    ) : null;
  };
  const text = (
    name: keyof OrderFormValues,
    label: string,
    opts: { type?: string; autoComplete?: string } = {},
  ) => (
    <div className="field">
      <label htmlFor={`${formId}-${name}`}>{label}</label>
      <input
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete}
        {...fieldProps(name)}
        {...register(name)}
      />
      {errorOf(name)}
    </div>
  );

  const onValid = (v: OrderFormValues) => {
    if (type == null) return;
    const request = buildOrderRequest(v, type, {
      cart,
      comments,
      orderComment,
      token: tableSession?.token ?? ctx.token?.token ?? null,
      tokenRoomNumber: tableSession?.room_number ?? null,
      cutleryOn,
      deviceId: deviceId(),
      deliveryZone: view.total.deliveryZone,
    });
    // "Save this address" (logged-in guests): kept with the valid form, whatever the server then answers.
    if (type === 2 && loggedIn && keepAddress && v.street.trim()) {
      saveAddress({
        street: v.street.trim(),
        number: v.number.trim(),
        floor: v.floor.trim(),
        apartment: v.apartment.trim(),
        bell: v.bell.trim(),
        entrance: v.entrance.trim(),
        postalCode: v.postalCode.trim(),
        regionId: v.regionId === '' ? null : Number(v.regionId),
        lat: v.lat,
        lng: v.lng,
      });
    }
    // The discounts as sent, for the answer (the cart, and with it the computed view, is emptied on success).
    setSentDiscount(view.total.discounts.total);
    void submitter.submit(request, v.paymentMethod === 'epay' ? { instrument } : undefined, keepDraft);
  };

  // Spec §5: online payment without login → the message and the login modal.
  const onInvalid = (errors: FieldErrors<OrderFormValues>) => {
    if (errors.paymentMethod?.message === 'online_payment_requires_login') openLogin(keepDraft);
  };

  if (submitter.success) {
    // Closing the answer closes the cart too: the emptied cart behind it has nothing left to show.
    const closeAll = () => {
      onClose();
      useCartUiStore.getState().closeCart();
    };
    return (
      <Modal open title={t('cart.orderTitle')} onClose={closeAll}>
        <div className="stack" role="status">
          <p className="lead">{submitter.success.message}</p>
          <p>
            {t('cart.orderNumber')}:{' '}
            <strong data-testid="order-number">
              {orderNumberLabel(submitter.success.number, submitter.success.key)}
            </strong>
          </p>
          {sentDiscount > 0 && (
            <p>
              {t('cart.discounts')}:{' '}
              <span data-testid="order-answer-discount">
                <Price amount={sentDiscount} currency={currency} lang={lang} negative />
              </span>
            </p>
          )}
          <p>
            {t('cart.total')}:{' '}
            <strong data-testid="order-answer-total">
              <Price amount={submitter.success.totalPrice} currency={currency} lang={lang} />
            </strong>
          </p>
          {submitter.success.trackingToken && (
            <Link
              className="button button-secondary"
              to={trackingPath(venue.place, submitter.success.trackingToken)}
              onClick={closeAll}
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
      </Modal>
    );
  }

  const empty = cartItemCount(cart) === 0;
  const shapes = venue.info.ordertypes.find((o) => o.type === 2)?.delivery_shapes ?? [];
  const venuePoint =
    venue.info.lat != null && venue.info.lng != null ? { lat: venue.info.lat, lng: venue.info.lng } : null;

  return (
    <Modal open title={t('cart.orderTitle')} onClose={onClose} wide>
      {closed ? (
        <p role="alert" className="alert">
          {closed}
        </p>
      ) : offered.length === 0 ? (
        <p role="alert" className="alert">
          {t('cart.noOrderTypes')}
        </p>
      ) : (
        <form id={formId} className="stack order-form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
          {offered.length > 1 ? (
            <fieldset className="fieldset">
              <legend>{t('cart.orderType')}</legend>
              {offered.map((o) => (
                <label key={o} className="choice">
                  <input type="radio" value={String(o)} {...register('orderType')} />
                  <span>{t(`cart.types.${o}`)}</span>
                </label>
              ))}
              {errorOf('orderType')}
            </fieldset>
          ) : (
            type != null && (
              <p className="muted">
                {t(`cart.types.${type}`)}
                {tableSession?.room_number
                  ? ` – ${t('cart.room', { room: tableSession.room_number })}`
                  : tableSession?.table
                    ? ` – ${t('cart.table', { table: tableSession.table })}`
                    : ''}
              </p>
            )
          )}

          {type != null && type !== 1 && (
            <>
              {text('name', t('cart.fields.name'), { autoComplete: 'name' })}
              {text('phone', t('cart.fields.phone'), { type: 'tel', autoComplete: 'tel' })}
              {emailVisible &&
                text('email', t('cart.fields.email'), { type: 'email', autoComplete: 'email' })}
            </>
          )}

          {type === 2 && (
            <fieldset className="fieldset">
              <legend>{t('cart.fields.address')}</legend>
              {saved.length > 0 && (
                <div className="field">
                  <label htmlFor={`${formId}-saved`}>{t('cart.fields.savedAddress')}</label>
                  <select
                    id={`${formId}-saved`}
                    defaultValue=""
                    onChange={(e) => {
                      const a = saved.find((x) => x.id === e.target.value);
                      if (!a) return;
                      const keys = [
                        'street',
                        'number',
                        'floor',
                        'apartment',
                        'bell',
                        'entrance',
                        'postalCode',
                      ] as const;
                      for (const k of keys) setValue(k, a[k] ?? '');
                      setValue('regionId', a.regionId != null ? String(a.regionId) : '');
                      setValue('lat', a.lat ?? null);
                      setValue('lng', a.lng ?? null);
                    }}
                  >
                    <option value="">—</option>
                    {saved.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.label || [a.street, a.number].filter(Boolean).join(' ')}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              {text('street', t('cart.fields.street'), { autoComplete: 'address-line1' })}
              <div className="field-row">
                {text('number', t('cart.fields.number'))}
                {text('entrance', t('cart.fields.entrance'))}
                {text('floor', t('cart.fields.floor'))}
                {text('apartment', t('cart.fields.apartment'))}
                {text('bell', t('cart.fields.bell'))}
                {text('postalCode', t('cart.fields.postalCode'), { autoComplete: 'postal-code' })}
              </div>
              {text('addressDetails', t('cart.fields.addressDetails'))}
              {loggedIn && (
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={keepAddress}
                    onChange={(e) => setKeepAddress(e.target.checked)}
                    data-testid="save-address"
                  />
                  <span>{t('cart.fields.saveAddress')}</span>
                </label>
              )}
              {venue.info.regions.length > 0 && (
                <div className="field">
                  <label htmlFor={`${formId}-regionId`}>{t('cart.fields.region')}</label>
                  <select {...fieldProps('regionId')} {...register('regionId')}>
                    <option value="">{pin ? t('cart.fields.regionByPin') : '—'}</option>
                    {venue.info.regions.map((r) => (
                      <option key={r.id} value={r.id}>
                        {translateField(r, 'name', lang)} (
                        {formatPrice(r.delivery_price, currency, lang).primary})
                      </option>
                    ))}
                  </select>
                  {errorOf('regionId')}
                </div>
              )}
              <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
                <MapPicker
                  center={pin ?? venuePoint ?? { lat: 42.6977, lng: 23.3219 }}
                  pin={pin}
                  shapes={shapes}
                  tileUrl={translatedText(raw, 'bg', 'map_tile_url') ?? DEFAULT_TILE_URL}
                  label={t('cart.mapLabel')}
                  onPin={(p) => {
                    setValue('lat', p.lat);
                    setValue('lng', p.lng);
                    setValue('regionId', '');
                  }}
                />
              </Suspense>
              <p className="muted" role="status" data-testid="delivery-zone">
                {view.zone
                  ? t('cart.deliveryZone', {
                      price: formatPrice(view.zone.delivery_price, currency, lang).primary,
                    })
                  : pin || regionId != null
                    ? t('cart.outsideZones')
                    : t('cart.placePin')}
                {view.zone?.free_from != null &&
                  ` ${t('cart.freeDeliveryFromText', { price: formatPrice(view.zone.free_from, currency, lang).primary })}`}
              </p>
              {view.total.missingForMinimalOrder > 0 && (
                <p className="alert">
                  {t('cart.minimalOrder', {
                    price: formatPrice(settings.minimal_order_price, currency, lang).primary,
                    missing: formatPrice(view.total.missingForMinimalOrder, currency, lang).primary,
                  })}
                </p>
              )}
            </fieldset>
          )}

          {type === 6 && (
            <>
              {tableSession?.room_number ? (
                <p>{t('cart.room', { room: tableSession.room_number })}</p>
              ) : (
                text('roomNumber', t('cart.fields.roomNumber'))
              )}
              {settings.room_additional_order_types.length > 0 && (
                <div className="field">
                  <label htmlFor={`${formId}-additionalOrderType`}>
                    {t('cart.fields.additionalOrderType')}
                  </label>
                  <select {...fieldProps('additionalOrderType')} {...register('additionalOrderType')}>
                    <option value="">—</option>
                    {settings.room_additional_order_types.map((o) => (
                      <option key={o} value={o}>
                        {t(`cart.additionalTypes.${o}`, { defaultValue: o })}
                      </option>
                    ))}
                  </select>
                  {errorOf('additionalOrderType')}
                </div>
              )}
            </>
          )}

          {type === 3 && pickupPlaces.length > 0 && (
            <fieldset className="fieldset" aria-describedby={`${formId}-pickupPlaceId-error`}>
              <legend>{t('cart.fields.pickupPlace')}</legend>
              {pickupPlaces.map((p) => (
                <label key={p.id} className="choice">
                  <input type="radio" value={String(p.id)} {...register('pickupPlaceId')} />
                  <span>
                    {translateField(p, 'name', lang) || p.name}
                    {p.address ? <small className="muted"> – {p.address}</small> : null}
                  </span>
                </label>
              ))}
              {errorOf('pickupPlaceId')}
            </fieldset>
          )}

          {type != null && type !== 1 && (
            <fieldset className="fieldset">
              <legend>{type === 2 ? t('cart.fields.deliveryTime') : t('cart.fields.pickupTime')}</legend>
              <label className="choice">
                <input type="radio" value="asap" {...register('timeMode')} />
                <span>{t('cart.fields.asap')}</span>
              </label>
              <label className="choice">
                <input type="radio" value="exact" {...register('timeMode')} />
                <span>{t('cart.fields.exactTime')}</span>
              </label>
              {values.timeMode === 'exact' && (
                <div className="field-row">
                  <div className="field">
                    <label htmlFor={`${formId}-orderDate`}>{t('cart.fields.orderDate')}</label>
                    <select {...fieldProps('orderDate')} {...register('orderDate')}>
                      <option value="">—</option>
                      {dayChoices.map((d) => (
                        <option key={d.value} value={d.value}>
                          {dayLabel(d, lang)}
                        </option>
                      ))}
                    </select>
                    {errorOf('orderDate')}
                  </div>
                  <div className="field">
                    <label htmlFor={`${formId}-orderTime`}>{t('cart.fields.orderTime')}</label>
                    <select {...fieldProps('orderTime')} {...register('orderTime')}>
                      <option value="">—</option>
                      {(dayChoices.find((d) => d.value === values.orderDate)?.times ?? []).map((time) => (
                        <option key={time} value={time}>
                          {time}
                        </option>
                      ))}
                    </select>
                    {errorOf('orderTime')}
                  </div>
                </div>
              )}
              {mayBeLate && type === 2 && <p className="muted">{mayBeLate}</p>}
            </fieldset>
          )}

          {type != null && type !== 1 && offeredPayments.length > 0 && (
            <fieldset className="fieldset" aria-describedby={`${formId}-paymentMethod-error`}>
              <legend>{t('cart.fields.paymentMethod')}</legend>
              {offeredPayments.map((m) => (
                <label key={m} className="choice">
                  <input type="radio" value={m} {...register('paymentMethod')} />
                  <span>{t(`cart.payment.${m}`, { defaultValue: m })}</span>
                </label>
              ))}
              {errorOf('paymentMethod')}
              {values.paymentMethod === 'epay' && loggedIn && (
                <EpayCardChoice value={instrument} onChange={setInstrument} />
              )}
              {!loggedIn && values.paymentMethod && paymentRequiresLogin(values.paymentMethod) && (
                // Said before "send" (issue 24 #4): online payment needs an account; the form is kept meanwhile.
                <div className="stack" data-testid="online-needs-account">
                  {formState.errors.paymentMethod?.message !== 'online_payment_requires_login' && (
                    <p className="muted">{t('cart.onlineNeedsAccount')}</p>
                  )}
                  <p>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => openLogin(keepDraft)}
                    >
                      {t('cart.logIn')}
                    </button>
                  </p>
                </div>
              )}
            </fieldset>
          )}

          {cutleryOn && (
            <fieldset className="fieldset">
              <legend>{t('cart.fields.cutlery')}</legend>
              <label className="choice">
                <input type="radio" value="yes" {...register('cutlery')} />
                <span>{t('cart.fields.cutleryYes')}</span>
              </label>
              <label className="choice">
                <input type="radio" value="no" {...register('cutlery')} />
                <span>{t('cart.fields.cutleryNo')}</span>
              </label>
              {values.cutlery === 'yes' && (
                <div className="field">
                  <label htmlFor={`${formId}-cutleryCount`}>{t('cart.fields.cutleryCount')}</label>
                  <input
                    id={`${formId}-cutleryCount`}
                    type="number"
                    min={1}
                    max={100}
                    {...register('cutleryCount', { valueAsNumber: true })}
                  />
                </div>
              )}
              {errorOf('cutlery')}
            </fieldset>
          )}

          {promoVisible && type != null && type !== 1 && (
            <div className="field">
              <label htmlFor={`${formId}-promoInput`}>{t('cart.fields.promo')}</label>
              {values.promoApplied ? (
                <p>
                  {t('cart.promoApplied', { code: values.promoApplied })}{' '}
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => {
                      setValue('promoApplied', '');
                      setPromo(null);
                    }}
                  >
                    {t('cart.remove')}
                  </button>
                </p>
              ) : (
                <div className="field-row">
                  <input
                    id={`${formId}-promoInput`}
                    aria-invalid={promoState.error ? true : undefined}
                    aria-describedby={promoState.error ? `${formId}-promo-error` : undefined}
                    {...register('promoInput')}
                  />
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => void applyPromo()}
                    disabled={values.promoInput.trim() === '' || promoState.checking}
                  >
                    {promoState.checking ? t('cart.promoChecking') : t('cart.applyPromo')}
                  </button>
                </div>
              )}
              {promoState.error && (
                <small id={`${formId}-promo-error`} className="field-error" role="alert">
                  {promoState.error}
                </small>
              )}
            </div>
          )}

          {(settings.agreement_terms_required || settings.agreement_privacy_required) &&
            (settings.agreement_combined ? (
              <label className="choice">
                <input type="checkbox" {...fieldProps('agreeCombined')} {...register('agreeCombined')} />
                <span>
                  {t('cart.agreeBefore')} <Link to={`/${venue.place}/terms`}>{t('cart.terms')}</Link>{' '}
                  {t('cart.and')} <Link to={`/${venue.place}/privacy-policy`}>{t('cart.privacy')}</Link>
                </span>
              </label>
            ) : (
              <>
                {settings.agreement_terms_required && (
                  <label className="choice">
                    <input type="checkbox" {...fieldProps('agreeTerms')} {...register('agreeTerms')} />
                    <span>
                      {t('cart.agreeBefore')} <Link to={`/${venue.place}/terms`}>{t('cart.terms')}</Link>
                    </span>
                  </label>
                )}
                {settings.agreement_privacy_required && (
                  <label className="choice">
                    <input type="checkbox" {...fieldProps('agreePrivacy')} {...register('agreePrivacy')} />
                    <span>
                      {t('cart.agreeBefore')}{' '}
                      <Link to={`/${venue.place}/privacy-policy`}>{t('cart.privacy')}</Link>
                    </span>
                  </label>
                )}
              </>
            ))}
          {errorOf('agreeCombined')}
          {errorOf('agreeTerms')}
          {errorOf('agreePrivacy')}

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
