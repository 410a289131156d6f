/**
 * The order form's state (spec §3 order form, §5): the offered order types (a table or room session fixes one),
 * react-hook-form with the domain's check as its resolver, the login-detour draft, the promo preview, the pickup
 * places, the saved addresses, the displayed total and the submission with its §8 reactions. The form's sections
 * (components/order-form/) read and write through the model this hook returns.
 */
import { paymentMethodsFor } from '@trapeza/domain/pricing/fees';
import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { orderTypeChoices, type OrderType, ORDER_TYPES } from '@trapeza/domain/order-status';
import { cutleryOptionOn, parseFlag } from '@trapeza/domain/settings';
import { cartItemCount, cartLines } from '@trapeza/domain/cart';
import type { PromoResult } from '@trapeza/domain/pricing/promo';
import { orderDayChoices } from '@trapeza/domain/order-time';
import { translatedText } from '../../../lib/ui-settings.ts';
import { useCartStore } from '../../../stores/cart-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import { checkPromoCode, pickupPlacesQueryOptions } from '../api/orders.ts';
import { useOrderTotal } from './use-order-total.ts';
import { useSubmitOrder } from './use-submit-order.ts';
import type { CartContext } from './use-cart-context.ts';
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
import { usePhonePattern } from '../../../hooks/use-phone-pattern.ts';

export type OrderFormModel = ReturnType<typeof useOrderForm>;

export function useOrderForm(ctx: CartContext) {
  const { t } = useTranslation();
  const formId = useId();
  const { venue, raw, tableSession } = ctx;
  const { settings, lang } = venue;
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
  const { setValue, setError, formState, control } = form;
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
          // The server refuses a card payment in a currency no provider takes (a CHF venue): not offered.
          currency: venue.currency.code,
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
  const removePromo = () => {
    setValue('promoApplied', '');
    setPromo(null);
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
    if (type === ORDER_TYPES.DELIVERY && loggedIn && keepAddress && v.street.trim()) {
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

  return {
    ctx,
    formId,
    form,
    values,
    type,
    offered,
    offeredPayments,
    cutleryOn,
    pin,
    regionId,
    view,
    loggedIn,
    pickupPlaces,
    saved,
    keepAddress,
    setKeepAddress,
    instrument,
    setInstrument,
    promoState,
    applyPromo,
    removePromo,
    keepDraft,
    submitter,
    sentDiscount,
    closed,
    mayBeLate,
    dayChoices,
    promoVisible,
    emailVisible,
    empty: cartItemCount(cart) === 0,
    errorText,
    fieldProps,
    onValid,
    onInvalid,
  };
}
