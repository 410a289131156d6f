/**
 * The order form's steps on a phone (issue 21 #3): (1) how & when — order type, pickup venue, time; (2) your
 * details — name, phone, e-mail, address and map, room; (3) payment & confirm — payment, cutlery, promo,
 * agreements, summary. A step with nothing to ask is left out (a table order is the last step alone). Next checks
 * only the step's own fields; a refusal found later (at send, or by the server) brings the guest back to the step
 * holding the field, and the field takes the focus.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { FIELD_OF_PAYLOAD, type OrderFormValues } from '../lib/order-form.ts';
import type { OrderFormModel } from './use-order-form.ts';

export type OrderStep = 'how' | 'details' | 'pay';

const STEP_FIELDS: Record<OrderStep, (keyof OrderFormValues)[]> = {
  how: ['orderType', 'pickupPlaceId', 'timeMode', 'orderDate', 'orderTime'],
  details: [
    'name',
    'phone',
    'email',
    'street',
    'number',
    'floor',
    'apartment',
    'bell',
    'entrance',
    'postalCode',
    'addressDetails',
    'regionId',
    'lat',
    'lng',
    'roomNumber',
    'additionalOrderType',
  ],
  pay: [
    'paymentMethod',
    'cutlery',
    'cutleryCount',
    'promoInput',
    'promoApplied',
    'agreeCombined',
    'agreeTerms',
    'agreePrivacy',
  ],
};

export function stepOf(field: keyof OrderFormValues): OrderStep {
  return STEP_FIELDS.how.includes(field) ? 'how' : STEP_FIELDS.details.includes(field) ? 'details' : 'pay';
}

/** The steps with something to ask for the chosen order type (all three while none is chosen). */
export function stepsFor(m: Pick<OrderFormModel, 'type' | 'offered'>): OrderStep[] {
  const { type, offered } = m;
  const how = offered.length > 1 || (type != null && type !== ORDER_TYPES.SPOT);
  const details = type !== ORDER_TYPES.SPOT;
  return [...(how ? (['how'] as const) : []), ...(details ? (['details'] as const) : []), 'pay'];
}

const fieldsOrder = [...STEP_FIELDS.how, ...STEP_FIELDS.details, ...STEP_FIELDS.pay];

function firstError(errors: FieldErrors<OrderFormValues>): keyof OrderFormValues | null {
  return fieldsOrder.find((f) => errors[f]) ?? null;
}

export function useOrderSteps(m: OrderFormModel, enabled: boolean) {
  const steps = stepsFor(m);
  const [chosen, setChosen] = useState<OrderStep>(steps[0]!);
  const current = steps.includes(chosen) ? chosen : steps[0]!;
  const index = steps.indexOf(current);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // What takes the focus once the step shows: its heading (a new step is announced) or a field with an error.
  // A new object per request, so the same target asked twice is focused twice.
  const [focusRequest, setFocusRequest] = useState<{ target: 'heading' | keyof OrderFormValues } | null>(
    null,
  );
  const { form } = m;
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'heading') headingRef.current?.focus();
    else form.setFocus(focusRequest.target);
  }, [focusRequest, form]);

  const show = useCallback((step: OrderStep) => !enabled || step === current, [enabled, current]);

  const goTo = (step: OrderStep, target: 'heading' | keyof OrderFormValues) => {
    setChosen(step);
    setFocusRequest({ target });
  };

  const next = async () => {
    const ok = await form.trigger(STEP_FIELDS[current], { shouldFocus: true });
    const following = steps[index + 1];
    if (ok && following) goTo(following, 'heading');
  };
  const back = () => {
    const previous = steps[index - 1];
    if (previous) goTo(previous, 'heading');
  };
  /** A refusal at send: to the step of the first field in error, which takes the focus. */
  const showError = (errors: FieldErrors<OrderFormValues>) => {
    const field = firstError(errors);
    if (enabled && field) goTo(stepOf(field), field);
  };

  // A server validation answer (its fields are marked by useOrderForm) brings the guest to the field: adjusted
  // while rendering, once per answer.
  const serverErrors = m.submitter.fieldErrors;
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  if (seenServerErrors !== serverErrors) {
    setSeenServerErrors(serverErrors);
    const field = serverErrors.map((e) => FIELD_OF_PAYLOAD[e.field]).find((f) => f !== undefined);
    if (enabled && field) goTo(stepOf(field), field);
  }

  return {
    steps,
    current,
    index,
    isLast: !enabled || index === steps.length - 1,
    headingRef,
    show,
    next,
    back,
    showError,
  };
}
